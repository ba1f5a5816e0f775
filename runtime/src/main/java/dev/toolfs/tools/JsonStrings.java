package dev.toolfs.tools;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;

/**
 * Writes a JSON string from a {@code char[]} copy instead of from the {@code String}: the same JSON, but Jackson
 * escapes a {@code String} through a {@code charAt} call per character, which the quick JIT compiler (the sidecar's
 * JVM options) does not turn into array access; its loop over an array is several times faster.
 */
public final class JsonStrings {

    /** The largest buffer a thread keeps between strings, 32 KiB (a longer string gets its own). */
    private static final int KEPT_CHARS = 1 << 14;
    private static final ThreadLocal<char[]> BUFFER = ThreadLocal.withInitial(() -> new char[1024]);

    private JsonStrings() {
    }

    /** Writes {@code value} as a JSON string value. */
    public static void write(JsonGenerator gen, String value) throws IOException {
        int length = value.length();
        char[] buffer = BUFFER.get();
        if (buffer.length < length) {
            buffer = new char[length];
            if (length <= KEPT_CHARS) {
                BUFFER.set(buffer);
            }
        }
        value.getChars(0, length, buffer, 0);
        gen.writeString(buffer, 0, length);
    }
}
