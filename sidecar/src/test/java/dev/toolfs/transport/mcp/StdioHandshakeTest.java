package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.sidecar.SidecarJson;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;

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
        StdioHandshake.Answer answer = answer(handshake(), initialize(7, "2025-03-26")).orElseThrow();
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
        assertThat(answer(h, list)).isEmpty();
        assertThat(answer(h, initialize(1, "2025-06-18"))).isPresent();
        assertThat(answer(h, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}")).isEmpty();
        assertThat(answer(h, list).orElseThrow().line())
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":\"b\",\"result\":{\"tools\":[{\"name\":\"read\"}]}}");
        for (String other : new String[] { "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{}}",
                "{\"id\":4,\"params\":null,\"method\":\"tools/list\",\"jsonrpc\":\"2.0\"}",
                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\",\"params\":{\"_meta\":{\"progressToken\":1}}}" }) {
            StdioHandshake fresh = handshake();
            answer(fresh, initialize(1, "2025-06-18"));
            assertThat(answer(fresh, other)).as(other).isPresent();
        }
    }

    @Test
    void leavesToTheServerWhatItCannotKnow() throws IOException {
        StdioHandshake h = handshake();
        // A version the server does not speak: the server picks the answer.
        assertThat(answer(h, initialize(1, "1999-01-01"))).isEmpty();
        // ...and so the list waits for the server too.
        assertThat(answer(h, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}")).isEmpty();

        StdioHandshake h2 = handshake();
        assertThat(answer(h2, initialize(1, "2025-06-18"))).isPresent();
        assertThat(answer(h2, initialize(2, "2025-06-18"))).as("a second initialize").isEmpty();
        assertThat(answer(h2, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\",\"params\":{\"cursor\":\"x\"}}")).isEmpty();
        assertThat(answer(h2, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"read\"}}")).isEmpty();
    }

    @Test
    void aPingIsAnsweredAtAnyTimeOnce() throws IOException {
        StdioHandshake h = handshake();
        assertThat(answer(h, "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}").map(StdioHandshake.Answer::line))
                .hasValue("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"result\":{}}");
        assertThat(answer(h, "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}")).as("the same id again").isEmpty();
        assertThat(answer(h, initialize(1, "2025-06-18"))).isPresent();
        assertThat(answer(h, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}")).isPresent();
    }

    @Test
    void answersNothingThatIsNotOneJsonRpcRequest() throws IOException {
        StdioHandshake h = handshake();
        for (String line : new String[] { "not json", "[" + initialize(1, "2025-06-18") + "]",
                initialize(1, "2025-06-18").replace("\"2.0\"", "\"1.0\""), initialize(1, "2025-06-18") + " {}",
                initialize(1.5, "2025-06-18"), initialize("null", "2025-06-18"), initialize("{}", "2025-06-18"),
                "{\"jsonrpc\":\"2.0\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\"}}",
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":[]}", "{\"jsonrpc\":\"2.0\",\"id\":1",
                // A key twice, which the server refuses as a parse error (found in a review: answered early by the last id).
                initialize(1, "2025-06-18").replace("{\"jsonrpc\"", "{\"id\":2,\"jsonrpc\"") }) {
            assertThat(answer(h, line)).as(line).isEmpty();
        }
        assertThat(answer(h, initialize(1, "2025-06-18"))).as("still answers the first real one").isPresent();
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

    /** The sidecar's own mapper, as the transport keys the SDK's answers with it. */
    private static final ObjectMapper SIDECAR = new ObjectMapper().registerModule(SidecarJson.module());

    /**
     * Whatever id the client sends, the early answer carries it back as the SDK reads it, and its key is the key of
     * the SDK's own answer to that request (which is then not sent twice).
     */
    @Property
    void anyIdComesBackAsTheSdkReadsIt(@ForAll @StringLength(max = 200) String id, @ForAll long number)
            throws IOException {
        for (Object value : new Object[] { id, number, (int) number }) {
            String line = initialize(SIDECAR.writeValueAsString(value), "2025-06-18");
            Optional<StdioHandshake.Answer> answer = answer(handshake(), line);
            if (value instanceof String s && hasLoneSurrogate(s)) {
                assertThat(answer).as("a lone surrogate is left to the server").isEmpty();
                continue;
            }
            McpSchema.JSONRPCRequest request = (McpSchema.JSONRPCRequest) McpSchema
                    .deserializeJsonRpcMessage(new JacksonMcpJsonMapper(SIDECAR), line);
            assertThat(answer).isPresent();
            assertThat(answer.get().answered().id()).isEqualTo(StdioHandshake.idKey(SIDECAR, request.id()));
            McpSchema.JSONRPCResponse response = (McpSchema.JSONRPCResponse) McpSchema
                    .deserializeJsonRpcMessage(new JacksonMcpJsonMapper(SIDECAR), answer.get().line());
            assertThat(response.id()).isEqualTo(request.id());
        }
    }

    /** A lone surrogate is what does not survive a trip through UTF-8. */
    private static boolean hasLoneSurrogate(String s) {
        return !new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8).equals(s);
    }

    @Test
    void idsTheSdkReadsDifferentlyOrRefusesAreLeftToTheServer() throws IOException {
        // Beyond a long, the SDK refuses the request; -0 it reads back as 0, and so it is written.
        assertThat(answer(handshake(), initialize("9223372036854775808", "2025-06-18"))).isEmpty();
        assertThat(answer(handshake(), initialize("-0", "2025-06-18")).orElseThrow().line()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":0,");
        assertThat(answer(handshake(), initialize("\"\\ud800\"", "2025-06-18"))).isEmpty();
        assertThat(answer(handshake(), initialize("\"\\ud83d\\ude00\"", "2025-06-18"))).isPresent();
    }

    @Test
    void answersInitializeOnlyWithTheParamsTheServerRequires() throws IOException {
        String noInfo = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":{}}}";
        String badCaps = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
                + "\"capabilities\":[],\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}";
        String noVersion = initialize(1, "2025-06-18").replace(",\"version\":\"1\"}", "}");
        String numberName = initialize(1, "2025-06-18").replace("\"name\":\"c\"", "\"name\":7");
        String capabilityNotAnObject = initialize(1, "2025-06-18").replace("\"roots\":{}", "\"roots\":true");
        // Found by an adversarial test: answered early, then refused by the SDK once it started (or its capabilities
        // dropped): the same request got two answers depending on when it came.
        String listChangedYes = initialize(1, "2025-06-18").replace("\"roots\":{}", "\"roots\":{\"listChanged\":\"yes\"}");
        String formNumber = initialize(1, "2025-06-18").replace("\"roots\":{}", "\"elicitation\":{\"form\":5}");
        StdioHandshake h = handshake();
        for (String bad : new String[] { noInfo, badCaps, noVersion, numberName, capabilityNotAnObject, listChangedYes,
                formNumber }) {
            assertThat(answer(h, bad)).as(bad).isEmpty();
        }
        String extra = initialize(1, "2025-06-18").replace("\"roots\":{}", "\"roots\":{\"listChanged\":true},\"x\":{\"y\":[1]}")
                .replace("\"version\":\"1\"}", "\"version\":\"1\",\"title\":\"T\"}");
        assertThat(answer(h, extra)).isPresent();
    }

    @Test
    void withoutItsToolListAnswersInitializeAlone() throws IOException {
        StdioHandshake h = handshake().withoutToolList();
        assertThat(answer(h, initialize(1, "2025-06-18"))).isPresent();
        assertThat(answer(h, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}")).isEmpty();
    }

    @Test
    void answersOneListAndNoIdTwice() throws IOException {
        StdioHandshake h = handshake();
        assertThat(answer(h, initialize(1, "2025-06-18"))).isPresent();
        assertThat(answer(h, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}")).as("id 1 again").isEmpty();
        assertThat(answer(h, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}")).isPresent();
        assertThat(answer(h, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/list\"}")).as("a second list").isEmpty();
    }

    @Test
    void theToolListIsConfiguredOnTheCommandLineOrInTheEnvironment() {
        assertThat(StdioHandshake.configuresToolList(Map.of("quarkus.tool-fs.tools.\"write\".enabled", "false"), Map.of())).isTrue();
        assertThat(StdioHandshake.configuresToolList(Map.of(), Map.of("quarkus_tool_fs_tools_write_enabled", "false"))).isTrue();
        assertThat(StdioHandshake.configuresToolList(Map.of("quarkus.tool-fs.sandbox.mode", "workspace-write"), Map.of())).isTrue();
        assertThat(StdioHandshake.configuresToolList(Map.of(), Map.of("QUARKUS_TOOL_FS_TOOLS__WRITE__ENABLED", "false"))).isTrue();
        assertThat(StdioHandshake.configuresToolList(Map.of(), Map.of("QUARKUS_TOOL_FS_SANDBOX_MODE", "off"))).isTrue();
        // The models decide whether read_image is listed.
        assertThat(StdioHandshake.configuresToolList(Map.of("quarkus.tool-fs.default-model", "m"), Map.of())).isTrue();
        assertThat(StdioHandshake.configuresToolList(Map.of("quarkus.tool-fs.models.m.image-input", "true"), Map.of())).isTrue();
        assertThat(StdioHandshake.configuresToolList(Map.of(), Map.of("QUARKUS_TOOL_FS_DEFAULT_MODEL", "m"))).isTrue();
        assertThat(StdioHandshake.configuresToolList(Map.of(), Map.of("QUARKUS_TOOL_FS_MODELS__M__IMAGE_INPUT", "true"))).isTrue();
        assertThat(StdioHandshake.configuresToolList(Map.of("quarkus.tool-fs.read.max-bytes", "1", "java.home", "/j"),
                Map.of("QUARKUS_TOOL_FS_SANDBOX_APPROVAL", "deny", "PATH", "/bin"))).isFalse();
    }

    @Test
    void idKeysKeepNumbersAndStringsApart() {
        assertThat(StdioHandshake.idKey(MAPPER, 1)).isNotEqualTo(StdioHandshake.idKey(MAPPER, "1"));
        assertThat(StdioHandshake.idKey(MAPPER, "a\"b")).isEqualTo("\"a\\\"b\"");
    }

    /** The channel hands the handshake each line as its UTF-8 bytes. */
    private static Optional<StdioHandshake.Answer> answer(StdioHandshake handshake, String line) {
        return handshake.answer(line.getBytes(StandardCharsets.UTF_8));
    }
}
