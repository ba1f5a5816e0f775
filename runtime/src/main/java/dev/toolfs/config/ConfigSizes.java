package dev.toolfs.config;

import java.math.BigInteger;

import io.quarkus.runtime.configuration.MemorySize;

/** Sizes of the configuration in bytes. */
public final class ConfigSizes {

    private ConfigSizes() {
    }

    /**
     * {@code size} in bytes, at most {@link Long#MAX_VALUE}: a size meant as "no bound" ({@code 8E}, {@code 99999Y})
     * is as good as that, where {@link MemorySize#asLongValue()} failed the start with an exception that named no key
     * (found by black-box testing).
     */
    public static long bytes(MemorySize size) {
        BigInteger b = size.asBigInteger();
        return b.bitLength() < 64 ? b.longValue() : b.signum() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
}
