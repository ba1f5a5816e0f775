package dev.toolfs.runtime;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;

/**
 * How a tool's arguments that come as JSON text are read, the same on every way in (the REST API's body, a LangChain4j
 * tool request): one JSON value and nothing after it, and fractions as written, so that 2.0000000000000001 is no
 * integer, though the double it rounds to is one.
 */
public final class ArgumentsJson {

    private ArgumentsJson() {
    }

    /** The reader, from the application's mapper. */
    public static ObjectReader reader(ObjectMapper mapper) {
        return mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    }
}
