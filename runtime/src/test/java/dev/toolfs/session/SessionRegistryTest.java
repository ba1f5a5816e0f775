package dev.toolfs.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;


class SessionRegistryTest {

    private static final Path CWD = Path.of("/ws");

    @Test
    void theLeastRecentlyUsedSessionIsForgottenBeyondTheBound() {
        SessionRegistry r = new SessionRegistry(2, Duration.ofHours(1));
        ToolSession a = r.session("a", CWD);
        r.session("b", CWD);
        r.session("a", CWD); // a is now more recent than b
        r.session("c", CWD);
        assertThat(r.all()).extracting(ToolSession::id).containsExactlyInAnyOrder("a", "c");
        assertThat(r.find("a")).containsSame(a);
        assertThat(r.find("c")).isPresent();
    }

    @Test
    void anIdleSessionStartsAgainEmpty() throws InterruptedException {
        SessionRegistry r = new SessionRegistry(10, Duration.ofMillis(20));
        ToolSession first = r.session("s", CWD);
        first.state(StringBuilder.class, k -> new StringBuilder("observed"));
        Thread.sleep(50);
        ToolSession again = r.session("s", CWD);
        assertThat(again).isNotSameAs(first);
        assertThat(again.state(StringBuilder.class, k -> new StringBuilder()).toString()).isEmpty();
    }

    @Test
    void aSessionKeepsItsFolderAndModel() {
        SessionRegistry r = new SessionRegistry(10, Duration.ofHours(1));
        ToolSession s = r.session("m", CWD);
        s.cwd(Path.of("/ws/sub"));
        s.model("vision-model");
        assertThat(r.session("m", CWD).cwd()).isEqualTo(Path.of("/ws/sub"));
        assertThat(r.session("m", CWD).model()).contains("vision-model");
    }

    @Test
    void anEvictedSessionForgetsWhatItSawButKeepsItsSettings() throws InterruptedException {
        // Found by an adversarial test: a session restricted to read, in a sub-folder, came back after its idle time
        // with every tool, writing in the first root.
        for (boolean byIdleTime : new boolean[] { true, false }) {
            SessionRegistry r = byIdleTime ? new SessionRegistry(10, Duration.ofMillis(20)) : new SessionRegistry(2, Duration.ofHours(1));
            ToolSession agent = r.session("agent", CWD);
            agent.cwd(Path.of("/ws/sub"));
            agent.model("vision-model");
            agent.allowedTools(java.util.Set.of("read"));
            agent.state(StringBuilder.class, k -> new StringBuilder("observed"));
            if (byIdleTime) {
                Thread.sleep(50);
            } else {
                r.session("b", CWD);
                r.session("c", CWD);
                assertThat(r.all()).extracting(ToolSession::id).doesNotContain("agent");
            }
            // Seen as a call would see it (the tool list of the session), then used again.
            ToolSession seen = r.find("agent").orElseThrow();
            assertThat(seen.allows("write")).isFalse();
            ToolSession again = r.session("agent", CWD);
            assertThat(again).isNotSameAs(agent);
            assertThat(again.state(StringBuilder.class, k -> new StringBuilder()).toString()).as("nothing observed").isEmpty();
            assertThat(again.cwd()).isEqualTo(Path.of("/ws/sub"));
            assertThat(again.model()).contains("vision-model");
            assertThat(again.allows("read")).isTrue();
            assertThat(again.allows("write")).isFalse();
        }
        assertThat(new SessionRegistry(2, Duration.ofHours(1)).find("never")).isEmpty();
    }

    @Test
    void callsThatComeTogetherAfterTheIdleTimeAllFindTheSettings() throws Exception {
        // Found in review: retired (removed, then its settings kept) in two steps, a parallel call in between started
        // afresh in the first root with every tool.
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            for (int round = 0; round < 200; round++) {
                SessionRegistry r = new SessionRegistry(10, Duration.ofNanos(1));
                ToolSession agent = r.session("agent", CWD);
                agent.cwd(Path.of("/ws/sub"));
                agent.allowedTools(java.util.Set.of("read"));
                java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
                java.util.List<java.util.concurrent.Future<ToolSession>> seen = new java.util.ArrayList<>();
                for (int t = 0; t < 4; t++) {
                    seen.add(pool.submit(() -> {
                        go.await();
                        return r.session("agent", CWD);
                    }));
                }
                go.countDown();
                for (java.util.concurrent.Future<ToolSession> f : seen) {
                    ToolSession s = f.get(10, java.util.concurrent.TimeUnit.SECONDS);
                    assertThat(s.cwd()).as("round " + round).isEqualTo(Path.of("/ws/sub"));
                    assertThat(s.allows("write")).as("round " + round).isFalse();
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** A session's state that holds on to memory counted elsewhere is told when the session is forgotten. */
    @Test
    void stateIsToldWhenItsSessionIsForgotten() throws InterruptedException {
        SessionRegistry r = new SessionRegistry(1, Duration.ofHours(1));
        java.util.concurrent.atomic.AtomicInteger told = new java.util.concurrent.atomic.AtomicInteger();
        r.session("a", CWD).state(ToolSession.Forgettable.class, k -> told::incrementAndGet);
        assertThat(told).hasValue(0);
        r.session("b", CWD); // over the bound: a goes
        assertThat(told).hasValue(1);
        SessionRegistry idle = new SessionRegistry(10, Duration.ofMillis(20));
        idle.session("c", CWD).state(ToolSession.Forgettable.class, k -> told::incrementAndGet);
        Thread.sleep(40);
        idle.session("c", CWD); // idle too long: forgotten, then started again
        assertThat(told).hasValue(2);
        // State a call still running creates for a session already forgotten is let go of at once.
        ToolSession gone = r.session("d", CWD);
        r.session("e", CWD); // d goes
        gone.state(ToolSession.Forgettable.class, k -> told::incrementAndGet);
        assertThat(told).hasValue(3);
    }

    /**
     * The settings of evicted sessions are bounded in bytes too: kept by number alone, those of folders thousands of
     * characters long ran a 48 MiB heap out (found by black-box testing). The most recent stay; the oldest go whole.
     */
    @Test
    void theSettingsOfEvictedSessionsAreBoundedInBytes() {
        Path deep = CWD.resolve("d".repeat(250) + "/" + "e".repeat(250) + "/" + "f".repeat(250));
        long one = SessionRegistry.Retired.cost("s00", new ToolSession("s00", deep).settings());
        SessionRegistry r = new SessionRegistry(1, Duration.ofHours(1), 10 * one);
        for (int i = 0; i < 50; i++) {
            r.session(String.format("s%02d", i), CWD).cwd(deep);
        }
        r.session("last", CWD); // evicts s49, whose settings are kept
        assertThat(r.retiredBytes()).isLessThanOrEqualTo(10 * one).isGreaterThan(8 * one);
        assertThat(r.find("s49")).hasValueSatisfying(s -> assertThat(s.cwd()).isEqualTo(deep));
        assertThat(r.find("s40")).hasValueSatisfying(s -> assertThat(s.cwd()).isEqualTo(deep));
        assertThat(r.find("s00")).isEmpty();
        assertThat(r.find("s39")).isEmpty();
        // Revived, a session's settings leave the retired ones, and their bytes with them.
        long before = r.retiredBytes();
        assertThat(r.session("s45", CWD).cwd()).isEqualTo(deep);
        assertThat(r.retiredBytes()).isLessThan(before);
        assertThat(SessionRegistry.Retired.cost("s00", new ToolSession("s00", CWD).settings()))
                .isEqualTo(SessionRegistry.Retired.ENTRY_BYTES + 2 * (3 + 3));
    }
}
