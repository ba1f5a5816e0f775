package dev.toolfs.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** Sandbox settings that protect nothing, because the sandbox is off, are warned of. */
class SandboxSettingsWhileOffTest {

    private static ToolFsConfig.Sandbox off(Optional<List<String>> writable, List<String> protectedPaths) {
        return new SandboxSettings("off", writable, protectedPaths);
    }

    @Test
    void theDefaultsAloneAreFine() {
        assertThat(ConfigCheck.sandboxSettingsWhileOff(off(Optional.empty(), ConfigCheck.DEFAULT_PROTECTED_PATHS))).isEmpty();
        assertThat(ConfigCheck.sandboxSettingsWhileOff(off(Optional.of(List.of(" ")),
                List.of(" .git/**", "**/.git/**", ".tool-fs/**", "")))).isEmpty();
    }

    @Test
    void eachKeySetIsNamed() {
        assertThat(ConfigCheck.sandboxSettingsWhileOff(off(Optional.of(List.of("src")), ConfigCheck.DEFAULT_PROTECTED_PATHS)))
                .contains("quarkus.tool-fs.sandbox.writable-roots is set, but quarkus.tool-fs.sandbox.mode is off, so"
                        + " it protects nothing: any file of the workspace may be changed; set"
                        + " quarkus.tool-fs.sandbox.mode=workspace-write to apply it");
        assertThat(ConfigCheck.sandboxSettingsWhileOff(off(Optional.of(List.of("src")), List.of("secrets/**"))))
                .contains("quarkus.tool-fs.sandbox.writable-roots and quarkus.tool-fs.sandbox.protected-paths are set,"
                        + " but quarkus.tool-fs.sandbox.mode is off, so they protect nothing: any file of the"
                        + " workspace may be changed; set quarkus.tool-fs.sandbox.mode=workspace-write to apply them");
    }
}
