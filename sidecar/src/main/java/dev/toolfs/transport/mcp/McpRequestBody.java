package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.io.InputStream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;

import io.modelcontextprotocol.spec.McpSchema;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.vertx.core.json.JsonObject;

/**
 * What one strict pass over an MCP request body finds, read where it lies (no copy): whether it is a JSON-RPC message
 * at all, and what the HTTP guard needs of one: its method, its id, and the shape of a {@code tools/call}'s params.
 *
 * @param notAMessage the JSON-RPC error for a body that is no message (empty, not JSON, more than one value, not an
 *        object, a batch); null for a message
 * @param jsonRpc20 whether {@code jsonrpc} is {@code "2.0"}, as JSON-RPC 2.0 asks
 * @param methodSeen whether the message names a method at all (a request or notification, as opposed to a response)
 * @param method the method when it is a string, else null
 * @param idSeen whether the message has an id (a request or response) or not (a notification)
 * @param id the id when it is a string or an integer, else null
 * @param params what the params are, as far as the guard looks
 * @param answers how many of {@code result} and {@code error} it has (a response has one)
 * @param errorSeen whether it has an {@code error} (a response that is an error answer)
 * @param values how many JSON values the message holds, objects and arrays included (what reading it makes)
 */
record McpRequestBody(JsonObject notAMessage, boolean jsonRpc20, boolean methodSeen, String method, boolean idSeen,
        Object id, Params params, int answers, boolean errorSeen, int values) {

    static final String NOT_JSON = "Parse error: the body is not JSON";
    static final String NOT_A_MESSAGE = "Invalid Request: the body must be a JSON-RPC message, a JSON object";
    static final String BATCH = "Invalid Request: batches are not supported; send one JSON-RPC message per request";
    static final String NOT_JSON_RPC_20 = "Invalid Request: \"jsonrpc\" must be \"2.0\"";

    /**
     * The most names one object of a message may have: far more than any tool's arguments or any client's capabilities,
     * and few enough that the MCP library's copy of the arguments (an immutable map, whose probing is quadratic in
     * names of one hash) stays quick. Found by black-box testing: 65,536 such names in 2.5 MB kept a core busy for
     * minutes, past the client's going away.
     */
    static final int MAX_NAMES = dev.toolfs.runtime.ArgumentsJson.MAX_NAMES;
    static final String TOO_MANY_NAMES = "Invalid Request: an object of the message has more than " + MAX_NAMES
            + " names";
    /** As the REST API's bound: a body of 1.5 MB holding 500,000 empty objects ran a 48 MiB heap out. */
    static final String TOO_MANY_VALUES = "Invalid Request: the message holds "
            + dev.toolfs.runtime.ArgumentsJson.TOO_MANY_VALUES;

    /** The params as a {@code tools/call} reads them. */
    enum CallParams {
        /** An object with a string name, and arguments absent, null or an object without a null value. */
        WELL_FORMED,
        /** As {@link #WELL_FORMED}, but an argument's value is null. */
        NULL_ARGUMENT,
        /** Absent, or not such an object. */
        MALFORMED
    }

    /**
     * @param present whether the message has params
     * @param object whether they are an object (MCP's params always are)
     * @param call their shape as a {@code tools/call} reads them
     * @param level whether they hold one of MCP's log levels as {@code level} ({@code logging/setLevel})
     */
    record Params(boolean present, boolean object, CallParams call, boolean level) {
        static final Params ABSENT = new Params(false, false, CallParams.MALFORMED, false);
    }

    /**
     * Strict, as JSON is: no comments, no key twice in an object. The library reads a body more leniently (comments,
     * the last of two keys), so a body the guard could not read as it does is refused, not passed on unchecked.
     */
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            // Not kept in a table shared by every parse, which names made to collide leave broken (see SidecarJson).
            .disable(JsonFactory.Feature.CANONICALIZE_FIELD_NAMES).build();

    static JsonParser parser(ByteBuf body) throws IOException {
        if (body.hasArray()) {
            return JSON.createParser(body.array(), body.arrayOffset() + body.readerIndex(), body.readableBytes());
        }
        return JSON.createParser((InputStream) new ByteBufInputStream(body.duplicate()));
    }

    /** Whether the id is one JSON-RPC allows (a string or an integer). */
    boolean idValid() {
        return id != null;
    }

    /** Reads {@code body} once, to its end; its reader index is left as it was. */
    static McpRequestBody read(ByteBuf body) {
        if (!isJsonText(body)) {
            // The parser would take an overlong form (C0 AF) for the character it spells ("/"), and a body in UTF-16
            // for JSON.
            return notAMessage(McpSchema.ErrorCodes.PARSE_ERROR, NOT_JSON);
        }
        try (dev.toolfs.runtime.CountingJsonParser p = new dev.toolfs.runtime.CountingJsonParser(parser(body),
                MAX_NAMES, dev.toolfs.runtime.ArgumentsJson.MAX_VALUES)) {
            JsonToken first = p.nextToken();
            if (first == JsonToken.START_ARRAY && p.nextToken() != JsonToken.END_ARRAY) {
                // MCP has no batches since 2025-06-18 (the stdio transport refuses them too): the library ran some
                // and left others unanswered.
                return notAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, BATCH);
            }
            if (first == null) {
                return notAMessage(McpSchema.ErrorCodes.PARSE_ERROR, NOT_JSON); // empty
            }
            if (first != JsonToken.START_OBJECT) {
                return notAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, NOT_A_MESSAGE);
            }
            boolean jsonRpc20 = false;
            boolean methodSeen = false;
            String method = null;
            boolean idSeen = false;
            Object id = null;
            Params params = Params.ABSENT;
            int answers = 0;
            boolean errorSeen = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                switch (field) {
                    case "jsonrpc" -> jsonRpc20 = value == JsonToken.VALUE_STRING && "2.0".equals(p.getText());
                    case "method" -> {
                        methodSeen = true;
                        method = value == JsonToken.VALUE_STRING ? p.getText() : null;
                    }
                    case "id" -> {
                        idSeen = true;
                        id = value == JsonToken.VALUE_STRING ? p.getText()
                                : value == JsonToken.VALUE_NUMBER_INT ? p.getNumberValue() : null;
                    }
                    case "result" -> answers++;
                    case "error" -> {
                        answers++;
                        errorSeen = true;
                    }
                    case "params" -> params = value == JsonToken.START_OBJECT ? params(p) // to the params' end
                            // null is taken as no params, as the stdio transport's SDK takes it
                            : value == JsonToken.VALUE_NULL ? Params.ABSENT
                                    : new Params(true, false, CallParams.MALFORMED, false);
                    default -> {
                    }
                }
                p.skipChildren(); // read, not skipped: every token is checked, and counted
            }
            if (p.nextToken() != null) {
                return notAMessage(McpSchema.ErrorCodes.PARSE_ERROR, NOT_JSON); // more after the object
            }
            return new McpRequestBody(null, jsonRpc20, methodSeen, method, idSeen, id, params, answers, errorSeen,
                    p.values());
        } catch (dev.toolfs.runtime.CountingJsonParser.TooManyNamesException e) {
            return notAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, TOO_MANY_NAMES);
        } catch (dev.toolfs.runtime.CountingJsonParser.TooManyValuesException e) {
            return notAMessage(McpSchema.ErrorCodes.INVALID_REQUEST, TOO_MANY_VALUES);
        } catch (com.fasterxml.jackson.core.exc.StreamConstraintsException e) {
            // Valid JSON past one of the parser's limits: "not JSON" would send the client looking for a typo (found by
            // black-box testing; stdio words these as here).
            return notAMessage(McpSchema.ErrorCodes.PARSE_ERROR, String.valueOf(e.getMessage()).contains("nesting")
                    ? TOO_DEEP : "Parse error: the JSON holds a number or name longer than this server reads");
        } catch (IOException e) {
            if (e instanceof com.fasterxml.jackson.core.JsonParseException
                    && String.valueOf(e.getMessage()).startsWith("Duplicate field")) {
                return notAMessage(McpSchema.ErrorCodes.PARSE_ERROR, KEY_TWICE);
            }
            return notAMessage(McpSchema.ErrorCodes.PARSE_ERROR, NOT_JSON);
        }
    }

    static final String TOO_DEEP = "Parse error: the JSON nests deeper than "
            + JSON.streamReadConstraints().getMaxNestingDepth() + " levels";
    static final String KEY_TWICE = "Parse error: a key appears twice in one object";

    /**
     * Inside the params object, to its end: for a {@code tools/call}, a string name, arguments absent, null or an
     * object, and {@code _meta} absent, null or an object; for {@code logging/setLevel}, one of MCP's levels.
     */
    private static Params params(JsonParser p) throws IOException {
        boolean name = false;
        boolean arguments = true;
        boolean meta = true;
        boolean nullArgument = false;
        boolean level = false;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            switch (field) {
                case "name" -> name = value == JsonToken.VALUE_STRING;
                case "level" -> level = value == JsonToken.VALUE_STRING && McpTexts.LEVELS.contains(p.getText());
                case "_meta" -> meta = value == JsonToken.START_OBJECT || value == JsonToken.VALUE_NULL;
                case "arguments" -> {
                    arguments = value == JsonToken.START_OBJECT || value == JsonToken.VALUE_NULL;
                    if (value == JsonToken.START_OBJECT) {
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            nullArgument |= p.nextToken() == JsonToken.VALUE_NULL;
                            p.skipChildren();
                        }
                        continue; // at the arguments' end
                    }
                }
                default -> {
                }
            }
            p.skipChildren();
        }
        CallParams call = !(name && arguments && meta) ? CallParams.MALFORMED
                : nullArgument ? CallParams.NULL_ARGUMENT : CallParams.WELL_FORMED;
        return new Params(true, true, call, level);
    }

    private static McpRequestBody notAMessage(int code, String message) {
        return new McpRequestBody(new JsonObject().put("code", code).put("message", message), false, false, null, false,
                null, Params.ABSENT, 0, false, 0);
    }

    private static boolean isJsonText(ByteBuf body) {
        if (body.hasArray()) {
            int from = body.arrayOffset() + body.readerIndex();
            return dev.toolfs.fs.ByteScan.isJsonText(body.array(), from, from + body.readableBytes());
        }
        byte[] copy = new byte[body.readableBytes()];
        body.getBytes(body.readerIndex(), copy);
        return dev.toolfs.fs.ByteScan.isJsonText(copy, 0, copy.length);
    }
}
