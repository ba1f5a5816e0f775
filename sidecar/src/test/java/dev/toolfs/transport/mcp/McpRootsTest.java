package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.toolfs.fs.local.Workspace;

/** Which of a client's roots becomes the session's folder. */
class McpRootsTest {

    @TempDir
    Path tmp;

    @Test
    void everySpellingOfALocalFileUriCounts() throws IOException {
        Path ws = Files.createDirectories(tmp.resolve("ws")).toRealPath();
        Path sub = Files.createDirectories(ws.resolve("my sub"));
        McpRoots roots = new McpRoots(new Workspace(List.of(ws)));
        String path = sub.toUri().getRawPath(); // percent-encoded, ends with '/'
        for (String uri : List.of("file://" + path, "file:" + path, "file://localhost" + path, "FILE://" + path,
                "file://LOCALHOST" + path)) {
            assertThat(roots.pick(List.of(uri))).as(uri).isEqualTo(Optional.of(sub.toString()));
        }
        // Another machine's file, another scheme, or a folder outside the workspace: not used.
        assertThat(roots.pick(List.of("file://build-server" + path, "https://example.com" + path,
                tmp.toUri().toString()))).isEmpty();
        assertThat(roots.pick(List.of("https://example.com/", "file://" + path))).contains(sub.toString());
    }

    @Test
    void aSessionWaitsForItsRootsFiveSecondsInAllAndAsksNoMoreOnceItKnows() throws Exception {
        // Found end to end: a first call cancelled while it waited left the next call a full 5 s more to wait.
        Path ws = Files.createDirectories(tmp.resolve("ws")).toRealPath();
        Path sub = Files.createDirectories(ws.resolve("sub"));
        McpRoots roots = new McpRoots(new Workspace(List.of(ws)));
        List<java.time.Duration> limits = new java.util.ArrayList<>();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> roots.cwd("s", limit -> {
            limits.add(limit);
            throw new java.util.concurrent.CancellationException("the call was cancelled");
        })).isInstanceOf(java.util.concurrent.CancellationException.class);
        Thread.sleep(100);
        assertThat(roots.cwd("s", limit -> {
            limits.add(limit);
            return List.of(sub.toUri().toString());
        })).contains(sub.toString());
        assertThat(limits.get(0)).isEqualTo(ClientWait.ROOTS_WAIT);
        assertThat(limits.get(1)).as("what is left of the first wait").isLessThanOrEqualTo(limits.get(0).minusMillis(100));
        assertThat(roots.cwd("s", limit -> {
            throw new AssertionError("asked again");
        })).contains(sub.toString());
        // Another session has its own five seconds.
        assertThat(roots.cwd("t", limit -> {
            assertThat(limit).isEqualTo(ClientWait.ROOTS_WAIT);
            return List.of();
        })).isEmpty();
    }
}
