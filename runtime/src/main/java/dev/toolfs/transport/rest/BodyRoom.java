package dev.toolfs.transport.rest;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory that request bodies being received and handled may take at once. A write holds its body several times
 * over (the bytes, the text, the new file's bytes), so concurrent large bodies on a small heap ran the JVM out of
 * memory, and Vert.x then dropped the chunk it could not append and passed the rest on as the whole body: a write
 * answered success and saved a file with a piece cut out. A body that does not fit while others are in hand is refused
 * at once (503), before it is read; one alone always fits.
 */
public final class BodyRoom {

    /** One room per capacity, shared by the REST API and the MCP endpoint of an application. */
    private static final java.util.Map<Long, BodyRoom> ROOMS = new java.util.concurrent.ConcurrentHashMap<>();

    private final long capacity;
    private final AtomicLong used = new AtomicLong();

    BodyRoom(long capacity) {
        this.capacity = capacity;
    }

    /**
     * The room the configuration gives: {@code quarkus.tool-fs.rest.bodies-in-memory}, by default a tenth of the heap
     * and at least two bodies of the largest size.
     */
    static BodyRoom configured(long largestBody) {
        long capacity = org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getOptionalValue("quarkus.tool-fs.rest.bodies-in-memory", io.quarkus.runtime.configuration.MemorySize.class)
                .map(io.quarkus.runtime.configuration.MemorySize::asLongValue)
                .orElse(Math.max(2 * largestBody, Runtime.getRuntime().maxMemory() / 10));
        return ROOMS.computeIfAbsent(capacity, BodyRoom::new);
    }

    long capacity() {
        return capacity;
    }

    /** Takes room for a body of {@code bytes}; false when others hold too much of it. */
    boolean take(long bytes) {
        while (true) {
            long now = used.get();
            if (now > 0 && now + bytes > capacity) {
                return false;
            }
            if (used.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    void give(long bytes) {
        used.addAndGet(-bytes);
    }
}
