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
        this.mapReader = mapper.readerFor(mapper.getTypeFactory().constructMapType(HashMap.class, String.class, Object.class));
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

    /**
     * The id of the request on a line (an object with a string {@code method} and a string or integer {@code id} at
     * its top), read without keeping its params; null for anything else, which {@link #read} then judges.
     */
    Object requestId(byte[] line) {
        try (com.fasterxml.jackson.core.JsonParser p = mapper.getFactory().createParser(line)) {
            if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                return null;
            }
            Object id = null;
            boolean method = false;
            while (p.nextToken() == com.fasterxml.jackson.core.JsonToken.FIELD_NAME) {
                String name = p.currentName();
                com.fasterxml.jackson.core.JsonToken value = p.nextToken();
                if ("id".equals(name) && value == com.fasterxml.jackson.core.JsonToken.VALUE_STRING) {
                    id = p.getText();
                } else if ("id".equals(name) && value == com.fasterxml.jackson.core.JsonToken.VALUE_NUMBER_INT
                        && p.getNumberType() != com.fasterxml.jackson.core.JsonParser.NumberType.BIG_INTEGER) {
                    id = p.getNumberValue();
                } else if ("method".equals(name)) {
                    method = value == com.fasterxml.jackson.core.JsonToken.VALUE_STRING;
                } else {
                    p.skipChildren(); // a string value is skipped unread
                }
            }
            return method ? id : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The shortest line whose names and values are counted as it is read: a shorter one cannot hold 1001 distinct names
     * (six bytes each at least, most seven) nor 10,001 values, and small calls, the most, are read without the count.
     */
    static final int COUNTED_BYTES = 4096;

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
        if (!dev.toolfs.fs.ByteScan.isJsonText(line, 0, line.length)) {
            // The parser would take an overlong form (C0 AF) for the character it spells ("/"), and a line with a NUL
            // (JSON text holds none) for UTF-16.
            throw new NotAMessage(McpSchema.ErrorCodes.PARSE_ERROR, null,
                    dev.toolfs.fs.ByteScan.isUtf8(line, 0, line.length) ? NOT_JSON : "the line is not UTF-8");
        }
        Map<String, Object> map;
        try (com.fasterxml.jackson.core.JsonParser p = line.length < COUNTED_BYTES ? mapper.getFactory().createParser(line)
                : new dev.toolfs.runtime.CountingJsonParser(mapper.getFactory().createParser(line),
                        dev.toolfs.runtime.ArgumentsJson.MAX_NAMES, dev.toolfs.runtime.ArgumentsJson.MAX_VALUES)) {
            // A key twice is no JSON-RPC message (which id would be answered?): refused, as over HTTP; the map would
            // have kept the last.
            p.enable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            com.fasterxml.jackson.core.JsonToken first = p.nextToken();
            if (first != com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                // JSON's null, a single value, or a batch (MCP has none since 2025-06-18): read whole first, so that
                // broken JSON ("[abc", a cut line, a string never closed) is a parse error, not a batch (found by
                // black-box testing).
                if (first == com.fasterxml.jackson.core.JsonToken.START_ARRAY) {
                    p.skipChildren();
                } else if (first != null) {
                    p.finishToken();
                }
                if (first != null && p.nextToken() != null) {
                    throw new NotAMessage(McpSchema.ErrorCodes.PARSE_ERROR, null,
                            "the line holds more than one JSON value (one message a line)");
                }
                throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, null, startsAnArray(line)
                        ? "batches are not supported; send one JSON-RPC message per line" : NOT_A_MESSAGE);
            }
            map = mapReader.readValue(p);
            if (p.nextToken() != null) {
                // One message a line: more after it (a second message, garbage) makes the line no message, not a lost
                // request.
                throw new NotAMessage(McpSchema.ErrorCodes.PARSE_ERROR, null,
                        "the line holds more than one JSON value (one message a line)");
            }
        } catch (dev.toolfs.runtime.CountingJsonParser.TooManyNamesException e) {
            // As over HTTP: very many names or values take far more memory as a tree than as text (a line of 3.6 MB
            // holding 1,200,000 empty objects ran a 48 MiB heap out). Answered by the request's id, read apart.
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, requestId(line),
                    "the line has " + dev.toolfs.runtime.ArgumentsJson.TOO_MANY_NAMES);
        } catch (dev.toolfs.runtime.CountingJsonParser.TooManyValuesException e) {
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, requestId(line),
                    "the line holds " + dev.toolfs.runtime.ArgumentsJson.TOO_MANY_VALUES);
        } catch (com.fasterxml.jackson.core.exc.StreamConstraintsException e) {
            // Valid JSON past one of the parser's limits: saying "not JSON" would send the client looking for a typo.
            throw new NotAMessage(McpSchema.ErrorCodes.PARSE_ERROR, null, String.valueOf(e.getMessage()).contains("nesting")
                    ? "the JSON nests deeper than " + mapper.getFactory().streamReadConstraints().getMaxNestingDepth()
                            + " levels"
                    : "the JSON holds a number or name longer than this server reads");
        } catch (IOException e) {
            // The parser's own words name its features and may cut a character in two: none of the client's concern.
            if (!(e instanceof com.fasterxml.jackson.core.JsonParseException pe && pe.getProcessor() != null
                    && String.valueOf(e.getMessage()).startsWith("Duplicate field"))) {
                throw new NotAMessage(McpSchema.ErrorCodes.PARSE_ERROR, null, NOT_JSON);
            }
            // A key twice at the top (the id itself, maybe) answers no request for sure; one deeper (in the arguments)
            // leaves the request's id, by which its client waits for the answer.
            com.fasterxml.jackson.core.JsonStreamContext twice = pe.getProcessor().getParsingContext();
            boolean atTop = twice.getParent() != null && twice.getParent().inRoot();
            throw new NotAMessage(McpSchema.ErrorCodes.PARSE_ERROR, atTop ? null : answerableId(lenientMap(line)),
                    KEY_TWICE);
        }
        Object answerable = answerableId(map);
        if (!McpSchema.JSONRPC_VERSION.equals(map.get("jsonrpc"))) {
            // JSON-RPC 2.0 asks for it exactly; the SDK took any version, or none.
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, answerable, "\"jsonrpc\" must be \"2.0\"");
        }
        if (map.containsKey("method") && !(map.get("method") instanceof String)) {
            // The SDK took a number for the method's name (and found no such method).
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, answerable, "the method must be a string");
        }
        if ((map.containsKey("result") || map.containsKey("error")) && (map.containsKey("method")
                || !map.containsKey("id") || map.containsKey("result") && map.containsKey("error"))) {
            // Served as a request, a request with a result would have been answered; as HTTP refuses it, refused.
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, answerable, NOT_ONE_KIND);
        }
        if (map.get("method") instanceof String method && method.startsWith("notifications/") && map.containsKey("id")) {
            // A notification sent as a request: refused, not run, with the words HTTP answers it with.
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, answerable,
                    method + " is a notification: send it without an id");
        }
        McpSchema.JSONRPCMessage message = of(map); // fields of the wrong types: read() says so
        if (message == null) {
            throw new NotAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, null, NOT_A_MESSAGE);
        }
        return message;
    }

    private static final String NOT_JSON = "the line is not JSON";
    static final String NOT_ONE_KIND = "a message is a request (method and id), a notification (method) or a response"
            + " (id, and result or error)";
    static final String KEY_TWICE = "a key appears twice in one object";

    /**
     * The id a line's error is answered by, so that its client does not wait for ever: a request's, when it is one
     * JSON-RPC allows; a response is never answered, and its id is one of the server's own.
     */
    private static Object answerableId(Map<String, Object> map) {
        Object id = map == null ? null : map.get("id");
        return map != null && map.containsKey("method") && plainId(id) ? id : null;
    }

    /** The line read as the SDK would, the last of two keys kept; null when it is no JSON object. */
    private Map<String, Object> lenientMap(byte[] line) {
        try {
            return mapReader.readValue(line);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** An id JSON-RPC allows and the SDK holds as it is: a string or an integer of 64 bits at most. */
    private static boolean plainId(Object id) {
        return id instanceof String || id instanceof Integer || id instanceof Long;
    }

    private static boolean startsAnArray(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r') {
                return b == '[';
            }
        }
        return false;
    }

    /**
     * The message a JSON object holds, version and method checked, or null when it is none (neither a method nor a
     * result or error).
     */
    private McpSchema.JSONRPCMessage of(Map<String, Object> map) {
        if (map.containsKey("method")) {
            String method = (String) map.get("method");
            if (map.containsKey("id")) {
                Object id = map.get("id");
                return plainId(id) ? new McpSchema.JSONRPCRequest(McpSchema.JSONRPC_VERSION, method, id, map.get("params"))
                        : mapper.convertValue(map, McpSchema.JSONRPCRequest.class);
            }
            return new McpSchema.JSONRPCNotification(McpSchema.JSONRPC_VERSION, method, map.get("params"));
        }
        if (map.containsKey("result") && map.get("result") == null && !map.containsKey("error") && plainId(map.get("id"))) {
            // A result of null answers its request still, as an empty one (MCP's results are objects, which the
            // request's reader judges): the SDK took it for no message at all, and a roots/list answered so was waited
            // for until its time limit (found by black-box testing).
            return new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, map.get("id"), Map.of(), null);
        }
        if (map.containsKey("result") || map.containsKey("error")) {
            return mapper.convertValue(map, McpSchema.JSONRPCResponse.class);
        }
        return null;
    }
}
