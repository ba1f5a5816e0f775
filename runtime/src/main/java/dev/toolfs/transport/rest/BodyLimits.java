package dev.toolfs.transport.rest;

import org.eclipse.microprofile.config.ConfigProvider;

import io.quarkus.runtime.configuration.MemorySize;

/**
 * The two limits a request body meets: Tool FS's own ({@code quarkus.tool-fs.rest.max-body-size}, 0 for none) and
 * Quarkus' ({@code quarkus.http.limits.max-body-size}, always); a 413 names the one that applies, the smaller.
 */
public record BodyLimits(long toolFs, long quarkus) {

    /** Both, as configured. */
    public static BodyLimits configured() {
        var config = ConfigProvider.getConfig();
        long toolFs = config.getOptionalValue("quarkus.tool-fs.rest.max-body-size", MemorySize.class)
                .map(dev.toolfs.config.ConfigSizes::bytes).orElse(10L * 1024 * 1024);
        long quarkus = config.getOptionalValue("quarkus.http.limits.max-body-size", MemorySize.class)
                .map(dev.toolfs.config.ConfigSizes::bytes).orElse(10L * 1024 * 1024);
        return new BodyLimits(toolFs, quarkus);
    }

    /** The most bytes a body may have. */
    public long effective() {
        return toolFs > 0 ? Math.min(toolFs, quarkus) : quarkus;
    }

    /** What a 413 says: the limit, and the key that sets it. */
    public String tooLarge() {
        return toolFs > 0 && toolFs <= quarkus
                ? "the request body is over the " + toolFs + "-byte limit (quarkus.tool-fs.rest.max-body-size)"
                : "the request body is over the size limit (quarkus.http.limits.max-body-size)";
    }
}
