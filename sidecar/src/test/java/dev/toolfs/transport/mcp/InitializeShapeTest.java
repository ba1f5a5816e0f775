package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class InitializeShapeTest {

    private static final String INFO = "\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}";

    private static Optional<Object> id(String body) {
        return InitializeShape.malformedId(io.netty.buffer.Unpooled.wrappedBuffer(body.getBytes(StandardCharsets.UTF_8)));
    }

    private static String initialize(Object id, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"initialize\",\"params\":" + params + "}";
    }

    @Test
    void findsInitializeRequestsWhoseParamsCannotBeRead() {
        // Each of these gave an HTTP 500 from the library, or an internal error from the SDK.
        assertThat(id(initialize(1, "5"))).contains(1);
        assertThat(id(initialize("\"a\"", "{}"))).contains("a");
        assertThat(id(initialize(2, "{\"protocolVersion\":5," + INFO + "}"))).contains(2);
        assertThat(id(initialize(3, "{\"capabilities\":{}," + INFO + "}"))).contains(3);
        assertThat(id(initialize(4, "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":5," + INFO + "}"))).contains(4);
        assertThat(id(initialize(5, "{\"protocolVersion\":\"2025-06-18\",\"clientInfo\":\"c\"}"))).contains(5);
        assertThat(id(initialize(6, "{\"protocolVersion\":\"2025-06-18\",\"clientInfo\":{\"name\":\"c\"}}"))).contains(6);
        assertThat(id("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"initialize\"}")).contains(7);
    }

    @Test
    void leavesEverythingElseToTheLibrary() {
        assertThat(id(initialize(1, "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"roots\":{}}," + INFO + "}"))).isEmpty();
        // Capabilities may be left out (both libraries read that); an unknown version is the server's to answer.
        assertThat(id(initialize(1, "{\"protocolVersion\":\"1999-01-01\"," + INFO + "}"))).isEmpty();
        assertThat(id("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":5}")).isEmpty();
        assertThat(id("{\"jsonrpc\":\"2.0\",\"method\":\"initialize\",\"params\":5}")).isEmpty(); // no id: not a request
        assertThat(id("[1,2]")).isEmpty();
        assertThat(id("{\"method\":")).isEmpty();
    }

    @Test
    void readsTheFieldsInAnyOrderAndABodyWhereItLies() {
        assertThat(id("{\"params\":{},\"id\":9,\"method\":\"initialize\"}")).contains(9);
        byte[] bad = ("xx" + initialize(9, "{}")).getBytes(StandardCharsets.UTF_8);
        io.netty.buffer.ByteBuf direct = io.netty.buffer.Unpooled.directBuffer().writeBytes(bad, 2, bad.length - 2);
        assertThat(InitializeShape.malformedId(direct)).contains(9);
        assertThat(direct.readerIndex()).isZero();
        direct.release();
    }
}
