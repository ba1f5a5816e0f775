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
        }, NOT_CANCELLED)).isInstanceOf(java.util.concurrent.CancellationException.class);
        Thread.sleep(100);
        assertThat(roots.cwd("s", limit -> {
            limits.add(limit);
            return List.of(sub.toUri().toString());
        }, NOT_CANCELLED)).contains(sub.toString());
        assertThat(limits.get(0)).isEqualTo(ClientWait.ROOTS_WAIT);
        assertThat(limits.get(1)).as("what is left of the first wait").isLessThanOrEqualTo(limits.get(0).minusMillis(100));
        assertThat(roots.cwd("s", limit -> {
            throw new AssertionError("asked again");
        }, NOT_CANCELLED)).contains(sub.toString());
        // Another session has its own five seconds.
        assertThat(roots.cwd("t", limit -> {
            assertThat(limit).isEqualTo(ClientWait.ROOTS_WAIT);
            return List.of();
        }, NOT_CANCELLED)).isEmpty();
    }

    private static final dev.toolfs.fs.Cancellation NOT_CANCELLED = () -> false;

    /**
     * Found by black-box testing: a model's first parallel calls each asked for the roots, and each resolved paths
     * against its own answer. Calls made while one asks take its answer; when that one is cancelled, another asks.
     */
    @Test
    void callsMadeWhileOneAsksTakeItsAnswer() throws Exception {
        Path ws = Files.createDirectories(tmp.resolve("ws")).toRealPath();
        Path a = Files.createDirectories(ws.resolve("a"));
        Path b = Files.createDirectories(ws.resolve("b"));
        McpRoots roots = new McpRoots(new Workspace(List.of(ws)));
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.CountDownLatch answer = new java.util.concurrent.CountDownLatch(1);
        java.util.function.Function<java.time.Duration, List<String>> client = limit -> {
            // Each ask gets another folder: calls that asked on their own would disagree.
            int n = asked.incrementAndGet();
            try {
                answer.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return List.of((n == 1 ? a : b).toUri().toString());
        };
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(6);
        try {
            List<java.util.concurrent.Future<Optional<String>>> calls = new java.util.ArrayList<>();
            for (int i = 0; i < 6; i++) {
                calls.add(pool.submit(() -> roots.cwd("s", client, NOT_CANCELLED)));
            }
            Thread.sleep(300);
            answer.countDown();
            for (var call : calls) {
                assertThat(call.get(10, java.util.concurrent.TimeUnit.SECONDS)).contains(a.toString());
            }
            assertThat(asked).hasValue(1);

            // The asking call is cancelled: one that waited asks in its place, and the others take that answer.
            java.util.concurrent.CountDownLatch asking = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.atomic.AtomicInteger askedT = new java.util.concurrent.atomic.AtomicInteger();
            var first = pool.submit(() -> roots.cwd("t", limit -> {
                askedT.incrementAndGet();
                asking.countDown();
                try {
                    Thread.sleep(300);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                throw new java.util.concurrent.CancellationException("the call was cancelled");
            }, NOT_CANCELLED));
            asking.await();
            List<java.util.concurrent.Future<Optional<String>>> others = new java.util.ArrayList<>();
            for (int i = 0; i < 3; i++) {
                others.add(pool.submit(() -> roots.cwd("t", limit -> {
                    askedT.incrementAndGet();
                    return List.of(b.toUri().toString());
                }, NOT_CANCELLED)));
            }
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> first.get(10, java.util.concurrent.TimeUnit.SECONDS))
                    .hasCauseInstanceOf(java.util.concurrent.CancellationException.class);
            for (var call : others) {
                assertThat(call.get(10, java.util.concurrent.TimeUnit.SECONDS)).contains(b.toString());
            }
            assertThat(askedT).hasValue(2);

            // A call that waits for another's answer still sees its own cancellation.
            java.util.concurrent.CountDownLatch never = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch askingU = new java.util.concurrent.CountDownLatch(1);
            pool.submit(() -> roots.cwd("u", limit -> {
                askingU.countDown();
                try {
                    never.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return List.of();
            }, NOT_CANCELLED));
            assertThat(askingU.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            long t0 = System.nanoTime();
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> roots.cwd("u", limit -> List.of(), () -> true))
                    .isInstanceOf(java.util.concurrent.CancellationException.class);
            assertThat(System.nanoTime() - t0).isLessThan(java.time.Duration.ofSeconds(2).toNanos());
            never.countDown();
        } finally {
            pool.shutdownNow();
        }
    }
}
