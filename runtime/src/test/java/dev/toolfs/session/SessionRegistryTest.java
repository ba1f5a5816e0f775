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
        assertThat(r.find("b")).isEmpty();
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
}
