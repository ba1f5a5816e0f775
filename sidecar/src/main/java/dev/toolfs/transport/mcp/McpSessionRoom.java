package dev.toolfs.transport.mcp;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Keeps the MCP library's sessions over HTTP within a bound: before a new one is made past it, the session used
 * longest ago is ended (its client gets 404 and, as MCP asks, starts a new one). The library keeps every session, with
 * what its client sent in {@code initialize}, until it has been idle for half an hour: found by black-box testing,
 * sessions opened in a loop ran the heap out in about 80 s.
 */
final class McpSessionRoom {

    /**
     * The most heap one session's {@code initialize} takes once read, at its limits (64 KiB and 1000 values), with
     * room to spare.
     */
    static final long SESSION_BYTES = 256 * 1024;

    /** The fewest sessions kept, whatever the heap. */
    static final int MIN_SESSIONS = 16;

    /**
     * The bound for a heap of {@code maxHeap} bytes: {@code configured}, but no more than a sixteenth of the heap holds
     * (the share the sessions' read histories get too), and at least {@link #MIN_SESSIONS}.
     */
    static int bound(int configured, long maxHeap) {
        long fit = Math.max(MIN_SESSIONS, maxHeap / 16 / SESSION_BYTES);
        return (int) Math.min(configured, fit);
    }

    private final int max;
    private final Iterable<String> live;
    private final java.util.function.Predicate<String> known;
    private final Consumer<String> end;
    /** When each session was last used, as a count of uses: ties are impossible, and no clock is read. */
    private final Map<String, Long> lastUse = new ConcurrentHashMap<>();
    private final AtomicLong uses = new AtomicLong();

    /**
     * @param max the most sessions kept, the new one included
     * @param live the ids of the library's sessions, as they are when iterated
     * @param known whether the library has a session of that id
     * @param end ends one of them
     */
    McpSessionRoom(int max, Iterable<String> live, java.util.function.Predicate<String> known,
            Consumer<String> end) {
        this.max = max;
        this.live = live;
        this.known = known;
        this.end = end;
    }

    /**
     * A request naming session {@code id}, or null. Only a session of the library's is remembered: ids made up, one a
     * request, would otherwise fill the memory this bounds (found in a review).
     */
    void used(String id) {
        if (id != null && known.test(id)) {
            lastUse.put(id, uses.incrementAndGet());
        }
    }

    /** How many sessions' last use is remembered. */
    int remembered() {
        return lastUse.size();
    }

    /** Before a session is made: ends those used longest ago until the new one fits. */
    synchronized void makeRoom() {
        List<String> ids = new ArrayList<>();
        live.forEach(ids::add);
        // Forgets the ended ones (idle, deleted) and its guesses; a session not seen yet counts as used now.
        lastUse.keySet().retainAll(new HashSet<>(ids));
        long now = uses.incrementAndGet();
        for (String id : ids) {
            lastUse.putIfAbsent(id, now);
        }
        int excess = ids.size() - (max - 1);
        if (excess <= 0) {
            return;
        }
        ids.sort(Comparator.comparingLong(id -> lastUse.getOrDefault(id, now)));
        for (String id : ids.subList(0, excess)) {
            end.accept(id);
            lastUse.remove(id);
        }
    }
}
