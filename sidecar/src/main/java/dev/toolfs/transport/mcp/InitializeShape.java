package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;

/**
 * Finds an {@code initialize} request whose params the server cannot read: not an object with a string
 * {@code protocolVersion}, a {@code clientInfo} object with a string {@code name} and {@code version}, and, if present,
 * a {@code capabilities} object. Over HTTP the library fails on these with an HTTP 500 (and a stack trace in the log);
 * over stdio the SDK answers some with an internal error naming its own classes. Both transports answer them with
 * invalid params instead.
 */
public final class InitializeShape {

    /** The answer's message, the same over both transports. */
    public static final String MESSAGE = "initialize needs params {\"protocolVersion\": <string>, \"capabilities\": <object>,"
            + " \"clientInfo\": {\"name\": <string>, \"version\": <string>}}";

    private static final ObjectMapper JSON = new ObjectMapper();

    private InitializeShape() {
    }

    /** The rule, for params read into a map. */
    public static boolean wellFormed(Object params) {
        return params instanceof Map<?, ?> m && m.get("protocolVersion") instanceof String
                && m.get("clientInfo") instanceof Map<?, ?> info && info.get("name") instanceof String
                && info.get("version") instanceof String
                && (m.get("capabilities") == null || m.get("capabilities") instanceof Map);
    }

    /**
     * The id (a string or a number) of the request in {@code body} when it is an {@code initialize} with params the
     * server cannot read; empty for anything else. Other requests are read only up to their method (a client writes it
     * before the params), an {@code initialize} (once a session) whole.
     */
    public static Optional<Object> malformedId(ByteBuf body) {
        try {
            if (!isInitialize(parser(body))) {
                return Optional.empty();
            }
            Map<?, ?> request = JSON.readValue(parser(body), Map.class);
            Object id = request.get("id");
            if (!(id instanceof String || id instanceof Number) || wellFormed(request.get("params"))) {
                return Optional.empty();
            }
            return Optional.of(id);
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // not one JSON object: the library answers those
        }
    }

    private static JsonParser parser(ByteBuf body) throws IOException {
        if (body.hasArray()) {
            return JSON.getFactory().createParser(body.array(), body.arrayOffset() + body.readerIndex(), body.readableBytes());
        }
        return JSON.getFactory().createParser((InputStream) new ByteBufInputStream(body.duplicate()));
    }

    private static boolean isInitialize(JsonParser parser) throws IOException {
        try (JsonParser p = parser) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return false;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if ("method".equals(field)) {
                    return value == JsonToken.VALUE_STRING && "initialize".equals(p.getText());
                }
                p.skipChildren();
            }
            return false;
        }
    }
}
