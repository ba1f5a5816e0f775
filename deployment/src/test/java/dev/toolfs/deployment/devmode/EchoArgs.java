package dev.toolfs.deployment.devmode;

import dev.toolfs.tools.Description;

public record EchoArgs(@Description("What to echo.") String text) {
}
