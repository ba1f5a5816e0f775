package dev.toolfs.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** A session remembers a bounded number of files, the least recently used forgotten first. */
class ObservationsTest {

    @Test
    void theLeastRecentlyUsedPathGoesFirst() {
        ObservationPolicy.Observations seen = new ObservationPolicy.Observations(3);
        for (String p : new String[] { "a", "b", "c" }) {
            seen.put(Path.of(p), new ObservationPolicy.Seen(null));
        }
        assertThat(seen.get(Path.of("a"))).isNotNull(); // a is used again: b is now the eldest
        seen.put(Path.of("d"), new ObservationPolicy.Seen(null));
        assertThat(seen.get(Path.of("b"))).isNull();
        assertThat(seen.copy().keySet()).containsExactly(Path.of("c"), Path.of("a"), Path.of("d"));
        for (int i = 0; i < 10_000; i++) {
            seen.put(Path.of("probe" + i), new ObservationPolicy.Seen(null));
        }
        assertThat(seen.copy()).hasSize(3);
    }
}
