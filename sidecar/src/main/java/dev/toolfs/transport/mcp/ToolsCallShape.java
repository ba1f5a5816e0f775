package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import io.netty.buffer.ByteBuf;

/**
 * Finds a {@code tools/call} request whose params a server cannot read: not an object with a string {@code name}
 * and, if present, an object {@code arguments}. The HTTP library fails on some of these without answering (a
 * missing name leaves the client waiting), so the sidecar answers them itself, as the stdio transport does.
 *
 * <p>
 * One streaming pass, nothing kept but the id: it runs on every MCP request body.
 */
public final class ToolsCallShape {

    /** The answer's message, the same over both transports. */
    public static final String MESSAGE = "tools/call needs params {\"name\": <string>, \"arguments\": <object, optional>}";

    /** The same rule for params already read into a map (the stdio transport's). */
    public static boolean wellFormed(Object params) {
        return params instanceof java.util.Map<?, ?> m && m.get("name") instanceof String
                && (m.get("arguments") == null || m.get("arguments") instanceof java.util.Map);
    }

    private ToolsCallShape() {
    }

    /** What a body holds, as far as the sidecar answers it itself over HTTP. */
    public enum Verdict {
        /** Not one tools/call object: the library's to answer. */
        OTHER,
        /** A tools/call as it should be. */
        FINE,
        /** A tools/call whose arguments name a value null: the library cannot take those (the tools can). */
        NULL_ARGUMENTS,
        /** A tools/call without an id: a notification, which is not run and not answered. */
        NOTIFICATION,
        /** A tools/call whose id is neither a string nor an integer. */
        BAD_ID,
        /** A tools/call whose params a server cannot read. */
        MALFORMED,
        /** A tools/call whose body is not one JSON value (cut short, or more after it). */
        NOT_JSON
    }

    /** The verdict, and the request's id (for {@link Verdict#MALFORMED}). */
    public record Inspection(Verdict verdict, Object id) {
    }

    /**
     * The id (a string or a number) of the request in {@code body} when it is a {@code tools/call} with params a server
     * cannot read; empty for anything else.
     */
    public static Optional<Object> malformedCallId(ByteBuf body) {
        Inspection i = inspect(body);
        return i.verdict() == Verdict.MALFORMED ? Optional.of(i.id()) : Optional.empty();
    }

    /**
     * Reads a {@code tools/call} body once, where it lies (no copy): its id, its params' shape, whether an argument is
     * null, and that nothing follows the object. Any other method is known at its name and not read further.
     */
    public static Inspection inspect(ByteBuf body) {
        String method = null;
        Object id = null;
        boolean idSeen = false;
        boolean idOk = false;
        int params = 0; // 0 not seen, 1 well formed, 2 well formed with a null argument, -1 malformed
        try (JsonParser p = JsonBody.parser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return new Inspection(Verdict.OTHER, null);
            }
            try {
                for (JsonToken t; (t = p.nextToken()) == JsonToken.FIELD_NAME;) {
                    String field = p.currentName();
                    JsonToken value = p.nextToken();
                    switch (field) {
                        case "method" -> {
                            method = value == JsonToken.VALUE_STRING ? p.getText() : null;
                            if (!"tools/call".equals(method)) {
                                return new Inspection(Verdict.OTHER, null); // most requests stop here
                            }
                        }
                        case "id" -> {
                            idSeen = true;
                            idOk = value == JsonToken.VALUE_STRING || value == JsonToken.VALUE_NUMBER_INT;
                            id = value == JsonToken.VALUE_STRING ? p.getText()
                                    : value == JsonToken.VALUE_NUMBER_INT ? p.getNumberValue() : null;
                        }
                        case "params" -> params = value == JsonToken.START_OBJECT ? params(p) : -1;
                        default -> {
                        }
                    }
                    p.skipChildren();
                }
                if (!"tools/call".equals(method)) {
                    return new Inspection(Verdict.OTHER, null);
                }
                if (p.nextToken() != null) {
                    return new Inspection(Verdict.NOT_JSON, null);
                }
            } catch (IOException e) {
                return new Inspection("tools/call".equals(method) ? Verdict.NOT_JSON : Verdict.OTHER, null);
            }
        } catch (IOException e) {
            return new Inspection(Verdict.OTHER, null);
        }
        if (!idSeen) {
            return new Inspection(Verdict.NOTIFICATION, null);
        }
        if (!idOk) {
            return new Inspection(Verdict.BAD_ID, null);
        }
        return switch (params) {
            case 1 -> new Inspection(Verdict.FINE, id);
            case 2 -> new Inspection(Verdict.NULL_ARGUMENTS, id);
            default -> new Inspection(Verdict.MALFORMED, id);
        };
    }

    /**
     * Inside the params object: a string name, and arguments absent, null or an object (1, or 2 when one of its
     * values is null); -1 otherwise. Leaves the parser at the params' end.
     */
    private static int params(JsonParser p) throws IOException {
        boolean name = false;
        boolean arguments = true;
        boolean nullArgument = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            if ("name".equals(field)) {
                name = value == JsonToken.VALUE_STRING;
            } else if ("arguments".equals(field)) {
                arguments = value == JsonToken.START_OBJECT || value == JsonToken.VALUE_NULL;
                if (value == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        nullArgument |= p.nextToken() == JsonToken.VALUE_NULL;
                        p.skipChildren();
                    }
                    continue; // at the arguments' end
                }
            }
            p.skipChildren();
        }
        return !(name && arguments) ? -1 : nullArgument ? 2 : 1;
    }
}
