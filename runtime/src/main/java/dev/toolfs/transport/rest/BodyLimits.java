package dev.toolfs.transport.rest;

import org.eclipse.microprofile.config.ConfigProvider;

import io.quarkus.runtime.configuration.MemorySize;

/**
 * The limits a request body meets: Tool FS's own ({@code quarkus.tool-fs.rest.max-body-size}, 0 for none), Quarkus'
 * ({@code quarkus.http.limits.max-body-size}, always), and what the maximum heap allows ({@link #forHeap}); a 413 names
 * the one that applies, the smallest.
 *
 * @param heap the largest body the maximum heap allows, {@link Long#MAX_VALUE} for no such bound
 */
public record BodyLimits(long toolFs, long quarkus, long heap) {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(BodyLimits.class);

    /** Whether the start said that the heap lowers the limit (REST and MCP read the limits each). */
    private static final java.util.concurrent.atomic.AtomicBoolean WARNED = new java.util.concurrent.atomic.AtomicBoolean();

    public BodyLimits(long toolFs, long quarkus) {
        this(toolFs, quarkus, Long.MAX_VALUE);
    }

    /** As configured, and as this JVM's maximum heap allows. */
    public static BodyLimits configured() {
        var config = ConfigProvider.getConfig();
        long toolFs = config.getOptionalValue("quarkus.tool-fs.rest.max-body-size", MemorySize.class)
                .map(dev.toolfs.config.ConfigSizes::bytes).orElse(10L * 1024 * 1024);
        long quarkus = config.getOptionalValue("quarkus.http.limits.max-body-size", MemorySize.class)
                .map(dev.toolfs.config.ConfigSizes::bytes).orElse(10L * 1024 * 1024);
        long maxHeap = Runtime.getRuntime().maxMemory();
        BodyLimits limits = new BodyLimits(toolFs, quarkus, forHeap(maxHeap));
        if (limits.heapApplies() && WARNED.compareAndSet(false, true)) {
            LOG.warnf("request bodies are limited to %d bytes, though quarkus.tool-fs.rest.max-body-size is %d bytes:"
                    + " a write holds its body about seven times over, and the maximum heap is %d bytes; give the JVM"
                    + " more heap (-Xmx) to take larger bodies", limits.heap, toolFs, maxHeap);
        }
        return limits;
    }

    /**
     * The largest body a heap of {@code maxHeapBytes} takes: a twelfth of it, and at least 1 MiB. A write holds its
     * body about seven times over, so one write of a larger body ran the heap out, which ends the sidecar (found by
     * black-box testing: at {@code -Xmx48m}, one write of 7 MiB; at {@code -Xmx64m}, one of 10 MiB).
     */
    public static long forHeap(long maxHeapBytes) {
        return Math.max(1L << 20, maxHeapBytes / 12);
    }

    /** The limit without the heap's. */
    private long configuredLimit() {
        return toolFs > 0 ? Math.min(toolFs, quarkus) : quarkus;
    }

    /** Whether the heap's bound is the one that applies. */
    private boolean heapApplies() {
        return heap < configuredLimit();
    }

    /** The most bytes a body may have. */
    public long effective() {
        return Math.min(configuredLimit(), heap);
    }

    /** What a 413 says: the limit, and the key (or the heap) that sets it. */
    public String tooLarge() {
        if (heapApplies()) {
            return "the request body is over the " + heap + "-byte limit that the server's maximum heap allows (a twelfth"
                    + " of it); give the JVM more heap (-Xmx) to send larger ones";
        }
        return toolFs > 0 && toolFs <= quarkus
                ? "the request body is over the " + toolFs + "-byte limit (quarkus.tool-fs.rest.max-body-size)"
                : "the request body is over the size limit (quarkus.http.limits.max-body-size)";
    }
}
