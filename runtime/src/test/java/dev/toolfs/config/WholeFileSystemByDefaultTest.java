package dev.toolfs.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class WholeFileSystemByDefaultTest {

    private static final Path FS_ROOT = Path.of("").toAbsolutePath().getRoot();

    @Test
    void theDefaultWorkspaceIsRefusedWhenTheServerStartsInTheFileSystemsRoot() {
        assertThat(ConfigCheck.wholeFileSystemByDefault(Optional.empty(), FS_ROOT)).contains("quarkus.tool-fs.workspace.roots"
                + " is not set, so the workspace would be the current folder, " + FS_ROOT + ", the whole file system (an MCP"
                + " client may start its servers there); set it to the project's folder, or start the server in that folder");
    }

    @Test
    void aRootSetOnPurposeOrAnotherCurrentFolderIsTaken() {
        assertThat(ConfigCheck.wholeFileSystemByDefault(Optional.of(List.of(FS_ROOT.toString())), FS_ROOT)).isEmpty();
        assertThat(ConfigCheck.wholeFileSystemByDefault(Optional.empty(), FS_ROOT.resolve("home"))).isEmpty();
    }
}
