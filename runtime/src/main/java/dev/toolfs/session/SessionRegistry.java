package dev.toolfs.session;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live sessions, bounded in number and idle time. Eviction is lazy (on access). An evicted session forgets what
 * it observed, so its next change needs a read again; its settings (folder, tool restriction, model) are kept apart,
 * so that under the same id it goes on in the folder and with the tools it was given, rather than silently in the
 * first root with every tool.
 */
public final class SessionRegistry {

    private final Map<String, ToolSession> sessions = new ConcurrentHashMap<>();
    private final int maxSessions;
    private final long idleNanos;
    /** The settings of evicted sessions, the most recent last: a few hundred bytes each, many more than live ones. */
    private final Retired retired;

    /** Retired settings take at most a thirty-second of the maximum heap. */
    public SessionRegistry(int maxSessions, Duration idleTimeout) {
        this(maxSessions, idleTimeout, Runtime.getRuntime().maxMemory() / 32);
    }

    /** @param retiredBytes the most bytes the settings of evicted sessions take together */
    public SessionRegistry(int maxSessions, Duration idleTimeout, long retiredBytes) {
        this.maxSessions = Math.max(1, maxSessions);
        this.idleNanos = dev.toolfs.fs.Cancellation.waitNanos(idleTimeout); // a century at most: no overflow
        this.retired = new Retired((int) Math.min(1 << 20, Math.max(4096L, 16L * this.maxSessions)), retiredBytes);
    }

    /**
     * The settings of evicted sessions, bounded in number and in bytes, the least recently used going first. By number
     * alone, settings of a folder path of thousands of characters (kilobytes each) ran a 48 MiB heap out at 4,700
     * sessions (found by black-box testing).
     */
    static final class Retired {
        private final Map<String, ToolSession.Settings> byId = new LinkedHashMap<>(16, 0.75f, true);
        private final int maxCount;
        private final long maxBytes;
        private long bytes;

        Retired(int maxCount, long maxBytes) {
            this.maxCount = maxCount;
            this.maxBytes = maxBytes;
        }

        synchronized ToolSession.Settings get(String id) {
            return byId.get(id);
        }

        synchronized ToolSession.Settings remove(String id) {
            ToolSession.Settings s = byId.remove(id);
            if (s != null) {
                bytes -= cost(id, s);
            }
            return s;
        }

        synchronized void put(String id, ToolSession.Settings settings) {
            ToolSession.Settings old = byId.put(id, settings);
            bytes += cost(id, settings) - (old == null ? 0 : cost(id, old));
            var eldest = byId.entrySet().iterator();
            while ((byId.size() > maxCount || bytes > maxBytes) && eldest.hasNext()) {
                Map.Entry<String, ToolSession.Settings> e = eldest.next();
                bytes -= cost(e.getKey(), e.getValue());
                eldest.remove();
            }
        }

        synchronized long bytes() {
            return bytes;
        }

        /** What one entry holds: its objects, and two bytes a character of its id, folder, model and tools. */
        static long cost(String id, ToolSession.Settings s) {
            long chars = id.length() + (s.cwd() == null ? 0 : s.cwd().toString().length())
                    + (s.model() == null ? 0 : s.model().length());
            long tools = 0;
            if (s.allowedTools() != null) {
                for (String tool : s.allowedTools()) {
                    chars += tool.length();
                    tools++;
                }
            }
            return ENTRY_BYTES + 48 * tools + 2 * chars;
        }

        /** An entry's own objects: the map's entry, the settings, the folder's path and the strings' headers. */
        static final long ENTRY_BYTES = 256;
    }

    /** The session with this id, created with {@code defaultCwd} when new (an evicted one keeps its settings). */
    public ToolSession session(String id, Path defaultCwd) {
        long now = System.nanoTime();
        ToolSession existing = sessions.get(id);
        if (existing != null && idle(existing, now)) {
            retire(existing);
        }
        ToolSession s = sessions.computeIfAbsent(id, k -> revive(k, defaultCwd));
        s.touch();
        if (sessions.size() > maxSessions) {
            evict(now, s);
        }
        return s;
    }

    /**
     * The session with this id as a call would find it: live, or evicted with its settings (and nothing observed);
     * empty when it never was, or was forgotten altogether.
     */
    public Optional<ToolSession> find(String id) {
        ToolSession live = sessions.get(id);
        if (live != null && !idle(live, System.nanoTime())) {
            return Optional.of(live);
        }
        ToolSession.Settings kept = live != null ? live.settings() : retired.get(id);
        return kept == null ? Optional.empty() : Optional.of(new ToolSession(id, kept));
    }

    /** Removes a session and forgets it altogether: what it observed, and its settings. */
    public void end(String id) {
        // The live one first, in one step with respect to retire(): retired meanwhile, its settings are removed next.
        sessions.computeIfPresent(id, (key, live) -> {
            live.forget();
            return null;
        });
        retired.remove(id);
    }

    /** The bytes the settings of evicted sessions take (counted as {@link Retired#cost}). */
    long retiredBytes() {
        return retired.bytes();
    }

    public java.util.Collection<ToolSession> all() {
        return java.util.List.copyOf(sessions.values());
    }

    private boolean idle(ToolSession s, long now) {
        return now - s.lastUsedNanos() > idleNanos;
    }

    private ToolSession revive(String id, Path defaultCwd) {
        ToolSession.Settings kept = retired.remove(id);
        return kept == null ? new ToolSession(id, defaultCwd) : new ToolSession(id, kept);
    }

    /**
     * Removes a session, its settings kept, in one step with respect to {@link #revive}: a call of the same session that
     * comes meanwhile waits, then finds the settings (removed first, it would have started afresh in the first root).
     */
    private void retire(ToolSession s) {
        sessions.computeIfPresent(s.id(), (id, live) -> {
            if (live != s) {
                return live;
            }
            retired.put(id, live.settings());
            live.forget();
            return null;
        });
    }

    private synchronized void evict(long now, ToolSession keep) {
        for (ToolSession s : sessions.values()) {
            if (s != keep && idle(s, now)) {
                retire(s);
            }
        }
        while (sessions.size() > maxSessions) {
            sessions.values().stream()
                    .filter(s -> s != keep)
                    .min(Comparator.comparingLong(ToolSession::lastUsedNanos))
                    .ifPresentOrElse(this::retire, () -> {
                        throw new IllegalStateException("cannot evict");
                    });
        }
    }
}
