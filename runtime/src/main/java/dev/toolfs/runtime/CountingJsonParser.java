package dev.toolfs.runtime;

import java.io.IOException;
import java.util.Arrays;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;

/**
 * A parser of what a client sent that counts as it reads: the values (what reading them as a tree makes), and the
 * names of each object, refused past a bound. Used where a message is read once before anything is built of it.
 */
public final class CountingJsonParser extends JsonParserDelegate {

    /** An object with more names than the bound. */
    public static final class TooManyNamesException extends IOException {
        private static final long serialVersionUID = 1L;

        TooManyNamesException(int maxNames) {
            super("an object has more than " + maxNames + " names");
        }
    }

    /** More values than the bound. */
    public static final class TooManyValuesException extends IOException {
        private static final long serialVersionUID = 1L;

        TooManyValuesException(int maxValues) {
            super("more than " + maxValues + " values");
        }
    }

    private final int maxNames;
    private final int maxValues;
    private int values;
    /** The names so far of each object or array open, innermost last (an array's stays 0). */
    private int[] names = new int[16];
    private int depth = -1;

    public CountingJsonParser(JsonParser parser, int maxNames) {
        this(parser, maxNames, Integer.MAX_VALUE);
    }

    /** @param maxValues the most values, objects and arrays included, refused past it as they are read */
    public CountingJsonParser(JsonParser parser, int maxNames, int maxValues) {
        super(parser);
        this.maxNames = maxNames;
        this.maxValues = maxValues;
    }

    /** How many values were read so far, objects and arrays included. */
    public int values() {
        return values;
    }

    @Override
    public JsonToken nextToken() throws IOException {
        JsonToken token = super.nextToken();
        if (token == null) {
            return null;
        }
        if ((token.isStructStart() || token.isScalarValue()) && ++values > maxValues) {
            throw new TooManyValuesException(maxValues);
        }
        switch (token) {
            case START_OBJECT, START_ARRAY -> {
                if (++depth == names.length) {
                    names = Arrays.copyOf(names, depth * 2);
                }
                names[depth] = 0;
            }
            case END_OBJECT, END_ARRAY -> depth--;
            case FIELD_NAME -> {
                if (++names[depth] > maxNames) {
                    throw new TooManyNamesException(maxNames);
                }
            }
            default -> {
            }
        }
        return token;
    }

    /** Through {@link #nextToken()}, so that what is skipped is counted too (the delegate's would go around it). */
    @Override
    public JsonParser skipChildren() throws IOException {
        JsonToken token = currentToken();
        if (token != JsonToken.START_OBJECT && token != JsonToken.START_ARRAY) {
            return this;
        }
        int open = 1;
        while (open > 0) {
            token = nextToken();
            if (token == null) {
                return this;
            }
            if (token.isStructStart()) {
                open++;
            } else if (token.isStructEnd()) {
                open--;
            }
        }
        return this;
    }
}
