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

    /**
     * The reader, from the application's mapper, with names not kept in the parser's table of names: the table is
     * shared by every parse of the mapper, and names made to collide in it (thousands, in a body of a few MB) left it
     * broken, so that the next ordinary requests failed (found by black-box testing). A tool's arguments have a few
     * names, which the table would hardly speed up.
     */
    public static ObjectReader reader(ObjectMapper mapper) {
        ObjectMapper untrusted = mapper.copyWith(mapper.getFactory().rebuild()
                .disable(com.fasterxml.jackson.core.JsonFactory.Feature.CANONICALIZE_FIELD_NAMES).build());
        return untrusted.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
    }
}
