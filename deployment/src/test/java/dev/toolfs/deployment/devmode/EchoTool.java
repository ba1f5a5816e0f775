package dev.toolfs.deployment.devmode;

import dev.toolfs.tools.CatalogTool;
import dev.toolfs.tools.ToolContext;
import dev.toolfs.tools.ToolExecutor;
import dev.toolfs.tools.ToolOutcome;

@CatalogTool(name = "echo", description = "Echoes, first version.")
public class EchoTool implements ToolExecutor<EchoArgs> {
    @Override
    public ToolOutcome execute(EchoArgs args, ToolContext context) {
        return ToolOutcome.text(args.text());
    }
}
