package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class ToolsCallShapeTest {

    private static Optional<Object> id(String body) {
        return ToolsCallShape.malformedCallId(body.getBytes(StandardCharsets.UTF_8));
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
}
