package dev.toolfs.sidecar;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdScalarSerializer;

import dev.toolfs.tools.JsonStrings;

/**
 * Every string of the sidecar's JSON, the long ones through {@link JsonStrings}: the same JSON, faster with the quick
 * compiler the sidecar runs with ({@code sidecar/jvm.args}). The text of a 2000-line read spent about a quarter of the
 * sidecar's time in Jackson's own way of writing it.
 */
final class LongStringSerializer extends StdScalarSerializer<String> {

    /** Below this the copy saves nothing. */
    static final int MIN_LENGTH = 64;

    LongStringSerializer() {
        super(String.class, false);
    }

    @Override
    public boolean isEmpty(SerializerProvider provider, String value) {
        return value.isEmpty();
    }

    @Override
    public void serialize(String value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        if (value.length() < MIN_LENGTH) {
            gen.writeString(value);
        } else {
            JsonStrings.write(gen, value);
        }
    }
}
