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

    /**
     * The id (a string or a number) of the request in {@code body} when it is a {@code tools/call} with params a server
     * cannot read; empty for anything else, including bodies that are not one JSON object (the library answers those).
     * The body is read where it lies (no copy).
     */
    public static Optional<Object> malformedCallId(ByteBuf body) {
        try {
            return malformedCallId(JsonBody.parser(body));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Object> malformedCallId(JsonParser parser) {
        String method = null;
        Object id = null;
        Boolean wellFormed = null;
        try (JsonParser p = parser) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            for (JsonToken t; (t = p.nextToken()) == JsonToken.FIELD_NAME;) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                switch (field) {
                    case "method" -> {
                        method = value == JsonToken.VALUE_STRING ? p.getText() : null;
                        if (!"tools/call".equals(method)) {
                            return Optional.empty(); // the rest is not read: most requests stop here
                        }
                    }
                    case "id" -> id = value == JsonToken.VALUE_STRING ? p.getText()
                            : value == JsonToken.VALUE_NUMBER_INT ? p.getNumberValue() : null;
                    case "params" -> {
                        wellFormed = value == JsonToken.START_OBJECT && params(p);
                        if (wellFormed && method != null) {
                            return Optional.empty(); // a call as it should be: its arguments are not read
                        }
                    }
                    default -> {
                    }
                }
                p.skipChildren();
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return "tools/call".equals(method) && id != null && !Boolean.TRUE.equals(wellFormed) ? Optional.of(id)
                : Optional.empty();
    }

    /**
     * Inside the params object: a string name, and arguments absent, null or an object. Leaves the parser at the
     * params' end, or (when they are known to be right) wherever it stopped.
     */
    private static boolean params(JsonParser p) throws IOException {
        boolean name = false;
        boolean arguments = true;
        boolean argumentsSeen = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            if ("name".equals(field)) {
                name = value == JsonToken.VALUE_STRING;
            } else if ("arguments".equals(field)) {
                argumentsSeen = true;
                arguments = value == JsonToken.START_OBJECT || value == JsonToken.VALUE_NULL;
            }
            if (name && argumentsSeen && arguments) {
                return true; // the caller stops reading when it knows the method
            }
            p.skipChildren();
        }
        return name && arguments;
    }
}
