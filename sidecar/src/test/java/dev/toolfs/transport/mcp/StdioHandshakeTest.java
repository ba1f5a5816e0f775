package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

class StdioHandshakeTest {

    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-06-18\","
            + "\"capabilities\":{\"tools\":{\"listChanged\":true}},\"serverInfo\":{\"name\":\"tool-fs\",\"version\":\"1\"},"
            + "\"instructions\":\"Use \\\"read\\\".\"}}";
    static final String TOOLS = "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"tools\":[{\"name\":\"read\"}]}}";

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static Path recording(String... lines) throws IOException {
        Path file = Files.createTempFile("handshake", ".jsonl");
        file.toFile().deleteOnExit();
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return file;
    }

    static StdioHandshake handshake() throws IOException {
        return StdioHandshake.load(recording(INITIALIZE, TOOLS));
    }

    static String initialize(Object id, String version) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\""
                + version + "\",\"capabilities\":{\"roots\":{}},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}";
    }

    @Test
    void answersInitializeWithTheRecordedResultInTheClientsVersion() throws IOException {
        StdioHandshake.Answer answer = handshake().answer(initialize(7, "2025-03-26")).orElseThrow();
        assertThat(answer.line()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"protocolVersion\":\"2025-03-26\","
                + "\"capabilities\":{\"tools\":{\"listChanged\":true}},\"serverInfo\":{\"name\":\"tool-fs\",\"version\":\"1\"},"
                + "\"instructions\":\"Use \\\"read\\\".\"}}");
        assertThat(answer.answered().method()).isEqualTo("initialize");
        assertThat(answer.answered().id()).isEqualTo("7");
        assertThat(MAPPER.readTree(answer.answered().result()))
                .isEqualTo(MAPPER.readTree(answer.line()).get("result"));
    }

    @Test
    void answersToolsListAfterAnEarlyInitializeOnly() throws IOException {
        StdioHandshake h = handshake();
        String list = "{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"method\":\"tools/list\"}";
        assertThat(h.answer(list)).isEmpty();
        assertThat(h.answer(initialize(1, "2025-06-18"))).isPresent();
        assertThat(h.answer("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")).isEmpty();
        assertThat(h.answer(list).orElseThrow().line())
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"result\":{\"tools\":[{\"name\":\"read\"}]}}");
        assertThat(h.answer("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{}}")).isPresent();
        assertThat(h.answer("{\"id\":4,\"params\":null,\"method\":\"tools/list\",\"jsonrpc\":\"2.0\"}")).isPresent();
    }

    @Test
    void leavesToTheServerWhatItCannotKnow() throws IOException {
        StdioHandshake h = handshake();
        // A version the server does not speak: the server picks the answer.
        assertThat(h.answer(initialize(1, "1999-01-01"))).isEmpty();
        // ...and so the list waits for the server too.
        assertThat(h.answer("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}")).isEmpty();

        StdioHandshake h2 = handshake();
        assertThat(h2.answer(initialize(1, "2025-06-18"))).isPresent();
        assertThat(h2.answer(initialize(2, "2025-06-18"))).as("a second initialize").isEmpty();
        assertThat(h2.answer("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{\"cursor\":\"x\"}}")).isEmpty();
        assertThat(h2.answer("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"read\"}}")).isEmpty();
        assertThat(h2.answer("{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}")).isEmpty();
    }

    @Test
    void answersNothingThatIsNotOneJsonRpcRequest() throws IOException {
        StdioHandshake h = handshake();
        for (String line : new String[] { "not json", "[" + initialize(1, "2025-06-18") + "]",
                initialize(1, "2025-06-18").replace("\"2.0\"", "\"1.0\""), initialize(1, "2025-06-18") + " {}",
                initialize(1.5, "2025-06-18"), initialize("null", "2025-06-18"), initialize("{}", "2025-06-18"),
                "{\"jsonrpc\":\"2.0\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":[]}", "{\"jsonrpc\":\"2.0\",\"id\":1" }) {
            assertThat(h.answer(line)).as(line).isEmpty();
        }
        assertThat(h.answer(initialize(1, "2025-06-18"))).as("still answers the first real one").isPresent();
    }

    @Test
    void refusesARecordingThatIsNotTheTwoAnswers() throws IOException {
        for (Path bad : new Path[] { recording(INITIALIZE), recording(TOOLS, INITIALIZE), recording(INITIALIZE, INITIALIZE),
                recording(INITIALIZE, TOOLS, TOOLS), recording(INITIALIZE.replace("\"id\":1", "\"id\":9"), TOOLS),
                recording("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":1}}", TOOLS) }) {
            assertThatThrownBy(() -> StdioHandshake.load(bad)).isInstanceOf(IOException.class);
        }
        assertThatThrownBy(() -> StdioHandshake.load(Path.of("/no/such/recording.jsonl"))).isInstanceOf(IOException.class);
    }

    @Test
    void speaksTheVersionsTheSdkNegotiates() {
        assertThat(StdioHandshake.sdkProtocolVersions()).contains("2024-11-05", "2025-06-18");
    }

    /** Whatever the client's id, the answer carries it back, and its key is the one the server's answer gets. */
    @Property
    void anyIdComesBackAsSent(@ForAll String id, @ForAll long number) throws IOException {
        for (Object value : new Object[] { id, number }) {
            StdioHandshake h = handshake();
            ObjectNode request = (ObjectNode) MAPPER.readTree(initialize(1, "2025-06-18"));
            request.set("id", MAPPER.valueToTree(value));
            StdioHandshake.Answer answer = h.answer(MAPPER.writeValueAsString(request)).orElseThrow();
            JsonNode line = MAPPER.readTree(answer.line());
            assertThat(line.get("id").asText()).isEqualTo(String.valueOf(value));
            assertThat(line.get("id").isTextual()).isEqualTo(value instanceof String);
            assertThat(answer.answered().id()).isEqualTo(StdioHandshake.idKey(MAPPER, value));
        }
    }

    @Test
    void idKeysKeepNumbersAndStringsApart() {
        assertThat(StdioHandshake.idKey(MAPPER, 1)).isNotEqualTo(StdioHandshake.idKey(MAPPER, "1"));
        assertThat(StdioHandshake.idKey(MAPPER, "a\"b")).isEqualTo("\"a\\\"b\"");
    }
}
