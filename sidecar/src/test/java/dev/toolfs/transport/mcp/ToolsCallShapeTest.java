package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class ToolsCallShapeTest {

    private static Optional<Object> id(String body) {
        return ToolsCallShape.malformedCallId(io.netty.buffer.Unpooled.wrappedBuffer(body.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void findsCallsWhoseParamsCannotBeRead() {
        assertThat(id("{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/call\",\"params\":{\"arguments\":{}}}")).contains(10);
        assertThat(id("{\"params\":{\"name\":5},\"method\":\"tools/call\",\"id\":\"a\"}")).contains("a");
        assertThat(id("{\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"read\",\"arguments\":\"x\"}}")).contains(1);
        assertThat(id("{\"id\":1,\"method\":\"tools/call\",\"params\":[]}")).contains(1);
        assertThat(id("{\"id\":1,\"method\":\"tools/call\"}")).contains(1);
    }

    @Test
    void readsTheFieldsInAnyOrder() {
        assertThat(id("{\"params\":{\"arguments\":{\"x\":{}},\"name\":\"read\"},\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"id\":3}")).isEmpty();
        assertThat(id("{\"params\":{\"arguments\":{\"x\":{}}},\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"id\":3}")).contains(3);
        // As the TypeScript SDK sends it: the id last.
        assertThat(id("{\"method\":\"tools/call\",\"params\":{\"arguments\":{}},\"jsonrpc\":\"2.0\",\"id\":7}")).contains(7);
    }

    @Test
    void readsABodyWhereItLies() {
        byte[] bad = "xx{\"id\":9,\"method\":\"tools/call\",\"params\":{}}".getBytes(StandardCharsets.UTF_8);
        io.netty.buffer.ByteBuf heap = io.netty.buffer.Unpooled.wrappedBuffer(bad).skipBytes(2);
        assertThat(ToolsCallShape.malformedCallId(heap)).contains(9);
        assertThat(heap.readerIndex()).isEqualTo(2);
        io.netty.buffer.ByteBuf direct = io.netty.buffer.Unpooled.directBuffer().writeBytes(bad, 2, bad.length - 2);
        assertThat(ToolsCallShape.malformedCallId(direct)).contains(9);
        assertThat(direct.readerIndex()).isZero();
        direct.release();
    }

    @Test
    void leavesEverythingElseToTheServer() {
        assertThat(id("{\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"read\",\"arguments\":{\"a\":[1,{\"b\":2}]}}}")).isEmpty();
        assertThat(id("{\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"read\"}}")).isEmpty();
        assertThat(id("{\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"read\",\"arguments\":null}}")).isEmpty();
        assertThat(id("{\"id\":1,\"method\":\"tools/list\"}")).isEmpty();
        assertThat(id("{\"method\":\"tools/call\",\"params\":{}}")).as("a notification gets no answer").isEmpty();
        assertThat(id("[{\"id\":1,\"method\":\"tools/call\"}]")).as("a batch").isEmpty();
        assertThat(id("not json")).isEmpty();
        assertThat(id("{\"id\":1,\"method\":\"tools/call\",\"params\":{")).as("cut short").isEmpty();
    }

    private static ToolsCallShape.Verdict verdict(String body) {
        return ToolsCallShape.inspect(io.netty.buffer.Unpooled.wrappedBuffer(body.getBytes(StandardCharsets.UTF_8))).verdict();
    }

    @Test
    void tellsWhatTheSidecarAnswersItself() {
        String args = ",\"method\":\"tools/call\",\"params\":{\"name\":\"read\",\"arguments\":";
        assertThat(verdict("{\"id\":1" + args + "{\"file_path\":\"a\"}}}")).isEqualTo(ToolsCallShape.Verdict.FINE);
        assertThat(verdict("{\"id\":1" + args + "{\"file_path\":\"a\",\"limit\":null}}}"))
                .isEqualTo(ToolsCallShape.Verdict.NULL_ARGUMENTS);
        assertThat(verdict("{\"id\":1" + args + "{\"a\":{\"b\":null}}}}")).as("only the arguments themselves")
                .isEqualTo(ToolsCallShape.Verdict.FINE);
        assertThat(verdict("{\"jsonrpc\":\"2.0\"" + args + "{}}}")).isEqualTo(ToolsCallShape.Verdict.NOTIFICATION);
        for (String id : java.util.List.of("true", "1.5", "null", "{}", "[1]")) {
            assertThat(verdict("{\"id\":" + id + args + "{}}}")).as(id).isEqualTo(ToolsCallShape.Verdict.BAD_ID);
        }
        assertThat(verdict("{\"id\":1" + args + "{}}} x")).isEqualTo(ToolsCallShape.Verdict.NOT_JSON);
        assertThat(verdict("{\"id\":1" + args + "{}")).isEqualTo(ToolsCallShape.Verdict.NOT_JSON);
        assertThat(verdict("{\"id\":1,\"method\":\"ping\"} x")).as("not a call: the library's").isEqualTo(ToolsCallShape.Verdict.OTHER);
    }
}
