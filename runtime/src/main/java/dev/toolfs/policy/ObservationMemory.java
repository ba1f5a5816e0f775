package dev.toolfs.policy;

import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounds the bytes that every session's records of what it read hold together. Each session's count is bounded on
 * its own, but a thousand sessions, or records of paths thousands of characters long, would still fill the heap (found
 * by black-box testing: reads of missing files under long paths, in 40 sessions, ran a 256 MiB heap out). Past the
 * bound, the session that holds the most lets go of its least recently used half, so that a session probing path
 * after path pays for it first, and a session with a few records keeps them.
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

    /** The bytes a record of a path of {@code pathChars} characters holds (the path's bytes and its string). */
    static long cost(int pathChars) {
        return RECORD_BYTES + 2L * pathChars;
    }

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
     * Brings the bytes held back under seven eighths of the bound, from the largest holders first. Called without
     * any session's records locked: it locks them one at a time.
     */
    synchronized void shrink() {
        long target = capacity - capacity / 8;
        while (used.get() > target) {
            ObservationPolicy.Observations largest = holders.stream()
                    .max(Comparator.comparingLong(ObservationPolicy.Observations::bytes)).orElse(null);
            if (largest == null || largest.bytes() == 0) {
                return;
            }
            largest.letGo(Math.max(largest.bytes() / 2, used.get() - target));
        }
    }
}
