package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.netty.buffer.ByteBuf;

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
     * server cannot read; empty for anything else. The guard reads a body this way once it knows it is an
     * {@code initialize} (once a session).
     */
    public static Optional<Object> malformedId(ByteBuf body) {
        try (JsonParser p = McpRequestBody.parser(body)) {
            Map<?, ?> request = JSON.readValue(p, Map.class);
            Object id = request.get("id");
            if (!"initialize".equals(request.get("method")) || !(id instanceof String || id instanceof Number)
                    || wellFormed(request.get("params"))) {
                return Optional.empty();
            }
            return Optional.of(id);
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // not one JSON object: the library answers those
        }
    }
}
