package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

class McpRequestBodyTest {

    private static McpRequestBody read(String body) {
        return McpRequestBody.read(Unpooled.wrappedBuffer(body.getBytes(StandardCharsets.UTF_8)));
    }

    private static ToolsCallShape.Verdict verdict(String body) {
        McpRequestBody call = read(body);
        assertThat(call.notAMessage()).as(body).isNull();
        assertThat(call.method()).isEqualTo("tools/call");
        return ToolsCallShape.verdict(call);
    }

    private static String error(String body) {
        McpRequestBody r = read(body);
        return r.notAMessage() == null ? null : r.notAMessage().getInteger("code") + " " + r.notAMessage().getString("message");
    }

    @Test
    void findsCallsWhoseParamsCannotBeRead() {
        McpRequestBody call = read("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":{\"arguments\":{}}}");
        assertThat(ToolsCallShape.verdict(call)).isEqualTo(ToolsCallShape.Verdict.MALFORMED);
        assertThat(call.id()).isEqualTo(10);
        call = read("{\"params\":{\"name\":5},\"method\":\"tools/call\",\"id\":\"a\"}");
        assertThat(ToolsCallShape.verdict(call)).isEqualTo(ToolsCallShape.Verdict.MALFORMED);
        assertThat(call.id()).isEqualTo("a");
        for (String params : List.of("{\"name\":\"read\",\"arguments\":\"x\"}", "[]", "5", "null")) {
            assertThat(verdict("{\"id\":1,\"method\":\"tools/call\",\"params\":" + params + "}")).as(params)
                    .isEqualTo(ToolsCallShape.Verdict.MALFORMED);
        }
        assertThat(verdict("{\"id\":1,\"method\":\"tools/call\"}")).isEqualTo(ToolsCallShape.Verdict.MALFORMED);
    }

    @Test
    void readsTheFieldsInAnyOrder() {
        assertThat(verdict("{\"params\":{\"arguments\":{\"x\":{}},\"name\":\"read\"},\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"id\":3}"))
                .isEqualTo(ToolsCallShape.Verdict.FINE);
        assertThat(verdict("{\"params\":{\"arguments\":{\"x\":{}}},\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"id\":3}"))
                .isEqualTo(ToolsCallShape.Verdict.MALFORMED);
        // As the TypeScript SDK sends it: the id last.
        McpRequestBody call = read("{\"method\":\"tools/call\",\"params\":{\"arguments\":{}},\"jsonrpc\":\"2.0\",\"id\":7}");
        assertThat(ToolsCallShape.verdict(call)).isEqualTo(ToolsCallShape.Verdict.MALFORMED);
        assertThat(call.id()).isEqualTo(7);
    }

    @Test
    void readsABodyWhereItLiesAndLeavesItAsItWas() {
        byte[] bad = "xx{\"id\":9,\"method\":\"tools/call\",\"params\":{}}".getBytes(StandardCharsets.UTF_8);
        ByteBuf heap = Unpooled.wrappedBuffer(bad).skipBytes(2);
        assertThat(McpRequestBody.read(heap).id()).isEqualTo(9);
        assertThat(heap.readerIndex()).isEqualTo(2);
        ByteBuf direct = Unpooled.directBuffer().writeBytes(bad, 2, bad.length - 2);
        assertThat(McpRequestBody.read(direct).id()).isEqualTo(9);
        assertThat(direct.readerIndex()).isZero();
        direct.release();
    }

    @Test
    void tellsWhatTheSidecarAnswersItself() {
        String args = ",\"method\":\"tools/call\",\"params\":{\"name\":\"read\",\"arguments\":";
        assertThat(verdict("{\"id\":1" + args + "{\"file_path\":\"a\"}}}")).isEqualTo(ToolsCallShape.Verdict.FINE);
        assertThat(verdict("{\"id\":1" + args + "null}}")).isEqualTo(ToolsCallShape.Verdict.FINE);
        assertThat(verdict("{\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"read\"}}")).isEqualTo(ToolsCallShape.Verdict.FINE);
        assertThat(verdict("{\"id\":1" + args + "{\"file_path\":\"a\",\"limit\":null}}}"))
                .isEqualTo(ToolsCallShape.Verdict.NULL_ARGUMENTS);
        assertThat(verdict("{\"id\":1" + args + "{\"a\":{\"b\":null}}}}")).as("only the arguments themselves")
                .isEqualTo(ToolsCallShape.Verdict.FINE);
        assertThat(read("{\"jsonrpc\":\"2.0\"" + args + "{}}}").idSeen()).as("a notification, which the guard answers first")
                .isFalse();
        for (String id : List.of("true", "1.5", "null", "{}", "[1]")) {
            assertThat(verdict("{\"id\":" + id + args + "{}}}")).as(id).isEqualTo(ToolsCallShape.Verdict.BAD_ID);
        }
    }

    @Test
    void tellsWhetherAMessageIsJsonRpc20() {
        assertThat(read("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}").jsonRpc20()).isTrue();
        assertThat(read("{\"id\":1,\"method\":\"ping\",\"jsonrpc\":\"2.0\"}").jsonRpc20()).isTrue();
        for (String version : List.of("\"1.0\"", "2.0", "\"2.0 \"", "null", "[\"2.0\"]")) {
            McpRequestBody r = read("{\"jsonrpc\":" + version + ",\"id\":1,\"method\":\"ping\"}");
            assertThat(r.notAMessage()).isNull();
            assertThat(r.jsonRpc20()).as(version).isFalse();
        }
        assertThat(read("{\"id\":1,\"method\":\"ping\"}").jsonRpc20()).isFalse();
    }

    @Test
    void tellsWhatTheParamsAre() {
        assertThat(read("{\"id\":1,\"method\":\"tools/list\"}").params().present()).isFalse();
        assertThat(read("{\"id\":1,\"method\":\"tools/list\",\"params\":null}").params().present()).as("null: none").isFalse();
        for (String params : List.of("\"x\"", "[1]", "5")) {
            McpRequestBody.Params p = read("{\"id\":1,\"method\":\"tools/list\",\"params\":" + params + "}").params();
            assertThat(p.present()).isTrue();
            assertThat(p.object()).as(params).isFalse();
        }
        assertThat(read("{\"id\":1,\"method\":\"tools/list\",\"params\":{}}").params().object()).isTrue();
        assertThat(read("{\"id\":1,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"info\"}}").params().level()).isTrue();
        assertThat(read("{\"id\":1,\"method\":\"logging/setLevel\",\"params\":{\"level\":5}}").params().level()).isFalse();
        // Found in a review: an unknown level went on to the library (-32600 over HTTP).
        for (String unknown : new String[] { "bogus", "WARN", "warn", "" }) {
            assertThat(read("{\"id\":1,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"" + unknown + "\"}}")
                    .params().level()).as(unknown).isFalse();
        }
        for (String known : new String[] { "debug", "notice", "warning", "critical", "alert", "emergency" }) {
            assertThat(read("{\"id\":1,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"" + known + "\"}}")
                    .params().level()).as(known).isTrue();
        }
        // A tools/call's _meta, when given, is an object (the libraries failed on another value).
        String call = "{\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"read\",\"_meta\":";
        assertThat(verdict(call + "{\"progressToken\":1}}}")).isEqualTo(ToolsCallShape.Verdict.FINE);
        assertThat(verdict(call + "null}}")).isEqualTo(ToolsCallShape.Verdict.FINE);
        assertThat(verdict(call + "\"x\"}}")).isEqualTo(ToolsCallShape.Verdict.MALFORMED);
    }

    @Test
    void findsTheMethodOfAnyMessage() {
        assertThat(read("{\"id\":1,\"method\":\"tools/list\",\"params\":5}").method()).isEqualTo("tools/list");
        assertThat(read("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").idSeen()).isFalse();
        McpRequestBody numbered = read("{\"id\":1,\"method\":5}");
        assertThat(numbered.method()).isNull();
        assertThat(numbered.methodSeen()).isTrue();
        assertThat(read("{\"id\":1,\"result\":{}}").methodSeen()).isFalse();
        assertThat(read("{\"id\":1,\"result\":{}}").method()).as("a response").isNull();
    }

    @Test
    void aBodyThatIsNoMessageGetsItsJsonRpcError() {
        String notJson = "-32700 " + McpRequestBody.NOT_JSON;
        for (String body : List.of("", " ", "not json", "{\"id\":1", "{\"id\":1} x", "{\"id\":1}{\"id\":2}",
                "{/*c*/\"id\":1}", "{\"id\":1,}")) {
            assertThat(error(body)).as(body).isEqualTo(notJson);
        }
        // JSON, but past what this server reads: said so, not "not JSON" (found by black-box testing), as over stdio.
        String twice = "-32700 Parse error: a key appears twice in one object";
        for (String body : List.of("{\"id\":1,\"id\":2}", "{\"id\":1,\"params\":{\"a\":1,\"a\":2}}")) {
            assertThat(error(body)).as(body).isEqualTo(twice);
        }
        String args = ",\"method\":\"tools/call\",\"params\":{\"name\":\"read\",\"arguments\":";
        assertThat(error("{\"id\":1" + args + "{}}} x")).as("more after a call").isEqualTo(notJson);
        assertThat(error("{\"id\":1" + args + "{}")).as("a call cut short").isEqualTo(notJson);
        assertThat(error("{\"id\":1" + args + "{\"a\":1,\"a\":2}}}")).as("an argument twice").isEqualTo(twice);
        String deep = "[".repeat(1001) + "]".repeat(1001);
        assertThat(error("{\"id\":1" + args + "{\"x\":" + deep + "}}}")).as("nested past the limit")
                .isEqualTo("-32700 Parse error: the JSON nests deeper than 1000 levels");
        String nested = "[".repeat(990) + "]".repeat(990);
        assertThat(error("{\"jsonrpc\":\"2.0\",\"id\":1" + args + "{\"x\":" + nested + "}}}")).as("within it").isNull();
        for (String body : List.of("5", "\"x\"", "null", "[]")) {
            assertThat(error(body)).as(body).isEqualTo("-32600 " + McpRequestBody.NOT_A_MESSAGE);
        }
        assertThat(error("[{\"id\":1,\"method\":\"tools/call\"}]")).isEqualTo("-32600 " + McpRequestBody.BATCH);
        // An overlong form of "/" (C0 AF): the JSON parser would read it as the character.
        byte[] overlong = {'{', '"', 'a', (byte) 0xC0, (byte) 0xAF, '"', ':', '1', '}'};
        McpRequestBody r = McpRequestBody.read(Unpooled.wrappedBuffer(overlong));
        assertThat(r.notAMessage().getString("message")).isEqualTo(McpRequestBody.NOT_JSON);
        // JSON in UTF-16: a lenient parser guesses the encoding and reads it.
        byte[] utf16 = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}".getBytes(StandardCharsets.UTF_16LE);
        assertThat(McpRequestBody.read(Unpooled.wrappedBuffer(utf16)).notAMessage().getString("message"))
                .isEqualTo(McpRequestBody.NOT_JSON);
        assertThat(error("{\"id\":1,\"method\":\"ping\"}")).isNull();
    }
}
