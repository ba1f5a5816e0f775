package dev.toolfs.transport.mcp;

import static dev.toolfs.transport.mcp.StdioTransportTest.INITIALIZE;
import static dev.toolfs.transport.mcp.StdioTransportTest.INITIALIZED;
import static dev.toolfs.transport.mcp.StdioTransportTest.call;
import static dev.toolfs.transport.mcp.StdioTransportTest.ids;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The answers to requests that came together go out together: the reader holds an answer back while it has the next
 * request in hand, and writes what it holds when it has no whole line left, when another message is written, or
 * soon after a line lasts. The server writes through a buffer here, as the sidecar does.
 */
class StdioHeldAnswersTest {

    /** Several lines in one write of the client's, so that the server reads them in together. */
    private static String together(String... lines) {
        return String.join("\n", lines);
    }

    /** The connection, initialized, after a few calls that let the code paths settle. */
    private static StdioTransportTest.Connection started() throws Exception {
        StdioTransportTest.Connection c = new StdioTransportTest.Connection(null, true);
        c.serve();
        c.send(INITIALIZE, INITIALIZED);
        for (int i = 0; i < 20; i++) {
            c.send(call(100 + i, "who"));
            assertThat(c.await(2 + i)).hasSize(2 + i);
        }
        return c;
    }

    @Test
    void theAnswersToRequestsThatCameTogetherGoOutTogether() throws Exception {
        try (StdioTransportTest.Connection c = started()) {
            int before = c.messages().size();
            int writes = c.writes.get();
            c.send(together(IntStream.rangeClosed(2, 7).mapToObj(i -> call(i, "who")).toArray(String[]::new)));
            List<JsonNode> all = c.await(before + 6);
            assertThat(ids(all.subList(before, all.size()))).containsExactly("2", "3", "4", "5", "6", "7");
            assertThat(all.get(before + 5).at("/result/content/0/text").asText()).isEqualTo("roots: true");
            // One write would be the rule; a line that lasted on a busy machine may add one. Six without holding.
            assertThat(c.writes.get() - writes).isLessThan(6);
        }
    }

    @Test
    void aHeldAnswerGoesOutLongBeforeTheNextCallEnds() throws Exception {
        try (StdioTransportTest.Connection c = started()) {
            int before = c.messages().size();
            long start = System.nanoTime();
            // The slow tool runs 2 s unless cancelled.
            c.send(together(call(2, "who"), call(7, "slow")));
            List<JsonNode> all = c.await(before + 1);
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertThat(ids(all.subList(before, all.size()))).containsExactly("2");
            // The watchdog looks every 50 ms; the slow call would end after 2 s.
            assertThat(millis).isLessThan(700);
            c.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":7}}");
        }
    }

    @Test
    void aHeldAnswerGoesOutAfterTheNotificationThatWasInHand() throws Exception {
        try (StdioTransportTest.Connection c = started()) {
            int before = c.messages().size();
            c.send(together(call(2, "who"), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"}"));
            assertThat(ids(c.await(before + 1).subList(before, before + 1))).containsExactly("2");
        }
    }

    @Test
    void anAnswerIsNotHeldForLongerThanAMoment() throws Exception {
        try (StdioTransportTest.Connection c = new StdioTransportTest.Connection(null, true)) {
            // Each call takes 20 ms: the first answer goes out with the second, not with the last.
            c.serve((tool, arguments, cancellation) -> {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return io.modelcontextprotocol.spec.McpSchema.CallToolResult.builder()
                        .content(List.of(new io.modelcontextprotocol.spec.McpSchema.TextContent("napped"))).build();
            });
            c.send(INITIALIZE, INITIALIZED);
            assertThat(c.await(1)).hasSize(1);
            int writes = c.writes.get();
            c.send(together(IntStream.rangeClosed(2, 5).mapToObj(i -> call(i, "nap")).toArray(String[]::new)));
            List<JsonNode> all = c.await(5);
            assertThat(ids(all)).containsExactly("1", "2", "3", "4", "5");
            // Held for all four, it would be one write.
            assertThat(c.writes.get() - writes).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void aFullOutputDoesNotStopTheReadingWhileAnswersAreHeld() throws Exception {
        try (StdioTransportTest.Connection c = started()) {
            int before = c.messages().size();
            c.stopReadingOutput();
            // Held back while the notification is in hand, then flushed at its line's end into an output the client
            // does not read: that flush waits, and the reading must go on elsewhere meanwhile.
            c.send(together(call(2, "who"), call(3, "who"), "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"}"));
            Thread.sleep(300);
            // More than the pipe holds: written only if the server goes on reading while its answers wait.
            String blank = " ".repeat(1023);
            CompletableFuture<Void> written = CompletableFuture.runAsync(() -> {
                try {
                    for (int i = 0; i < 512; i++) {
                        c.send(blank);
                    }
                    c.send(call(4, "who"));
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            written.get(10, TimeUnit.SECONDS);
            c.readOutputAgain();
            List<JsonNode> all = c.await(before + 3);
            assertThat(all.subList(before, all.size()).stream().map(m -> m.get("id").asText())
                    .collect(Collectors.toList())).containsExactly("2", "3", "4");
        }
    }
}
