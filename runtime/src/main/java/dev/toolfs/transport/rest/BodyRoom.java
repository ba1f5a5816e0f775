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

    /**
     * Bodies smaller than this have room of their own: an approval's answer, a read's arguments. Large bodies that
     * wait for an approval hold theirs meanwhile, and so had kept the answer that would end the wait from being
     * received at all, and every other call with it (found by black-box testing).
     */
    public static final long SMALL_BYTES = 8 * 1024;

    private final long capacity;
    private final AtomicLong used = new AtomicLong();
    private final long smallCapacity;
    private final AtomicLong smallUsed = new AtomicLong();

    BodyRoom(long capacity) {
        this.capacity = capacity;
        this.smallCapacity = Math.max(capacity / 8, 32 * SMALL_BYTES);
    }

    /**
     * The room the configuration gives: {@code quarkus.tool-fs.rest.bodies-in-memory}, by default a tenth of the heap
     * and at least one body of the largest size. Not two: two writes of the largest size at once ran a 128 MiB heap
     * out (found by black-box testing), and one alone always fits anyway.
     */
    public static BodyRoom configured(long largestBody) {
        long capacity = org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getOptionalValue("quarkus.tool-fs.rest.bodies-in-memory", io.quarkus.runtime.configuration.MemorySize.class)
                .map(dev.toolfs.config.ConfigSizes::bytes)
                .orElse(defaultCapacity(largestBody, Runtime.getRuntime().maxMemory()));
        return ROOMS.computeIfAbsent(capacity, BodyRoom::new);
    }

    /** The room when none is configured: a tenth of the heap, and at least one body of the largest size. */
    static long defaultCapacity(long largestBody, long maxHeap) {
        return Math.max(largestBody, maxHeap / 10);
    }

    public long capacity() {
        return capacity;
    }

    /** Takes room for a body of {@code bytes}; false when others hold too much of it. */
    public boolean take(long bytes) {
        boolean small = bytes < SMALL_BYTES;
        AtomicLong pool = small ? smallUsed : used;
        long limit = small ? smallCapacity : capacity;
        while (true) {
            long now = pool.get();
            if (now > 0 && now + bytes > limit) {
                return false;
            }
            if (pool.compareAndSet(now, now + bytes)) {
                return true;
            }
        }
    }

    /**
     * What a request of {@code bytes} refused for want of room is told, naming the room it was refused (the small
     * bodies' own, or the others'): {@code what} names the requests ("bodies", "messages").
     */
    public String busy(String what, long bytes) {
        long limit = bytes < SMALL_BYTES ? smallCapacity : capacity;
        return "the server is receiving other large requests (at most " + dev.toolfs.fs.FsException.sizeShown(limit)
                + " of " + what + " at once); nothing was done — retry in a moment";
    }

    /** Whether small bodies hold more than half their room. */
    public boolean smallUnderPressure() {
        return smallUsed.get() > smallCapacity / 2;
    }

    /** Gives back what {@link #take} took for a body of {@code bytes}. */
    public void give(long bytes) {
        (bytes < SMALL_BYTES ? smallUsed : used).addAndGet(-bytes);
    }
}
