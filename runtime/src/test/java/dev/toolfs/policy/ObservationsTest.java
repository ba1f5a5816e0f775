package dev.toolfs.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** A session remembers a bounded number of files, the least recently used forgotten first. */
class ObservationsTest {

    @Test
    void theLeastRecentlyUsedPathGoesFirst() {
        ObservationPolicy.Observations seen = new ObservationPolicy.Observations(3, new ObservationMemory(Long.MAX_VALUE));
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

    /**
     * All sessions' records share a bound in bytes (found by black-box testing: reads of missing files under long
     * paths, in 40 sessions, ran a 256 MiB heap out): past it, the sessions that hold the most let go of their oldest
     * records down to a level all may keep, and a session with a few records keeps them.
     */
    @Test
    void sessionsShareABoundInBytesAndTheLargestLetGoFirst() {
        ObservationMemory memory = new ObservationMemory(100_000);
        ObservationPolicy.Observations few = new ObservationPolicy.Observations(1000, memory);
        ObservationPolicy.Observations many = new ObservationPolicy.Observations(1000, memory);
        for (int i = 0; i < 5; i++) {
            few.put(Path.of("/ws/keep" + i + ".txt"), new ObservationPolicy.Seen(null));
        }
        String longFolder = "/ws/" + "q".repeat(1000) + "/";
        for (int i = 0; i < 1000; i++) {
            many.put(Path.of(longFolder + "m" + i + ".txt"), new ObservationPolicy.Seen(null));
            assertThat(memory.used()).isLessThanOrEqualTo(memory.capacity());
        }
        assertThat(few.copy()).hasSize(5);
        // The probing session kept its most recent records, as many as fit.
        assertThat(many.get(Path.of(longFolder + "m999.txt"))).isNotNull();
        assertThat(many.get(Path.of(longFolder + "m0.txt"))).isNull();
        assertThat(many.copy().size()).isBetween(10, 45);
        assertThat(memory.used()).isEqualTo(few.bytes() + many.bytes());
        // A session forgotten gives its bytes back, and keeps nothing after.
        long fewBytes = few.bytes();
        many.forgotten();
        assertThat(memory.used()).isEqualTo(fewBytes);
        many.put(Path.of("/ws/late.txt"), new ObservationPolicy.Seen(null));
        assertThat(many.copy()).isEmpty();
        assertThat(memory.used()).isEqualTo(fewBytes);
    }

    /**
     * Many small sessions over the bound do not wear down one that read a few dozen files (found by black-box testing:
     * taking half of the largest again and again left such a session nothing): all keep up to an equal share.
     */
    @Test
    void manySmallSessionsDoNotWearDownAModerateOne() {
        ObservationMemory memory = new ObservationMemory(1_000_000);
        ObservationPolicy.Observations moderate = new ObservationPolicy.Observations(1000, memory);
        for (int i = 0; i < 85; i++) {
            moderate.put(Path.of("/ws/src/main/java/com/example/project/service/f" + i + ".txt"),
                    new ObservationPolicy.Seen(null));
        }
        String deep = "/ws/" + "d".repeat(3700) + "/";
        for (int s = 0; s < 150; s++) {
            ObservationPolicy.Observations prober = new ObservationPolicy.Observations(1000, memory);
            for (int i = 0; i < 3; i++) {
                prober.put(Path.of(deep + "missing-" + s + "-" + i), new ObservationPolicy.Seen(null));
            }
            assertThat(memory.used()).isLessThanOrEqualTo(memory.capacity());
        }
        // Its share, about a hundred and fiftieth of the bound, holds about 20 of its records; it keeps at least those,
        // the most recent.
        assertThat(moderate.copy().size()).isGreaterThanOrEqualTo(15);
        assertThat(moderate.get(Path.of("/ws/src/main/java/com/example/project/service/f84.txt"))).isNotNull();
    }

    @Test
    void theLevelIsTheMostEachMayKeep() {
        assertThat(ObservationMemory.level(new long[] { 10, 20, 30 }, 100)).isEqualTo(Long.MAX_VALUE);
        assertThat(ObservationMemory.level(new long[] { 10, 20, 30 }, 50)).isEqualTo(20); // 10 + 20 + 20
        assertThat(ObservationMemory.level(new long[] { 10, 20, 30 }, 40)).isEqualTo(15); // 10 + 15 + 15
        assertThat(ObservationMemory.level(new long[] { 10, 20, 30 }, 0)).isEqualTo(0);
        assertThat(ObservationMemory.level(new long[0], 10)).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aRecordCostsItsPathsCharactersTwiceOver() {
        ObservationMemory memory = new ObservationMemory(Long.MAX_VALUE);
        ObservationPolicy.Observations seen = new ObservationPolicy.Observations(2, memory);
        seen.put(Path.of("/ws/a.txt"), new ObservationPolicy.Seen(null));
        seen.put(Path.of("/ws/a.txt"), new ObservationPolicy.Seen(null)); // the same path again costs nothing more
        assertThat(ObservationMemory.cost(Path.of("/ws/a.txt"))).isEqualTo(ObservationMemory.RECORD_BYTES + 2 * 9);
        assertThat(memory.used()).isEqualTo(ObservationMemory.cost(Path.of("/ws/a.txt")));
        seen.put(Path.of("/ws/bb.txt"), new ObservationPolicy.Seen(null));
        seen.put(Path.of("/ws/ccc.txt"), new ObservationPolicy.Seen(null)); // a.txt goes: the count's bound
        assertThat(memory.used())
                .isEqualTo(ObservationMemory.cost(Path.of("/ws/bb.txt")) + ObservationMemory.cost(Path.of("/ws/ccc.txt")));
    }

    /** A record read through a link names the link too, and that costs; read again directly, it costs the less. */
    @Test
    void aRecordReadThroughALinkCountsTheLinksPathToo() {
        ObservationMemory memory = new ObservationMemory(Long.MAX_VALUE);
        ObservationPolicy.Observations seen = new ObservationPolicy.Observations(1, memory);
        Path target = Path.of("/ws/a.txt");
        Path link = Path.of("/ws/link");
        seen.put(target, new ObservationPolicy.Seen(null, link));
        assertThat(memory.used()).isEqualTo(ObservationMemory.cost(target) + ObservationMemory.VIA_BYTES + 2 * 8);
        seen.put(target, new ObservationPolicy.Seen(null));
        assertThat(memory.used()).isEqualTo(ObservationMemory.cost(target));
        seen.put(target, new ObservationPolicy.Seen(null, link));
        seen.put(Path.of("/ws/b.txt"), new ObservationPolicy.Seen(null)); // a.txt goes, with its link's cost
        assertThat(memory.used()).isEqualTo(ObservationMemory.cost(Path.of("/ws/b.txt")));
        seen.put(target, new ObservationPolicy.Seen(null, link));
        seen.letGo(1);
        assertThat(memory.used()).isZero();
    }

    /**
     * Whether a path was read is asked in one look, from an index of the paths read through links kept with the
     * records: a record let go, replaced or forgotten leaves it; an absence is not indexed.
     */
    @Test
    void whetherAPathWasReadIsKnownFromTheRecordsAsTheyAre() {
        dev.toolfs.fs.FileVersion v = new dev.toolfs.fs.FileVersion(1, 2, 3, null, "h", true);
        ObservationMemory memory = new ObservationMemory(Long.MAX_VALUE);
        ObservationPolicy.Observations seen = new ObservationPolicy.Observations(2, memory);
        Path a = Path.of("/ws/a.txt");
        Path link = Path.of("/ws/link");
        Path elsewhere = Path.of("/ws/elsewhere.txt");
        seen.put(a, new ObservationPolicy.Seen(v, link));
        assertThat(seen.readUnder(link, elsewhere)).isTrue(); // the link now leads elsewhere
        assertThat(seen.readUnder(a, elsewhere)).isTrue(); // a itself is now a link to elsewhere
        assertThat(seen.readUnder(elsewhere, elsewhere)).isFalse();
        seen.put(a, new ObservationPolicy.Seen(v)); // read again, directly
        assertThat(seen.readUnder(link, elsewhere)).isFalse();
        seen.put(a, new ObservationPolicy.Seen(v, link));
        seen.put(Path.of("/ws/b"), new ObservationPolicy.Seen(v));
        seen.put(Path.of("/ws/c"), new ObservationPolicy.Seen(v)); // a goes: the bound of two
        assertThat(seen.readUnder(link, elsewhere)).isFalse();
        seen.put(a, new ObservationPolicy.Seen(null, link)); // found missing through the link: no file was read
        assertThat(seen.readUnder(link, elsewhere)).isFalse();
        seen.put(a, new ObservationPolicy.Seen(v, link));
        seen.letGo(Long.MAX_VALUE);
        assertThat(seen.readUnder(link, elsewhere)).isFalse();
        seen.put(a, new ObservationPolicy.Seen(v, link));
        seen.forgotten();
        assertThat(seen.readUnder(link, elsewhere)).isFalse();
        assertThat(memory.used()).isZero();
    }
}
