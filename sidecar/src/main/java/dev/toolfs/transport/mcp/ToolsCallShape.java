package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

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

    private static final JsonFactory JSON = new JsonFactory();

    private ToolsCallShape() {
    }

    /**
     * The id (a string or a number) of the request in {@code body} when it is a {@code tools/call} with params a server
     * cannot read; empty for anything else, including bodies that are not one JSON object (the library answers those).
     */
    public static Optional<Object> malformedCallId(byte[] body) {
        String method = null;
        Object id = null;
        boolean wellFormed = false;
        try (JsonParser p = JSON.createParser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            for (JsonToken t; (t = p.nextToken()) == JsonToken.FIELD_NAME;) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                switch (field) {
                    case "method" -> method = value == JsonToken.VALUE_STRING ? p.getText() : null;
                    case "id" -> id = value == JsonToken.VALUE_STRING ? p.getText()
                            : value == JsonToken.VALUE_NUMBER_INT ? p.getNumberValue() : null;
                    case "params" -> wellFormed = value == JsonToken.START_OBJECT && params(p);
                    default -> {
                    }
                }
                p.skipChildren();
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return "tools/call".equals(method) && id != null && !wellFormed ? Optional.of(id) : Optional.empty();
    }

    /** Inside the params object: a string name, and arguments absent, null or an object. Leaves it at its end. */
    private static boolean params(JsonParser p) throws IOException {
        boolean name = false;
        boolean arguments = true;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            if ("name".equals(field)) {
                name = value == JsonToken.VALUE_STRING;
            } else if ("arguments".equals(field)) {
                arguments = value == JsonToken.START_OBJECT || value == JsonToken.VALUE_NULL;
            }
            p.skipChildren();
        }
        return name && arguments;
    }

}
