package dev.toolfs.deployment;

import dev.toolfs.tools.CatalogTool;
import dev.toolfs.tools.ToolContext;
import dev.toolfs.tools.ToolExecutor;
import dev.toolfs.tools.ToolOutcome;

/** A tool that must fail the build (see the test that uses it). */
@CatalogTool(name = "configure", description = "Takes a map, which has no schema mapping.")
public class MapArgumentTool implements ToolExecutor<MapArgs> {
    @Override
    public ToolOutcome execute(MapArgs args, ToolContext context) {
        return ToolOutcome.text("x");
    }
}
