package dev.toolfs.policy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounds the bytes that every session's records of what it read hold together. Each session's count is bounded on
 * its own, but a thousand sessions, or records of paths thousands of characters long, would still fill the heap (found
 * by black-box testing: reads of missing files under long paths, in 40 sessions, ran a 256 MiB heap out). Past the
 * bound, the sessions that hold the most let go of their least recently used records, down to a level that every
 * session may keep (as in water-filling): a session within it loses nothing, so that many small sessions cannot push
 * out one that read a few dozen files (a first version took half of the largest, again and again, until such a session
 * had nothing left; found by black-box testing).
 */
final class ObservationMemory {

    /** What one record costs beyond its path's characters: the map's entry, the path and the version objects. */
    static final long RECORD_BYTES = 160;

    private final long capacity;
    private final AtomicLong used = new AtomicLong();
    private final Set<ObservationPolicy.Observations> holders = ConcurrentHashMap.newKeySet();

    ObservationMemory(long capacityBytes) {
        this.capacity = Math.max(1, capacityBytes);
    }

    long capacity() {
        return capacity;
    }

    long used() {
        return used.get();
    }

    /** The bytes a record of {@code path} holds: its own, and the path's bytes and its string. */
    static long cost(java.nio.file.Path path) {
        return RECORD_BYTES + 2L * path.toString().length();
    }

    /** The bytes of a record that also names the path it was read under ({@code via}, null when the same). */
    static long cost(java.nio.file.Path path, java.nio.file.Path via) {
        return via == null ? cost(path) : cost(path) + VIA_BYTES + 2L * via.toString().length();
    }

    /**
     * What naming the path a record was read under costs beyond its characters: the path's object and string, and its
     * entry in the index of such paths.
     */
    static final long VIA_BYTES = 112;

    void holds(ObservationPolicy.Observations records) {
        holders.add(records);
    }

    void released(ObservationPolicy.Observations records) {
        holders.remove(records);
    }

    /** Counts {@code bytes} more (or fewer, when negative); whether the bound is now passed. */
    boolean add(long bytes) {
        return used.addAndGet(bytes) > capacity;
    }

    /**
     * Brings the bytes held back under seven eighths of the bound: each session above the level that makes them fit
     * lets go of its least recently used records down to it. Called without any session's records locked: it locks
     * them one at a time.
     */
    synchronized void shrink() {
        long target = capacity - capacity / 8;
        if (used.get() <= target) {
            return;
        }
        java.util.List<ObservationPolicy.Observations> all = new java.util.ArrayList<>(holders);
        long level = level(all.stream().mapToLong(ObservationPolicy.Observations::bytes).sorted().toArray(), target);
        for (ObservationPolicy.Observations records : all) {
            long over = records.bytes() - level;
            if (over > 0) {
                records.letGo(over);
            }
        }
    }

    /**
     * The most bytes every holder may keep so that together they hold at most {@code target}: holders under it keep
     * all they hold, the others keep that much.
     *
     * @param ascending each holder's bytes, smallest first
     */
    static long level(long[] ascending, long target) {
        long below = 0;
        for (int i = 0; i < ascending.length; i++) {
            long rest = ascending.length - i;
            if (below + ascending[i] * rest > target) {
                return Math.max(0, (target - below) / rest);
            }
            below += ascending[i];
        }
        return Long.MAX_VALUE;
    }
}
