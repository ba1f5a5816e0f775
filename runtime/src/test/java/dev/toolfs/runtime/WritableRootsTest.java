package dev.toolfs.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.local.Workspace;

/** A writable root outside the workspace, where nothing could ever be written, refuses the start (found by black-box testing). */
class WritableRootsTest {

    @TempDir
    Path tmp;

    private static ToolFsConfig.Sandbox writable(String... roots) {
        return new dev.toolfs.config.SandboxSettings("workspace-write", Optional.of(List.of(roots)), List.of(".git/**"));
    }

    @Test
    void aFolderOutsideTheWorkspaceIsRefused() throws Exception {
        Path ws = Files.createDirectories(tmp.resolve("ws")).toRealPath();
        Path outside = Files.createDirectories(tmp.resolve("elsewhere")).toRealPath();
        Path file = Files.writeString(ws.resolve("a.txt"), "x");
        Files.createDirectories(ws.resolve("src"));
        Workspace workspace = new Workspace(List.of(ws));
        assertThat(ToolFsProducers.sandboxPolicy(workspace, writable(ws.resolve("src").toString()))).isNotNull();
        assertThatThrownBy(() -> ToolFsProducers.sandboxPolicy(workspace, writable(outside.toString())))
                .hasMessage("sandbox writable root " + outside + " is outside the workspace (" + ws + "); list folders inside it");
        // A file is a root of its own (that file may be changed), and entries are trimmed.
        assertThat(ToolFsProducers.sandboxPolicy(workspace, writable(file.toString())).denial(file)).isEmpty();
        assertThat(ToolFsProducers.sandboxPolicy(workspace, writable(" " + ws.resolve("src") + " "))
                .denial(ws.resolve("src/a.txt"))).isEmpty();
    }
}
