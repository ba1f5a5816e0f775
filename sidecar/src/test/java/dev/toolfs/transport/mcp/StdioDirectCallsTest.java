package dev.toolfs.transport.mcp;

import static dev.toolfs.transport.mcp.StdioTransportTest.INITIALIZE;
import static dev.toolfs.transport.mcp.StdioTransportTest.INITIALIZED;
import static dev.toolfs.transport.mcp.StdioTransportTest.call;
import static dev.toolfs.transport.mcp.StdioTransportTest.cancel;
import static dev.toolfs.transport.mcp.StdioTransportTest.ids;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

import io.modelcontextprotocol.spec.McpSchema;

/**
 * The tools/call requests the transport answers without the SDK's session ({@link StdioTransport.DirectCalls}): in
 * their turn, in order with the session's answers, written as the session writes them, cancelled as the session's
 * are, and handed to the session whenever the hook declines or the client is not initialized yet.
 */
class StdioDirectCallsTest {

    private static final com.fasterxml.jackson.databind.ObjectMapper MAPPER = new com.fasterxml.jackson.databind.ObjectMapper();

    /** The test server's "who" answer (see StdioTransportTest#serve), made by the hook instead. */
    private static McpSchema.CallToolResult who() {
        return McpSchema.CallToolResult.builder().content(List.of(new McpSchema.TextContent("roots: true"))).build();
    }

    @Test
    void theHookAnswersWhatItTakesAndTheSessionTheRestInArrivalOrder() throws Exception {
        ConcurrentLinkedQueue<String> hooked = new ConcurrentLinkedQueue<>();
        try (StdioTransportTest.Connection c = new StdioTransportTest.Connection(null)) {
            // Takes "who" from its second call on (as the sidecar does once the session ran one), and nothing else.
            c.serve((tool, arguments, cancellation) -> {
                hooked.add(tool + " " + arguments.get("n"));
                return tool.equals("who") && !arguments.get("n").equals(2) ? who() : null;
            });
            c.send(INITIALIZE, INITIALIZED, call(2, "who"), call(3, "who"), call(4, "nope"), call(5, "who"));
            List<JsonNode> all = c.await(5);
            Thread.sleep(200); // room for a second answer, which must not come
            all = c.messages();
            assertThat(ids(all)).containsExactly("1", "2", "3", "4", "5");
            assertThat(hooked).containsExactly("who 2", "who 3", "nope 4", "who 5");
            // The session's answer and the hook's are written alike, byte for byte.
            String[] lines = c.out.toString(java.nio.charset.StandardCharsets.UTF_8).split("\n");
            assertThat(lines[2]).isEqualTo(lines[1].replace("\"id\":2,", "\"id\":3,"));
            assertThat(lines[1]).contains("\"id\":2,");
            assertThat(all.get(4).get("result")).isEqualTo(all.get(1).get("result"));
            assertThat(all.get(4).get("result").at("/content/0/text").asText()).isEqualTo("roots: true");
            // A tool the hook declines is the session's: its own error for an unknown tool.
            assertThat(all.get(3).has("error")).isTrue();
            assertThat(all.get(3).at("/error/code").asInt()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
        }
    }

    @Test
    void callsBeforeNotificationsInitializedAreTheSessions() throws Exception {
        ConcurrentLinkedQueue<String> hooked = new ConcurrentLinkedQueue<>();
        try (StdioTransportTest.Connection c = new StdioTransportTest.Connection(null)) {
            c.serve((tool, arguments, cancellation) -> {
                hooked.add(tool + " " + arguments.get("n"));
                return who();
            });
            c.send(INITIALIZE, call(2, "who"));
            assertThat(c.await(1)).hasSize(1);
            Thread.sleep(200); // the session holds the call until the client is initialized
            assertThat(c.messages()).hasSize(1);
            c.send(INITIALIZED, call(3, "who"));
            List<JsonNode> all = c.await(3);
            assertThat(ids(all)).containsExactly("1", "2", "3");
            assertThat(hooked).containsExactly("who 3");
        }
    }

    @Test
    void aCancelledCallIsNotRunWhileItWaitsAndNotAnsweredWhileItRuns() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        ConcurrentLinkedQueue<String> hooked = new ConcurrentLinkedQueue<>();
        try (StdioTransportTest.Connection c = new StdioTransportTest.Connection(null)) {
            c.serve((tool, arguments, cancellation) -> {
                hooked.add(tool + " " + arguments.get("n"));
                if (tool.equals("wait")) {
                    running.countDown();
                    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
                    while (!cancellation.isCancelled() && System.nanoTime() < end) {
                        Thread.onSpinWait();
                    }
                    return McpSchema.CallToolResult.builder()
                            .content(List.of(new McpSchema.TextContent(cancellation.isCancelled() ? "saw it" : "no")))
                            .build();
                }
                return who();
            });
            c.send(INITIALIZE, INITIALIZED);
            assertThat(c.await(1)).hasSize(1);
            // 2 runs until cancelled; 3 waits behind it and is cancelled first; 4 is answered.
            c.send(call(2, "wait"), call(3, "who"));
            assertThat(running.await(5, TimeUnit.SECONDS)).isTrue();
            c.send(cancel(3), cancel(2), call(4, "who"));
            List<JsonNode> all = c.await(2);
            Thread.sleep(300); // room for an answer to 2 or 3, which must not come
            all = c.messages();
            assertThat(ids(all)).containsExactly("1", "4");
            assertThat(hooked).containsExactly("wait 2", "who 4");
        }
    }

    @Test
    void aFailingHookIsAnsweredAsTheSessionAnswersAFailingHandler() throws Exception {
        try (StdioTransportTest.Connection c = new StdioTransportTest.Connection(null)) {
            c.serve((tool, arguments, cancellation) -> {
                if (arguments.get("n").equals(4)) {
                    throw new IllegalStateException();
                }
                throw new IllegalStateException("broken " + arguments.get("n"));
            });
            c.send(INITIALIZE, INITIALIZED, call(2, "who"), call("\"s\"", "who"), call(4, "who"));
            List<JsonNode> all = c.await(4);
            assertThat(ids(all)).containsExactly("1", "2", "s", "4");
            assertThat(all.get(3).get("error")).isEqualTo(MAPPER.readTree("{\"code\":-32603,\"message\":\"Internal error\"}"));
            assertThat(all.get(1).at("/error/code").asInt()).isEqualTo(McpSchema.ErrorCodes.INTERNAL_ERROR);
            assertThat(all.get(1).at("/error/message").asText()).isEqualTo("broken 2");
            assertThat(all.get(2).at("/error/message").asText()).isEqualTo("broken s");
        }
    }

    @Test
    void argumentsLeftOutReachTheHookAsNone() throws Exception {
        ConcurrentLinkedQueue<Map<String, Object>> seen = new ConcurrentLinkedQueue<>();
        try (StdioTransportTest.Connection c = new StdioTransportTest.Connection(null)) {
            c.serve((tool, arguments, cancellation) -> {
                seen.add(arguments);
                return who();
            });
            c.send(INITIALIZE, INITIALIZED,
                    "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"who\"}}");
            assertThat(ids(c.await(2))).containsExactly("1", "2");
            assertThat(seen).containsExactly(Map.of());
        }
    }
}
