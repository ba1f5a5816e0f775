package dev.toolfs.transport.mcp;

import java.io.IOException;
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
 * refused as the SDK would, but for the version: {@code "jsonrpc": "2.0"}, exactly, as JSON-RPC 2.0 asks (the SDK took
 * any, or none). What is refused is said in the client's terms ({@link NotAMessage}).
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

    /** A line that holds no JSON-RPC message: why, in the client's terms, and the JSON-RPC error it gets. */
    static final class NotAMessage extends Exception {

        private final int code;
        private final transient Object id;

        NotAMessage(int code, Object id, String why) {
            super(why, null, false, false); // an answer to the client, not a failure to trace
            this.code = code;
            this.id = id;
        }

        /** The JSON-RPC error code: a parse error, or an invalid request for JSON that is no message. */
        int code() {
            return code;
        }

        /** The id to answer with: the message's, when it has one it can be answered by, else null. */
        Object id() {
            return id;
        }
    }

    static final String NOT_A_MESSAGE = "it is not one JSON-RPC request, notification or response (an object with a"
            + " string method, a string or integer id)";

    /** The message on a line. */
    McpSchema.JSONRPCMessage read(byte[] line) throws NotAMessage {
        try {
            return readMessage(line);
        } catch (RuntimeException e) {
            // Whatever the reading did not foresee is still a line without a message, not the end of the connection.
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, null, NOT_A_MESSAGE);
        }
    }

    private McpSchema.JSONRPCMessage readMessage(byte[] line) throws NotAMessage {
        if (!dev.toolfs.fs.ByteScan.isUtf8(line, 0, line.length)) {
            // The parser would take an overlong form (C0 AF) for the character it spells ("/").
            throw new NotAMessage(McpSchema.ErrorCodes.PARSE_ERROR, null, "the line is not UTF-8");
        }
        if (dev.toolfs.fs.ByteScan.contains(line, (byte) 0, 0, line.length)) {
            // JSON text holds no NUL byte; the parser would take UTF-16 for JSON.
            throw new NotAMessage(McpSchema.ErrorCodes.PARSE_ERROR, null, "the line is not JSON");
        }
        Map<String, Object> map;
        try {
            map = mapReader.readValue(line);
        } catch (com.fasterxml.jackson.core.JsonParseException e) {
            // The parser's own words name its features and may cut a character in two: none of the client's concern.
            throw new NotAMessage(McpSchema.ErrorCodes.PARSE_ERROR, null, "the line is not JSON");
        } catch (com.fasterxml.jackson.databind.exc.MismatchedInputException e) {
            if (e.getOriginalMessage().startsWith("Trailing token")) {
                throw new NotAMessage(McpSchema.ErrorCodes.PARSE_ERROR, null,
                        "the line holds more than one JSON value (one message a line)");
            }
            // JSON, but no object: a batch (MCP has none since 2025-06-18), or a single value.
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, null, startsAnArray(line)
                    ? "batches are not supported; send one JSON-RPC message per line" : NOT_A_MESSAGE);
        } catch (IOException e) {
            throw new NotAMessage(McpSchema.ErrorCodes.PARSE_ERROR, null, "the line is not JSON");
        }
        if (map == null) {
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, null, NOT_A_MESSAGE); // the line is JSON's null
        }
        // A request is answered by its id, so that its client does not wait for ever; a response is never answered,
        // and its id is one of the server's own.
        Object id = map.get("id");
        Object answerable = map.containsKey("method") && (id instanceof String || id instanceof Integer || id instanceof Long)
                ? id : null;
        if (!McpSchema.JSONRPC_VERSION.equals(map.get("jsonrpc"))) {
            // JSON-RPC 2.0 asks for it exactly; the SDK took any version, or none.
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, answerable, "\"jsonrpc\" must be \"2.0\"");
        }
        if (map.containsKey("method") && !(map.get("method") instanceof String)) {
            // The SDK took a number for the method's name (and found no such method).
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, answerable, "the method must be a string");
        }
        McpSchema.JSONRPCMessage message;
        try {
            message = of(map);
        } catch (IllegalArgumentException e) {
            message = null; // fields of the wrong types
        }
        if (message == null) {
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, null, NOT_A_MESSAGE);
        }
        return message;
    }

    private static boolean startsAnArray(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return b == '[';
            }
        }
        return false;
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
