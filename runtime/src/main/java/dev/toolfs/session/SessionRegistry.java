package dev.toolfs.session;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The live sessions, bounded in number and idle time. Eviction is lazy (on access), and an evicted session simply
 * starts again with nothing observed.
 */
public final class SessionRegistry {

    private final Map<String, ToolSession> sessions = new ConcurrentHashMap<>();
    private final int maxSessions;
    private final long idleNanos;

    public SessionRegistry(int maxSessions, Duration idleTimeout) {
        this.maxSessions = Math.max(1, maxSessions);
        this.idleNanos = idleTimeout.toNanos();
    }

    /** The session with this id, created with {@code defaultCwd} when new (or evicted). */
    public ToolSession session(String id, Path defaultCwd) {
        long now = System.nanoTime();
        ToolSession existing = sessions.get(id);
        if (existing != null && now - existing.lastUsedNanos() > idleNanos) {
            sessions.remove(id, existing);
        }
        ToolSession s = sessions.computeIfAbsent(id, k -> new ToolSession(k, defaultCwd));
        s.touch();
        if (sessions.size() > maxSessions) {
            evict(now, s);
        }
        return s;
    }

    public Optional<ToolSession> find(String id) {
        return Optional.ofNullable(sessions.get(id));
    }

    public java.util.Collection<ToolSession> all() {
        return java.util.List.copyOf(sessions.values());
    }

    private synchronized void evict(long now, ToolSession keep) {
        sessions.values().removeIf(s -> s != keep && now - s.lastUsedNanos() > idleNanos);
        while (sessions.size() > maxSessions) {
            sessions.values().stream()
                    .filter(s -> s != keep)
                    .min(Comparator.comparingLong(ToolSession::lastUsedNanos))
                    .ifPresentOrElse(oldest -> sessions.remove(oldest.id(), oldest), () -> {
                        throw new IllegalStateException("cannot evict");
                    });
        }
    }
}
