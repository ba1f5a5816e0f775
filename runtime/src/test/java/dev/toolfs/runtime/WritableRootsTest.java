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

    /**
     * Found by black-box testing: a relative folder was resolved against the process's current folder, so the docs'
     * "src,docs" refused the start of a sidecar started elsewhere with its roots set.
     */
    @Test
    void aRelativeFolderIsTheFolderOfEachRootThatHasIt() throws Exception {
        Path a = Files.createDirectories(tmp.resolve("a")).toRealPath();
        Path b = Files.createDirectories(tmp.resolve("b")).toRealPath();
        Files.createDirectories(tmp.resolve("elsewhere"));
        Files.createDirectories(a.resolve("src"));
        Files.createDirectories(b.resolve("src"));
        Files.createDirectories(b.resolve("docs"));
        List<Path> roots = List.of(a, b);
        assertThat(ToolFsProducers.writableFolders(List.of("src", "docs/"), roots))
                .containsExactly(a.resolve("src"), b.resolve("src"), b.resolve("docs"));
        Workspace workspace = new Workspace(roots);
        var policy = ToolFsProducers.sandboxPolicy(workspace, writable("docs"));
        assertThat(policy.denial(b.resolve("docs/x.md"))).isEmpty();
        assertThat(policy.denial(a.resolve("src/x.java"))).isPresent();
        assertThatThrownBy(() -> ToolFsProducers.writableFolders(List.of("src", "lib"), roots))
                .hasMessage("sandbox folder lib does not exist in any workspace root " + a + ", " + b
                        + " (a relative writable root is a folder of a workspace root)");
        assertThatThrownBy(() -> ToolFsProducers.writableFolders(List.of("lib"), List.of(a)))
                .hasMessage("sandbox folder lib does not exist in the workspace root " + a
                        + " (a relative writable root is a folder of a workspace root)");
        // Going up leaves the workspace, which is refused as any folder outside it is.
        assertThatThrownBy(() -> ToolFsProducers.sandboxPolicy(new Workspace(List.of(a)), writable("../elsewhere")))
                .hasMessage("sandbox writable root " + tmp.toRealPath().resolve("elsewhere") + " is outside the workspace ("
                        + a + "); list folders inside it");
    }
}
