package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;

import io.modelcontextprotocol.spec.McpSchema;

/**
 * JSON-RPC messages read from a line's UTF-8 bytes, as the MCP SDK reads one from a {@code String}
 * ({@code McpSchema.deserializeJsonRpcMessage}): a map first, then the message it holds.
 *
 * <p>
 * The SDK's way costs more than the line's parsing under the quick compiler: resolving the map's generic type on
 * every message, and converting the map into the message through a second pass of Jackson (a token buffer). Here the
 * map's reader is made once, and a request or notification whose fields have their plain types (text, and an id
 * that is text or an integer) is built at once; anything else goes the SDK's way, so it is accepted, coerced or
 * refused as the SDK would.
 */
final class JsonRpcMessages {

    private final ObjectMapper mapper;
    private final ObjectReader mapReader;

    JsonRpcMessages(ObjectMapper mapper) {
        this.mapper = mapper;
        // One message a line: more after it (a second message, garbage) makes the line no message, not a lost request.
        this.mapReader = mapper.readerFor(mapper.getTypeFactory().constructMapType(HashMap.class, String.class, Object.class))
                .with(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** The message on a line; an exception when it holds none. */
    McpSchema.JSONRPCMessage read(byte[] line) throws IOException {
        if (!dev.toolfs.fs.ByteScan.isUtf8(line, 0, line.length)) {
            // The parser would take an overlong form (C0 AF) for the character it spells ("/").
            throw new IOException("the line is not UTF-8");
        }
        Map<String, Object> map = mapReader.readValue(line);
        McpSchema.JSONRPCMessage message = of(map);
        if (message == null) {
            throw new IllegalArgumentException("Cannot deserialize JSONRPCMessage: " + new String(line, StandardCharsets.UTF_8));
        }
        return message;
    }

    /** The message a JSON object holds, or null when it is none (neither a method nor a result or error). */
    McpSchema.JSONRPCMessage of(Map<String, Object> map) {
        if (map.containsKey("method")) {
            Object jsonrpc = map.get("jsonrpc");
            Object method = map.get("method");
            boolean plain = jsonrpc instanceof String && method instanceof String;
            if (map.containsKey("id")) {
                Object id = map.get("id");
                return plain && (id instanceof String || id instanceof Integer || id instanceof Long)
                        ? new McpSchema.JSONRPCRequest((String) jsonrpc, (String) method, id, map.get("params"))
                        : mapper.convertValue(map, McpSchema.JSONRPCRequest.class);
            }
            return plain ? new McpSchema.JSONRPCNotification((String) jsonrpc, (String) method, map.get("params"))
                    : mapper.convertValue(map, McpSchema.JSONRPCNotification.class);
        }
        if (map.containsKey("result") || map.containsKey("error")) {
            return mapper.convertValue(map, McpSchema.JSONRPCResponse.class);
        }
        return null;
    }
}
