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

    /** The most names one object of a tool's arguments may have, at any depth: no tool takes nearly as many. */
    public static final int MAX_NAMES = 1000;

    /**
     * The most values (objects, arrays and scalars) a tool's arguments may hold: no tool of Tool FS's takes more than a
     * handful, and no model writes ten thousand in one call. Found by black-box testing: a body of 1.5 MB holding
     * 500,000 empty objects, under the body limit, took tens of MB as a tree and ran a 48 MiB heap out.
     */
    public static final int MAX_VALUES = 10_000;

    /** What {@link #tooMuch} says of arguments of too many names. */
    public static final String TOO_MANY_NAMES = "an object with more than " + MAX_NAMES + " names";
    /** What {@link #tooMuch} says of arguments of too many values. */
    public static final String TOO_MANY_VALUES = "more than " + MAX_VALUES + " JSON values";

    /**
     * What makes {@code json} too much to read as a tree ({@link #TOO_MANY_NAMES}, {@link #TOO_MANY_VALUES}), read
     * with {@code reader}'s parser without building anything, or null: found by black-box testing, tens of thousands of
     * names (a few MB) took hundreds of MB once read as a tree and checked as arguments. Malformed JSON is left to the
     * reading that follows.
     */
    public static String tooMuch(ObjectReader reader, byte[] json) {
        try (CountingJsonParser p = new CountingJsonParser(reader.createParser(json), MAX_NAMES, MAX_VALUES)) {
            while (p.nextToken() != null) {
                // counted as read
            }
            return null;
        } catch (CountingJsonParser.TooManyNamesException e) {
            return TOO_MANY_NAMES;
        } catch (CountingJsonParser.TooManyValuesException e) {
            return TOO_MANY_VALUES;
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
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
