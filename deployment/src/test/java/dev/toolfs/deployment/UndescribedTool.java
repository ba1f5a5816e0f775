package dev.toolfs.deployment;

import dev.toolfs.tools.CatalogTool;
import dev.toolfs.tools.ToolContext;
import dev.toolfs.tools.ToolExecutor;
import dev.toolfs.tools.ToolOutcome;

/** A tool that must fail the build (see the test that uses it). */
@CatalogTool(name = "mystery", description = "  ")
public class UndescribedTool implements ToolExecutor<PathArgs> {
    @Override
    public ToolOutcome execute(PathArgs args, ToolContext context) {
        return ToolOutcome.text("x");
    }
}
