package dev.toolfs.config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Sandbox settings for tests: escalations denied, after the default timeout. */
public record SandboxSettings(String mode, Optional<List<String>> writableRoots, List<String> protectedPaths)
        implements ToolFsConfig.Sandbox {

    @Override
    public String approval() {
        return "deny";
    }

    @Override
    public Duration approvalTimeout() {
        return Duration.ofMinutes(2);
    }
}
