package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Messages read from bytes are the SDK's own reading of the same text, fast path or not. */
class JsonRpcMessagesTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonRpcMessages MESSAGES = new JsonRpcMessages(MAPPER);
    /** Marks a field left out of the message. */
    private static final Object ABSENT = new Object();

    /** The SDK's reading of the text, or the exception it throws. */
    private static Object sdk(String text) {
        try {
            return McpSchema.deserializeJsonRpcMessage(new JacksonMcpJsonMapper(MAPPER), text);
        } catch (Exception e) {
            return e;
        }
    }

    private static Object ours(String text) {
        try {
            return MESSAGES.read(text.getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            return e;
        }
    }

    @Provide
    Arbitrary<Object> jsonrpc() {
        return Arbitraries.of(ABSENT, null, "2.0", "", 2, true);
    }

    @Provide
    Arbitrary<Object> method() {
        return Arbitraries.of(ABSENT, null, "tools/call", "notifications/initialized", "notifications/cancelled", "", 7,
                List.of("x"));
    }

    @Provide
    Arbitrary<Object> id() {
        return Arbitraries.of(ABSENT, null, "a-1", "", 0, -3, 1L << 40, 1.5, true, Map.of("k", 1));
    }

    @Provide
    Arbitrary<Object> params() {
        return Arbitraries.of(ABSENT, null, Map.of(), Map.of("name", "read", "arguments", Map.of("file_path", "a.txt")),
                List.of(1, 2), "text", 3);
    }

    @Provide
    Arbitrary<Object> result() {
        return Arbitraries.of(ABSENT, null, Map.of("roots", List.of(Map.of("uri", "file:///w"))), "ok");
    }

    @Property
    void readsEveryMessageAsTheSdkDoes(@ForAll("jsonrpc") Object jsonrpc, @ForAll("method") Object method,
            @ForAll("id") Object id, @ForAll("params") Object params, @ForAll("result") Object result) throws Exception {
        Map<String, Object> message = new LinkedHashMap<>();
        put(message, "jsonrpc", jsonrpc);
        put(message, "method", method);
        put(message, "id", id);
        put(message, "params", params);
        put(message, "result", result);
        String text = MAPPER.writeValueAsString(message);
        Object expected = sdk(text);
        Object actual = ours(text);
        if (!"2.0".equals(jsonrpc) || method != ABSENT && !(method instanceof String)) {
            // Where the SDK took any version, or none, JSON-RPC 2.0 asks for exactly "2.0"; and for a method that
            // is a string, where the SDK took a number for one.
            assertThat(actual).as(text).isInstanceOf(JsonRpcMessages.NotAMessage.class);
            assertThat(((JsonRpcMessages.NotAMessage) actual).code()).isEqualTo(McpSchema.ErrorCodes.INVALID_REQUEST);
            // Only a request is answered by its id, and only by one the SDK holds as it is.
            boolean plainId = id instanceof String || id instanceof Integer || id instanceof Long;
            assertThat(((JsonRpcMessages.NotAMessage) actual).id()).as(text).isEqualTo(method != ABSENT && plainId ? id : null);
        } else if (result != ABSENT && (method != ABSENT || id == ABSENT)) {
            // Where the SDK served a request that carries a result (or read a response without an id), neither kind
            // of message: refused, as over HTTP, answered by a request's id.
            assertThat(actual).as(text).isInstanceOf(JsonRpcMessages.NotAMessage.class);
            assertThat(((JsonRpcMessages.NotAMessage) actual).getMessage()).isEqualTo(JsonRpcMessages.NOT_ONE_KIND);
            boolean plainId = id instanceof String || id instanceof Integer || id instanceof Long;
            assertThat(((JsonRpcMessages.NotAMessage) actual).id()).as(text).isEqualTo(method != ABSENT && plainId ? id : null);
        } else if (method instanceof String m && m.startsWith("notifications/") && id != ABSENT) {
            // A notification sent as a request (which the SDK served as a request of an unknown method): refused, in
            // the words HTTP uses, answered by its id when it has a plain one.
            assertThat(actual).as(text).isInstanceOf(JsonRpcMessages.NotAMessage.class);
            assertThat(((JsonRpcMessages.NotAMessage) actual).getMessage()).isEqualTo(m + " is a notification: send it without an id");
            boolean plainId = id instanceof String || id instanceof Integer || id instanceof Long;
            assertThat(((JsonRpcMessages.NotAMessage) actual).id()).as(text).isEqualTo(plainId ? id : null);
        } else if (method == ABSENT && result == null && (id instanceof String || id instanceof Integer || id instanceof Long)) {
            // Where the SDK refused a response whose result is null, it answers its request as an empty result, which
            // that request's reader judges (found by black-box testing: a roots/list so answered was waited for).
            assertThat(actual).as(text).isEqualTo(new McpSchema.JSONRPCResponse("2.0", id, Map.of(), null));
        } else if (expected instanceof Exception) {
            assertThat(actual).as(text).isInstanceOf(Exception.class);
        } else {
            assertThat(actual).as(text).isEqualTo(expected);
        }
    }

    private static void put(Map<String, Object> message, String key, Object value) {
        if (value != ABSENT) {
            message.put(key, value);
        }
    }

    @Test
    void aPlainRequestAndNotificationAreBuiltAsTheSdkBuildsThem() throws Exception {
        String call = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"read\","
                + "\"arguments\":{\"file_path\":\"a.txt\"}}}";
        McpSchema.JSONRPCMessage read = MESSAGES.read(call.getBytes(StandardCharsets.UTF_8));
        assertThat(read).isEqualTo(new McpSchema.JSONRPCRequest("2.0", "tools/call", 3,
                Map.of("name", "read", "arguments", Map.of("file_path", "a.txt"))));
        assertThat(read).isEqualTo(sdk(call));
        String note = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
        assertThat(MESSAGES.read(note.getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(new McpSchema.JSONRPCNotification("2.0", "notifications/initialized", null));
    }

    @Test
    void aJsonObjectThatIsNoMessageIsRefusedInTheClientsTerms() {
        for (String text : List.of("{\"jsonrpc\":\"2.0\"}", "{\"jsonrpc\":\"2.0\",\"id\":1,\"params\":{}}", "null", " null ",
                "5", "\"x\"", "true")) {
            assertThatThrownBy(() -> MESSAGES.read(text.getBytes(StandardCharsets.UTF_8))).as(text)
                    .isInstanceOf(JsonRpcMessages.NotAMessage.class).hasMessage(JsonRpcMessages.NOT_A_MESSAGE)
                    .extracting(e -> ((JsonRpcMessages.NotAMessage) e).code()).isEqualTo(McpSchema.ErrorCodes.INVALID_REQUEST);
        }
    }

    @Test
    void aMethodThatIsNoStringIsRefusedAndTheRequestAnsweredByItsId() {
        for (String method : List.of("[\"x\"]", "5", "null", "true")) {
            assertThatThrownBy(() -> MESSAGES.read(("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":" + method + "}")
                    .getBytes(StandardCharsets.UTF_8))).as(method)
                    .isInstanceOf(JsonRpcMessages.NotAMessage.class).hasMessage("the method must be a string")
                    .extracting(e -> ((JsonRpcMessages.NotAMessage) e).id()).isEqualTo(7);
        }
    }

    /** Found by black-box testing: every line that started with "[" was called a batch, broken JSON too. */
    @Test
    void brokenJsonIsAParseErrorWhateverItStartsWith() {
        for (String line : List.of("[abc", "[1,", "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}", "\"abc", "tru")) {
            assertThatThrownBy(() -> MESSAGES.read(line.getBytes(StandardCharsets.UTF_8))).as(line)
                    .isInstanceOf(JsonRpcMessages.NotAMessage.class).hasMessage("the line is not JSON")
                    .extracting(e -> ((JsonRpcMessages.NotAMessage) e).code()).isEqualTo(McpSchema.ErrorCodes.PARSE_ERROR);
        }
        assertThatThrownBy(() -> MESSAGES.read("[] x".getBytes(StandardCharsets.UTF_8))).hasMessage("the line is not JSON");
        assertThatThrownBy(() -> MESSAGES.read("[] [1]".getBytes(StandardCharsets.UTF_8)))
                .hasMessage("the line holds more than one JSON value (one message a line)");
        String deep = "[".repeat(1001) + "]".repeat(1001);
        assertThatThrownBy(() -> MESSAGES.read(deep.getBytes(StandardCharsets.UTF_8)))
                .hasMessageMatching("the JSON nests deeper than \\d+ levels");
        // A real batch is still called one, and a value other than an object is no message.
        assertThatThrownBy(() -> MESSAGES.read("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]".getBytes(StandardCharsets.UTF_8)))
                .hasMessage("batches are not supported; send one JSON-RPC message per line")
                .extracting(e -> ((JsonRpcMessages.NotAMessage) e).code()).isEqualTo(McpSchema.ErrorCodes.INVALID_REQUEST);
        assertThatThrownBy(() -> MESSAGES.read("\"abc\"".getBytes(StandardCharsets.UTF_8)))
                .hasMessage(JsonRpcMessages.NOT_A_MESSAGE);
    }

    @Test
    void jsonNestedPastTheParsersLimitIsSaidSoNotCalledNoJson() throws Exception {
        String deep = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"a\":" + "[".repeat(1500)
                + "]".repeat(1500) + "}}";
        assertThatThrownBy(() -> MESSAGES.read(deep.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(JsonRpcMessages.NotAMessage.class).hasMessageMatching("the JSON nests deeper than \\d+ levels")
                .extracting(e -> ((JsonRpcMessages.NotAMessage) e).code()).isEqualTo(McpSchema.ErrorCodes.PARSE_ERROR);
        String fine = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"a\":" + "[".repeat(200)
                + "]".repeat(200) + "}}";
        assertThat(MESSAGES.read(fine.getBytes(StandardCharsets.UTF_8))).isInstanceOf(McpSchema.JSONRPCRequest.class);
    }

    /** A request's id is found without reading its params, wherever it stands; anything else has none. */
    @Test
    void theIdOfARequestIsReadWithoutItsParams() {
        java.util.function.Function<String, Object> id = text -> MESSAGES.requestId(text.getBytes(StandardCharsets.UTF_8));
        assertThat(id.apply("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"a\":[1,{\"id\":9}]}}"))
                .isEqualTo(7);
        assertThat(id.apply("{\"method\":\"tools/call\",\"params\":{\"content\":\"" + "x".repeat(100_000) + "\"},\"id\":\"s\"}"))
                .isEqualTo("s");
        assertThat(id.apply("{\"jsonrpc\":\"2.0\",\"id\":9999999999,\"method\":\"ping\"}")).isEqualTo(9999999999L);
        assertThat(id.apply("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")).isNull();
        assertThat(id.apply("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}")).isNull(); // a response
        assertThat(id.apply("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}")).isNull();
        assertThat(id.apply("{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}")).isNull();
        assertThat(id.apply("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5}")).isNull();
        assertThat(id.apply("[{\"id\":1,\"method\":\"ping\"}]")).isNull();
        assertThat(id.apply("{\"id\":1,\"method\":\"ping\"")).isNull(); // cut
        assertThat(id.apply("not json")).isNull();
    }
}
