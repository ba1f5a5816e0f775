package dev.toolfs.sidecar;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;

/**
 * Writes a long string from a {@code char[]} copy instead of from the {@code String}: the same JSON, but Jackson
 * escapes a {@code String} through a {@code charAt} call per character, which the quick compiler the sidecar runs with
 * ({@code sidecar/jvm.args}) does not turn into array access. The text of a 2000-line read spent about a quarter of
 * the sidecar's time there; the array loop is several times faster.
 */
final class LongStringSerializer extends StdScalarSerializer<String> {

    /** Below this the copy saves nothing. */
    static final int MIN_LENGTH = 64;
    /** The largest buffer a thread keeps between calls, 32 KiB (a larger string gets its own). */
    private static final int KEPT_CHARS = 1 << 14;
    private static final ThreadLocal<char[]> BUFFER = ThreadLocal.withInitial(() -> new char[1024]);

    LongStringSerializer() {
        super(String.class, false);
    }

    @Override
    public boolean isEmpty(SerializerProvider provider, String value) {
        return value.isEmpty();
    }

    @Override
    public void serialize(String value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        int length = value.length();
        if (length < MIN_LENGTH) {
            gen.writeString(value);
            return;
        }
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
