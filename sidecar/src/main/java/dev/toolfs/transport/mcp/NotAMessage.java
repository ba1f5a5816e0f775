package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import io.modelcontextprotocol.spec.McpSchema;
import io.netty.buffer.ByteBuf;
import io.vertx.core.json.JsonObject;

/**
 * A request body that is not a JSON-RPC message at all: empty, not JSON (comments and a key twice in an object
 * included, which the library would read its own way), more than one JSON value, a JSON value other than an object,
 * or a batch. JSON-RPC answers these with a parse error or an invalid request, and a null id.
 */
final class NotAMessage {

    static final String NOT_JSON = "Parse error: the body is not JSON";
    static final String NOT_A_MESSAGE = "Invalid Request: the body must be a JSON-RPC message, a JSON object";
    static final String BATCH = "Invalid Request: batches are not supported; send one JSON-RPC message per request";

    private NotAMessage() {
    }

    /** The JSON-RPC error for such a body, or empty for anything that starts as an object or a non-empty array. */
    static Optional<JsonObject> error(ByteBuf body) {
        if (!isUtf8(body)) {
            // The parser would take an overlong form (C0 AF) for the character it spells ("/").
            return Optional.of(error(McpSchema.ErrorCodes.PARSE_ERROR, NOT_JSON));
        }
        try (JsonParser p = JsonBody.parser(body)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                return Optional.of(error(McpSchema.ErrorCodes.PARSE_ERROR, NOT_JSON)); // empty
            }
            if (first == JsonToken.START_OBJECT) {
                // Read to the end: strict JSON (no comments, no key twice), one value and nothing after it.
                p.skipChildren();
                if (p.nextToken() != null) {
                    return Optional.of(error(McpSchema.ErrorCodes.PARSE_ERROR, NOT_JSON));
                }
                return Optional.empty();
            }
            if (first == JsonToken.START_ARRAY && p.nextToken() != JsonToken.END_ARRAY) {
                // MCP has no batches since 2025-06-18 (the stdio transport refuses them too): the library ran some
                // and left others unanswered.
                return Optional.of(error(McpSchema.ErrorCodes.INVALID_REQUEST, BATCH));
            }
            return Optional.of(error(McpSchema.ErrorCodes.INVALID_REQUEST, NOT_A_MESSAGE));
        } catch (IOException e) {
            return Optional.of(error(McpSchema.ErrorCodes.PARSE_ERROR, NOT_JSON));
        }
    }

    private static boolean isUtf8(ByteBuf body) {
        if (body.hasArray()) {
            int from = body.arrayOffset() + body.readerIndex();
            return dev.toolfs.fs.ByteScan.isUtf8(body.array(), from, from + body.readableBytes());
        }
        byte[] copy = new byte[body.readableBytes()];
        body.getBytes(body.readerIndex(), copy);
        return dev.toolfs.fs.ByteScan.isUtf8(copy, 0, copy.length);
    }

    private static JsonObject error(int code, String message) {
        return new JsonObject().put("code", code).put("message", message);
    }
}
