package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * The transport with the SDK's real server session behind it, fed through a channel that answered the handshake
 * before the server existed: each request answered once, in order, and the session sees the client as it introduced
 * itself.
 */
class StdioTransportTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-06-18\",\"capabilities\":{\"roots\":{}},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}";
    static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}";
    private static final String LIST = "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\"}";
    private static final String CALL = "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"who\",\"arguments\":{}}}";
    private static final String LIST_AGAIN = "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\"}";
    private static final String SLOW = "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"slow\",\"arguments\":{}}}";
    /** Whether the slow tool saw its request cancelled (true) or ran to its end (false). */
    private static volatile CompletableFuture<Boolean> slowSawCancel = new CompletableFuture<>();

    private static final String ASK = "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"ask\",\"arguments\":{}}}";

    /** A client's pipe into a channel, and what the server wrote back. */
    static final class Connection implements AutoCloseable {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final OutputStream client;
        final StdioChannel channel;
        private McpSyncServer server;
        /** While closed, the server's writes wait: a client that does not read its input (the server's output). */
        private volatile CountDownLatch outputOpen = new CountDownLatch(0);
        /** The writes that reached the client's end of the pipe (system calls, in the sidecar). */
        final java.util.concurrent.atomic.AtomicInteger writes = new java.util.concurrent.atomic.AtomicInteger();

        Connection(Path recording) throws IOException {
            this(recording, false);
        }

        /** @param buffered whether the server writes through a buffer, as the sidecar's output does */
        Connection(Path recording, boolean buffered) throws IOException {
            TestPipe pipe = new TestPipe();
            client = pipe.client;
            OutputStream gated = new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    write(new byte[] { (byte) b }, 0, 1);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    try {
                        outputOpen.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new java.io.InterruptedIOException();
                    }
                    synchronized (out) {
                        out.write(b, off, len);
                    }
                    writes.incrementAndGet();
                }
            };
            channel = StdioChannel.open(pipe.server,
                    buffered ? new java.io.BufferedOutputStream(gated, 1 << 16) : gated, recording, true);
        }

        void stopReadingOutput() {
            outputOpen = new CountDownLatch(1);
        }

        void readOutputAgain() {
            outputOpen.countDown();
        }

        void send(String... lines) throws IOException {
            for (String line : lines) {
                client.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            }
            client.flush();
        }

        List<JsonNode> messages() throws IOException {
            String text;
            synchronized (out) {
                text = out.toString(StandardCharsets.UTF_8);
            }
            List<JsonNode> messages = new ArrayList<>();
            for (String line : text.split("\n")) {
                if (!line.isBlank()) {
                    messages.add(MAPPER.readTree(line));
                }
            }
            return messages;
        }

        /** Starts the SDK's server on this connection's channel (see {@link StdioTransportTest#serve}). */
        void serve() {
            server = StdioTransportTest.serve(channel, null);
        }

        /** The same, with the calls {@code direct} answers kept from the SDK's session. */
        void serve(StdioTransport.DirectCalls direct) {
            server = StdioTransportTest.serve(channel, direct);
        }

        /** Ends the client's input, then the server (if one started). */
        @Override
        public void close() throws IOException {
            client.close();
            if (server != null) {
                server.closeGracefully();
            }
        }

        List<JsonNode> await(int count) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (messages().size() < count && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            return messages();
        }
    }

    /**
     * The SDK's server on the channel: a tool that says whether the client declared roots, and one that asks the
     * client for them (from another thread, as the sidecar does) and says which thread it ran on.
     */
    static McpSyncServer serve(StdioChannel channel, StdioTransport.DirectCalls direct) {
        JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(MAPPER);
        McpSchema.Tool who = McpSchema.Tool.builder().name("who").inputSchema(Map.of("type", "object")).build();
        McpSchema.Tool ask = McpSchema.Tool.builder().name("ask").inputSchema(Map.of("type", "object")).build();
        McpSchema.Tool slow = McpSchema.Tool.builder().name("slow").inputSchema(Map.of("type", "object")).build();
        McpSchema.Tool brief = McpSchema.Tool.builder().name("brief").inputSchema(Map.of("type", "object")).build();
        StdioTransport transport = new StdioTransport(json, MAPPER, channel);
        transport.directCalls(direct);
        return McpServer.sync(transport)
                .jsonMapper(json)
                .serverInfo("test", "1")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .tools(McpServerFeatures.SyncToolSpecification.builder().tool(who)
                        .callHandler((exchange, request) -> McpSchema.CallToolResult.builder()
                                .content(List.of(new McpSchema.TextContent("roots: "
                                        + (exchange.getClientCapabilities() != null
                                                && exchange.getClientCapabilities().roots() != null))))
                                .build())
                        .build())
                .tools(McpServerFeatures.SyncToolSpecification.builder().tool(ask)
                        .callHandler((exchange, request) -> {
                            String thread = Thread.currentThread().getName();
                            String roots;
                            try {
                                roots = CompletableFuture.supplyAsync(exchange::listRoots).get(20, TimeUnit.SECONDS)
                                        .roots().get(0).uri();
                            } catch (Exception e) {
                                roots = "no roots: " + e;
                            }
                            return McpSchema.CallToolResult.builder()
                                    .content(List.of(new McpSchema.TextContent(roots + " on " + thread)))
                                    .build();
                        })
                        .build())
                .tools(McpServerFeatures.SyncToolSpecification.builder().tool(brief)
                        // Asks for the roots as the sidecar does, waiting a moment only, unless cancelled first.
                        .callHandler((exchange, request) -> {
                            String answer;
                            try {
                                answer = ClientWait.answer(exchange::listRoots,
                                        StdioTransport.cancellation(exchange.transportContext()),
                                        java.time.Duration.ofMillis(400), transport::abandon).roots().get(0).uri();
                            } catch (Exception e) {
                                answer = "gave up: " + e.getClass().getSimpleName();
                            }
                            return McpSchema.CallToolResult.builder()
                                    .content(List.of(new McpSchema.TextContent(answer))).build();
                        })
                        .build())
                .tools(McpServerFeatures.SyncToolSpecification.builder().tool(slow)
                        .callHandler((exchange, request) -> {
                            // Runs until its request is cancelled, or 2 s.
                            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
                            boolean cancelled = false;
                            while (!cancelled && System.nanoTime() < end) {
                                cancelled = StdioTransport.cancellation(exchange.transportContext()).isCancelled();
                                try {
                                    Thread.sleep(5);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                    break;
                                }
                            }
                            slowSawCancel.complete(cancelled);
                            return McpSchema.CallToolResult.builder()
                                    .content(List.of(new McpSchema.TextContent(cancelled ? "cancelled" : "done")))
                                    .build();
                        })
                        .build())
                .validateToolInputs(false)
                .immediateExecution(true)
                .build();
    }

    /** The server's own answers to initialize and tools/list, recorded as the build records them. */
    static Path record(String toolsResultReplacement) throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED, LIST);
            List<JsonNode> answers = c.await(2);
            assertThat(answers).hasSize(2);
            String init = MAPPER.writeValueAsString(answers.get(0));
            String list = MAPPER.writeValueAsString(answers.get(1));
            if (toolsResultReplacement != null) {
                list = "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":" + toolsResultReplacement + "}";
            }
            Path file = Files.createTempFile("handshake", ".jsonl");
            file.toFile().deleteOnExit();
            Files.writeString(file, init + "\n" + list + "\n");
            return file;
        }
    }

    /** A tools/call of {@code tool} with id {@code id}, which it also gets as its argument {@code n}. */
    static String call(Object id, String tool) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":{\"name\":\"" + tool
                + "\",\"arguments\":{\"n\":" + id + "}}}";
    }

    /** The ids of the answers, and the methods of the other messages, in order. */
    static List<String> ids(List<JsonNode> messages) {
        return messages.stream().map(m -> m.has("id") ? m.get("id").asText() : m.get("method").asText()).toList();
    }

    @Test
    void theServerTakesOverWithoutAnsweringTwiceAndSeesTheClientsCapabilities() throws Exception {
        try (Connection c = new Connection(record(null))) {
            c.send(INITIALIZE, INITIALIZED, LIST, CALL);
            // Both handshake answers come before there is a server.
            List<JsonNode> early = c.await(2);
            assertThat(ids(early)).containsExactly("1", "2");
            c.serve();
            c.send(LIST_AGAIN);
            List<JsonNode> all = c.await(4);
            Thread.sleep(200); // room for a duplicate or a list change, which must not come
            all = c.messages();
            assertThat(ids(all)).containsExactly("1", "2", "3", "4");
            assertThat(all.get(2).at("/result/content/0/text").asText()).isEqualTo("roots: true");
            assertThat(all.get(3).get("result")).isEqualTo(all.get(1).get("result"));
        }
    }

    @Test
    void aToolListThatDiffersFromTheRecordingIsAnnouncedOnce() throws Exception {
        Path recording = record("{\"tools\":[{\"name\":\"gone\",\"inputSchema\":{\"type\":\"object\"}}]}");
        try (Connection c = new Connection(recording)) {
            c.send(INITIALIZE, INITIALIZED, LIST);
            assertThat(ids(c.await(2))).containsExactly("1", "2");
            assertThat(c.messages().get(1).at("/result/tools/0/name").asText()).isEqualTo("gone");
            c.serve();
            c.send(LIST_AGAIN);
            c.await(4);
            Thread.sleep(200);
            List<JsonNode> all = c.messages();
            assertThat(ids(all)).containsExactly("1", "2", "notifications/tools/list_changed", "4");
            assertThat(all.get(3).at("/result/tools/0/name").asText()).isEqualTo("who");
        }
    }

    @Test
    void aLineThatIsNotAMessageGetsAJsonRpcErrorAndTheConnectionGoesOn() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED);
            // Not UTF-8 (a lone lead byte), not JSON, JSON but not JSON-RPC, a blank line: then a real call.
            c.client.write(new byte[] { '{', '"', (byte) 0xC3, '"', ':', '1', '}', '\n' });
            // An overlong "/" (C0 AF), which the parser read as "/"; two messages on one line (the second was lost).
            c.client.write(("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/a" + "\u00c0\u00af" + "b\"}\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            c.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"}{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/list\"}");
            c.send("not json", "{\"jsonrpc\":\"2.0\"}", " [{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"tools/list\"}]", "5",
                    "null", "  \t ", CALL);
            List<JsonNode> all = c.await(10);
            Thread.sleep(200); // room for an answer to the blank line, which must not come
            all = c.messages();
            assertThat(all).hasSize(10);
            for (JsonNode error : all.subList(1, 9)) {
                assertThat(error.get("id").isNull()).as(error.toString()).isTrue();
                // In the client's terms: no class names of the SDK, and not the line quoted back.
                assertThat(error.at("/error/message").asText()).startsWith("not a JSON-RPC message: ")
                        .doesNotContain("modelcontextprotocol", "jsonrpc\":\"2.0\"");
            }
            // A parse error where the line is no JSON (one value) at all, an invalid request where it is JSON but
            // no message.
            assertThat(all.subList(1, 9)).extracting(e -> e.at("/error/code").asInt() + " " + e.at("/error/message").asText())
                    .containsExactlyInAnyOrder(
                            "-32700 not a JSON-RPC message: the line is not UTF-8",
                            "-32700 not a JSON-RPC message: the line is not UTF-8",
                            "-32700 not a JSON-RPC message: the line holds more than one JSON value (one message a line)",
                            "-32700 not a JSON-RPC message: the line is not JSON",
                            "-32600 not a JSON-RPC message: it is not one JSON-RPC request, notification or response (an"
                                    + " object with a string method, a string or integer id)",
                            "-32600 not a JSON-RPC message: batches are not supported; send one JSON-RPC message per line",
                            "-32600 not a JSON-RPC message: it is not one JSON-RPC request, notification or response (an"
                                    + " object with a string method, a string or integer id)",
                            "-32600 not a JSON-RPC message: it is not one JSON-RPC request, notification or response (an"
                                    + " object with a string method, a string or integer id)");
            assertThat(all.get(9).get("id").asInt()).isEqualTo(3);
            assertThat(all.get(9).at("/result/content/0/text").asText()).isEqualTo("roots: true");
        }
    }

    @Test
    void anUnknownToolIsNamedWithTheToolsThereAre() throws Exception {
        // Found in a review: the SDK's message was MCP's example word for word ("Unknown tool: invalid_tool_name"),
        // whatever the name.
        StdioTransport.DirectCalls direct = new StdioTransport.DirectCalls() {
            @Override
            public McpSchema.CallToolResult call(String tool, Map<String, Object> arguments, dev.toolfs.fs.Cancellation c) {
                return null; // the SDK's session runs the known ones
            }

            @Override
            public String unknown(String tool) {
                return tool.equals("who") ? null
                        : dev.toolfs.runtime.UnknownToolException.message(tool, List.of("who"));
            }
        };
        try (Connection c = new Connection(null)) {
            c.serve(direct);
            c.send(INITIALIZE, INITIALIZED,
                    "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/call\",\"params\":{\"name\":\"raed\",\"arguments\":{}}}",
                    CALL);
            List<JsonNode> all = c.await(3);
            assertThat(all.subList(1, 3)).extracting(m -> m.get("id") + " " + m.at("/error/code").asInt() + " "
                    + m.at("/error/message").asText() + m.at("/result/content/0/text").asText()).containsExactlyInAnyOrder(
                            "5 -32602 unknown tool \"raed\"; the tools are who",
                            "3 0 roots: true");
        }
    }

    @Test
    void aCursorTheServerNeverGaveAndAKeyTwiceAreRefused() throws Exception {
        // Found in a review: the SDK answered the whole list for any cursor, and took the last of two ids (59 was
        // never answered); HTTP refused both.
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED);
            c.send("{\"jsonrpc\":\"2.0\",\"id\":41,\"method\":\"tools/list\",\"params\":{\"cursor\":\"no-such-cursor\"}}",
                    "{\"jsonrpc\":\"2.0\",\"id\":59,\"method\":\"ping\",\"id\":60}",
                    // Its one id is answered, so that its client does not wait for ever.
                    "{\"jsonrpc\":\"2.0\",\"id\":61,\"method\":\"tools/call\",\"params\":{\"name\":\"who\",\"arguments\":{\"a\":1,\"a\":2}}}",
                    "{\"jsonrpc\":\"2.0\",\"id\":42,\"method\":\"tools/list\",\"params\":{\"cursor\":null}}");
            List<JsonNode> all = c.await(5);
            assertThat(all.subList(1, 5)).extracting(m -> m.get("id") + " " + m.at("/error/code").asInt() + " "
                    + m.at("/error/message").asText() + " " + m.at("/result/tools/0/name").asText()).containsExactlyInAnyOrder(
                            "41 -32602 Invalid params: unknown cursor; the tool list has one page, so ask tools/list"
                                    + " without a cursor ",
                            "null -32700 not a JSON-RPC message: a key appears twice in one object ",
                            "61 -32700 not a JSON-RPC message: a key appears twice in one object ",
                            "42 0  who"); // the test server's one tool
        }
    }

    @Test
    void paramsThatAreNoObjectAndMethodsThatAreNoStringAreRefusedInTheClientsTerms() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED);
            c.send("{\"jsonrpc\":\"2.0\",\"id\":21,\"method\":\"tools/list\",\"params\":\"x\"}",
                    "{\"jsonrpc\":\"2.0\",\"id\":22,\"method\":\"logging/setLevel\",\"params\":\"x\"}",
                    "{\"jsonrpc\":\"2.0\",\"id\":23,\"method\":\"logging/setLevel\"}",
                    // Found in a review: the SDK took an unknown level as info, and answered success.
                    "{\"jsonrpc\":\"2.0\",\"id\":27,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"bogus\"}}",
                    "{\"jsonrpc\":\"2.0\",\"id\":26,\"method\":\"ping\",\"params\":5}",
                    "{\"jsonrpc\":\"2.0\",\"id\":24,\"method\":5}",
                    "{\"jsonrpc\":\"2.0\",\"id\":25,\"method\":\"tools/call\",\"params\":{\"name\":\"who\",\"_meta\":\"x\"}}",
                    // A response with another version is not answered by its id (a response never gets one).
                    "{\"jsonrpc\":\"1.0\",\"id\":\"r-1\",\"result\":{}}",
                    // Not acted on: the SDK asked a client that never declared roots for them.
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/roots/list_changed\"}",
                    CALL);
            List<JsonNode> all = c.await(10);
            Thread.sleep(300); // room for a roots/list, which must not come
            all = c.messages();
            assertThat(all).hasSize(10);
            assertThat(all.subList(1, 10)).extracting(m -> m.get("id") + " " + m.at("/error/code").asInt() + " "
                    + m.at("/error/message").asText() + m.at("/result/content/0/text").asText()).containsExactly(
                            "21 -32602 Invalid params: the params must be an object",
                            "22 -32602 Invalid params: the params must be an object",
                            "23 -32602 " + McpTexts.SET_LEVEL,
                            "27 -32602 logging/setLevel needs params {\"level\": <level>}, the level one of debug, info,"
                                    + " notice, warning, error, critical, alert, emergency",
                            "26 -32602 Invalid params: the params must be an object",
                            "24 -32600 not a JSON-RPC message: the method must be a string",
                            "25 -32602 " + ToolsCallShape.MESSAGE,
                            "null -32600 not a JSON-RPC message: \"jsonrpc\" must be \"2.0\"",
                            "3 0 roots: true");
        }
    }

    @Test
    void aMessageThatIsNotJsonRpc20IsAnInvalidRequest() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED);
            // The SDK ran these: another version, or none.
            c.send("{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"tools/list\"}", "{\"id\":\"x\",\"method\":\"tools/list\"}",
                    "{\"jsonrpc\":2.0,\"id\":1.5,\"method\":\"tools/list\"}", "{\"jsonrpc\":\"1.0\",\"method\":\"notifications/x\"}",
                    CALL);
            List<JsonNode> all = c.await(6);
            for (JsonNode error : all.subList(1, 5)) {
                assertThat(error.at("/error/code").asInt()).as(error.toString()).isEqualTo(McpSchema.ErrorCodes.INVALID_REQUEST);
                assertThat(error.at("/error/message").asText()).isEqualTo("not a JSON-RPC message: \"jsonrpc\" must be \"2.0\"");
            }
            // Answered by its id where it has one a request can have, so that the client is not left waiting.
            assertThat(all.subList(1, 5)).extracting(e -> e.get("id").toString()).containsExactly("7", "\"x\"", "null", "null");
            assertThat(all.get(5).get("id").asInt()).isEqualTo(3);
        }
    }

    /**
     * As over HTTP and REST: a line of very many values (1,200,000 empty objects in 3.6 MB ran a 48 MiB heap out, found
     * by black-box testing) or an object of very many names is refused before it is read as a tree, by its id.
     */
    @Test
    void aMessageOfTooManyValuesOrNamesIsRefusedByItsId() throws Exception {
        StringBuilder values = new StringBuilder("{\"jsonrpc\":\"2.0\",\"method\":\"tools/call\",\"params\":{\"name\":\"read\","
                + "\"arguments\":{\"file_path\":\"a\",\"junk\":[");
        for (int i = 0; i < 10_001; i++) {
            values.append(i == 0 ? "{}" : ",{}");
        }
        StringBuilder names = new StringBuilder("{\"jsonrpc\":\"2.0\",\"id\":\"n\",\"method\":\"tools/call\",\"params\":{\"name\":\"read\","
                + "\"arguments\":{\"file_path\":\"a\"");
        for (int i = 0; i < 1001; i++) {
            names.append(",\"k").append(i).append("\":0");
        }
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED);
            c.send(values.append("]}},\"id\":71}").toString(), names.append("}}}").toString(), CALL);
            List<JsonNode> all = c.await(4);
            assertThat(all.get(1).get("id").asInt()).isEqualTo(71);
            assertThat(all.get(1).at("/error/code").asInt()).isEqualTo(McpSchema.ErrorCodes.INVALID_REQUEST);
            assertThat(all.get(1).at("/error/message").asText())
                    .isEqualTo("not a JSON-RPC message: the line holds more than 10000 JSON values");
            assertThat(all.get(2).get("id").asText()).isEqualTo("n");
            assertThat(all.get(2).at("/error/message").asText())
                    .isEqualTo("not a JSON-RPC message: the line has an object with more than 1000 names");
            assertThat(all.get(3).get("id").asInt()).isEqualTo(3);
        }
    }

    @Test
    void aMessageOfTwoKindsIsAnInvalidRequest() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED);
            // Found by black-box testing: the first two were served as requests (a pong, the tool list), the third
            // left unanswered; HTTP refuses them all alike.
            c.send("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"ping\",\"result\":{}}",
                    "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"tools/list\",\"error\":{\"code\":1,\"message\":\"m\"}}",
                    "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"result\":{}}",
                    "{\"jsonrpc\":\"2.0\",\"result\":{}}",
                    "{\"jsonrpc\":\"2.0\",\"id\":\"r-1\",\"result\":{},\"error\":{\"code\":1,\"message\":\"m\"}}",
                    CALL);
            List<JsonNode> all = c.await(7);
            assertThat(all.subList(1, 7)).extracting(m -> m.get("id") + " " + m.at("/error/code").asInt() + " "
                    + m.at("/error/message").asText()).containsExactly(
                            "9 -32600 not a JSON-RPC message: " + JsonRpcMessages.NOT_ONE_KIND,
                            "10 -32600 not a JSON-RPC message: " + JsonRpcMessages.NOT_ONE_KIND,
                            "null -32600 not a JSON-RPC message: " + JsonRpcMessages.NOT_ONE_KIND,
                            "null -32600 not a JSON-RPC message: " + JsonRpcMessages.NOT_ONE_KIND,
                            "null -32600 not a JSON-RPC message: " + JsonRpcMessages.NOT_ONE_KIND,
                            "3 0 ");
        }
    }

    /**
     * A request sent before initialize waits for notifications/initialized, which the client sends only once its
     * initialize is answered: an answer to a malformed initialize in turn behind it never came (found by black-box
     * testing).
     */
    @Test
    void aMalformedInitializeIsAnsweredAlsoBehindARequestThatWaitsForTheHandshake() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(LIST, "{\"jsonrpc\":\"2.0\",\"id\":\"bad\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":5}}");
            List<JsonNode> first = c.await(1);
            assertThat(first).hasSize(1);
            assertThat(first.get(0).get("id").asText()).isEqualTo("bad");
            assertThat(first.get(0).at("/error/code").asInt()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
            // The client corrects itself; the request it sent early is served after the handshake.
            c.send(INITIALIZE, INITIALIZED);
            assertThat(ids(c.await(3))).containsExactlyInAnyOrder("bad", "1", "2");
        }
    }

    @Test
    void malformedInitializeParamsAreInvalidParamsNotAnInternalError() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send("{\"jsonrpc\":\"2.0\",\"id\":\"number\",\"method\":\"initialize\",\"params\":5}",
                    "{\"jsonrpc\":\"2.0\",\"id\":\"unnamed\",\"method\":\"initialize\",\"params\":"
                            + "{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{}}}",
                    // A capability the SDK cannot read (it answered with an internal error naming its classes).
                    "{\"jsonrpc\":\"2.0\",\"id\":\"roots\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                            + "\"2025-06-18\",\"capabilities\":{\"roots\":{\"listChanged\":{}}},\"clientInfo\":{\"name\":\"c\","
                            + "\"version\":\"1\"}}}",
                    INITIALIZE, INITIALIZED, CALL);
            List<JsonNode> all = c.await(5);
            // The errors are written as they are found; the good initialize's answer may come first.
            assertThat(ids(all)).containsExactlyInAnyOrder("number", "unnamed", "roots", "1", "3");
            for (JsonNode answer : all) {
                String id = answer.get("id").asText();
                if (id.equals("number") || id.equals("unnamed") || id.equals("roots")) {
                    assertThat(answer.at("/error/code").asInt()).as(answer.toString()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
                    assertThat(answer.at("/error/message").asText()).isEqualTo("initialize needs params {\"protocolVersion\":"
                            + " <string>, \"capabilities\": <object>, \"clientInfo\": {\"name\": <string>, \"version\": <string>}}");
                } else if (id.equals("3")) {
                    assertThat(answer.at("/result/content/0/text").asText()).isEqualTo("roots: true");
                } else {
                    assertThat(answer.has("result")).as(answer.toString()).isTrue();
                }
            }
        }
    }

    /**
     * Found by black-box testing: a second initialize in the middle of a session was taken, with another protocol
     * version and the client's new capabilities; over HTTP a live session refuses it.
     */
    @Test
    void aSecondInitializeIsRefusedAndChangesNothing() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED);
            c.await(1);
            c.send("{\"jsonrpc\":\"2.0\",\"id\":\"again\",\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                    + "\"2024-11-05\",\"capabilities\":{},\"clientInfo\":{\"name\":\"d\",\"version\":\"2\"}}}", CALL);
            List<JsonNode> all = c.await(3);
            assertThat(ids(all)).containsExactly("1", "again", "3");
            JsonNode again = all.get(1);
            assertThat(again.at("/error/code").asInt()).isEqualTo(McpSchema.ErrorCodes.INVALID_REQUEST);
            assertThat(again.at("/error/message").asText()).isEqualTo("Invalid Request: this session is initialized"
                    + " already; to start a new one, start the server again");
            // The client's capabilities are still those of its initialize: roots.
            assertThat(all.get(2).at("/result/content/0/text").asText()).isEqualTo("roots: true");
        }
    }

    @Test
    void malformedCallParamsAreInvalidParamsWithTheRequestsId() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED,
                    "{\"jsonrpc\":\"2.0\",\"id\":\"array\",\"method\":\"tools/call\",\"params\":{\"name\":\"who\",\"arguments\":[1]}}",
                    "{\"jsonrpc\":\"2.0\",\"id\":\"none\",\"method\":\"tools/call\"}",
                    "{\"jsonrpc\":\"2.0\",\"id\":\"nameless\",\"method\":\"tools/call\",\"params\":{\"name\":7}}",
                    CALL);
            List<JsonNode> all = c.await(5);
            assertThat(ids(all)).containsExactly("1", "array", "none", "nameless", "3");
            for (JsonNode error : all.subList(1, 4)) {
                assertThat(error.at("/error/code").asInt()).as(error.toString()).isEqualTo(McpSchema.ErrorCodes.INVALID_PARAMS);
                assertThat(error.at("/error/message").asText())
                        .isEqualTo("tools/call needs params {\"name\": <string>, \"arguments\": <object, optional>}");
            }
            assertThat(all.get(4).at("/result/content/0/text").asText()).isEqualTo("roots: true");
        }
    }

    @Test
    void aPingBeforeInitializeIsAnsweredAtOnce() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send("{\"jsonrpc\":\"2.0\",\"id\":\"early\",\"method\":\"ping\"}");
            List<JsonNode> first = c.await(1);
            assertThat(first).hasSize(1);
            assertThat(first.get(0).get("id").asText()).isEqualTo("early");
            assertThat(first.get(0).get("result").isObject()).isTrue();
            c.send(INITIALIZE, INITIALIZED, CALL);
            assertThat(ids(c.await(3))).containsExactly("early", "1", "3");
        }
    }

    @Test
    void aPingBetweenInitializeAndInitializedIsAnsweredAtOnce() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}");
            assertThat(ids(c.await(2))).containsExactly("1", "p");
            c.send(INITIALIZED, CALL);
            assertThat(ids(c.await(3))).containsExactly("1", "p", "3");
        }
    }

    @Test
    void aPingTheChannelAnsweredWhileTheServerStartedIsNotAnsweredAgain() throws Exception {
        try (Connection c = new Connection(record(null))) {
            c.send("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}", INITIALIZE);
            assertThat(ids(c.await(2))).containsExactly("p", "1");
            c.serve();
            c.send(INITIALIZED, CALL);
            c.await(3);
            Thread.sleep(200); // room for a second answer to the ping, which must not come
            assertThat(ids(c.messages())).containsExactly("p", "1", "3");
        }
    }

    @Test
    void aPingBehindARequestWaitingForInitializeIsAnsweredAndTheEndOfTheInputEndsIt() throws Exception {
        Connection c = new Connection(null);
        c.serve();
        // The session holds the list until the client initializes, which it never does.
        c.send(LIST, "{\"jsonrpc\":\"2.0\",\"id\":\"early\",\"method\":\"ping\"}");
        assertThat(ids(c.await(1))).containsExactly("early");
        // The client goes away: the held request is stopped, and the server ends instead of waiting for it.
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(15), c::close);
        assertThat(ids(c.messages())).containsExactly("early");
    }

    @Test
    void aCallOnTheReaderThatWaitsForTheClientGetsItsAnswerAndTheNextCallWaitsItsTurn() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED, ASK);
            // Nothing runs before it, so the call runs on the reader, and asks the client for its roots.
            List<JsonNode> first = c.await(2);
            assertThat(first).hasSize(2);
            JsonNode rootsRequest = first.get(1);
            assertThat(rootsRequest.get("method").asText()).isEqualTo("roots/list");
            // A call that comes meanwhile runs after it, not beside it.
            c.send(CALL);
            Thread.sleep(200);
            assertThat(c.messages()).hasSize(2);
            // The answer is read although the reader thread is busy with the call.
            c.send("{\"jsonrpc\":\"2.0\",\"id\":" + rootsRequest.get("id")
                    + ",\"result\":{\"roots\":[{\"uri\":\"file:///project\"}]}}");
            List<JsonNode> all = c.await(4);
            assertThat(all).hasSize(4);
            assertThat(all.get(2).get("id").asInt()).isEqualTo(5);
            assertThat(all.get(2).at("/result/content/0/text").asText()).isEqualTo("file:///project on mcp-stdio-reader");
            assertThat(all.get(3).get("id").asInt()).isEqualTo(3);
            assertThat(all.get(3).at("/result/content/0/text").asText()).isEqualTo("roots: true");
            // With nothing running, the next call runs on the (new) reader again.
            c.send(ASK.replace("\"id\":5", "\"id\":6"));
            List<JsonNode> again = c.await(5);
            JsonNode secondRequest = again.get(4);
            assertThat(secondRequest.get("method").asText()).isEqualTo("roots/list");
            c.send("{\"jsonrpc\":\"2.0\",\"id\":" + secondRequest.get("id")
                    + ",\"result\":{\"roots\":[{\"uri\":\"file:///other\"}]}}");
            List<JsonNode> last = c.await(6);
            assertThat(last.get(5).get("id").asInt()).isEqualTo(6);
            assertThat(last.get(5).at("/result/content/0/text").asText()).isEqualTo("file:///other on mcp-stdio-reader");
        }
    }

    /**
     * Found by black-box testing: a roots answer that is no roots list ({"result": null}) left the call waiting for the
     * roots' time limit; it is failed at once, as over HTTP, which answers the same.
     */
    @Test
    void aRootsAnswerThatIsNoRootsListFailsAtOnce() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED);
            c.await(1);
            int expected = 1;
            for (String bad : new String[] { "null", "{\"roots\":\"x\"}", "{\"roots\":[{\"name\":\"no uri\"}]}",
                    "{\"roots\":[{\"uri\":\"file:///p\",\"name\":5}]}" }) {
                c.send(ASK);
                List<JsonNode> asked = c.await(expected + 1);
                JsonNode rootsRequest = asked.get(expected);
                assertThat(rootsRequest.get("method").asText()).isEqualTo("roots/list");
                long start = System.nanoTime();
                c.send("{\"jsonrpc\":\"2.0\",\"id\":" + rootsRequest.get("id") + ",\"result\":" + bad + "}");
                List<JsonNode> all = c.await(expected + 2);
                assertThat(all).as(bad).hasSize(expected + 2);
                assertThat(all.get(expected + 1).at("/result/content/0/text").asText()).as(bad)
                        .startsWith("no roots: ").contains("its answer was not a roots list");
                assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).as(bad).isLessThan(5000);
                expected += 2;
            }
        }
    }

    @Test
    void aCallBeforeNotificationsInitializedIsAnsweredOnceItComes() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, CALL);
            assertThat(c.await(1)).hasSize(1);
            Thread.sleep(200);
            assertThat(c.messages()).as("the session holds the call until the client is initialized").hasSize(1);
            c.send(INITIALIZED);
            List<JsonNode> all = c.await(2);
            assertThat(ids(all)).containsExactly("1", "3");
            assertThat(all.get(1).at("/result/content/0/text").asText()).isEqualTo("roots: true");
        }
    }

    @Test
    void aCallHeldForNotificationsInitializedThatAsksTheClientGetsItsAnswerRead() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, ASK);
            assertThat(c.await(1)).hasSize(1);
            Thread.sleep(200);
            // The session resumes the held call on the thread that hands it notifications/initialized: the reader.
            c.send(INITIALIZED);
            List<JsonNode> first = c.await(2);
            assertThat(first).hasSize(2);
            JsonNode rootsRequest = first.get(1);
            assertThat(rootsRequest.get("method").asText()).isEqualTo("roots/list");
            long asked = System.nanoTime();
            c.send("{\"jsonrpc\":\"2.0\",\"id\":" + rootsRequest.get("id")
                    + ",\"result\":{\"roots\":[{\"uri\":\"file:///project\"}]}}");
            List<JsonNode> all = c.await(3);
            assertThat(all).hasSize(3);
            assertThat(all.get(2).get("id").asInt()).isEqualTo(5);
            assertThat(all.get(2).at("/result/content/0/text").asText()).startsWith("file:///project on ");
            // Read at once, not after a request timeout or a watchdog's look.
            assertThat(System.nanoTime() - asked).isLessThan(TimeUnit.SECONDS.toNanos(2));
        }
    }

    private static final String BRIEF = "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\",\"params\":{\"name\":\"brief\",\"arguments\":{}}}";

    @Test
    void aPingWhileTheOutputIsFullDoesNotStopTheReading() throws Exception {
        // Found by an adversarial test: the reader answered the ping itself, waited for the output a call held, and
        // read no more; a client writing its next lines before reading would then wait for ever, as would the server.
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED);
            assertThat(c.await(1)).hasSize(1);
            c.stopReadingOutput();
            c.send(CALL, "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"ping\"}");
            Thread.sleep(300); // the call's answer waits for the output; the reading has been handed over
            // More than the pipe holds: written only if the server goes on reading.
            String blank = " ".repeat(1023);
            CompletableFuture<Void> written = CompletableFuture.runAsync(() -> {
                try {
                    for (int i = 0; i < 512; i++) {
                        c.send(blank);
                    }
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            written.get(10, TimeUnit.SECONDS);
            c.readOutputAgain();
            assertThat(ids(c.await(3))).containsExactlyInAnyOrder("1", "3", "p");
        }
    }

    @Test
    void aRequestToTheClientThatTheServerGivesUpOnIsCancelled() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED, BRIEF);
            // The client does not answer the roots request in time: the server says it no longer waits for it.
            List<JsonNode> all = c.await(4);
            assertThat(all).hasSize(4);
            JsonNode asked = all.get(1);
            assertThat(asked.get("method").asText()).isEqualTo("roots/list");
            JsonNode cancelled = all.get(2);
            assertThat(cancelled.get("method").asText()).isEqualTo("notifications/cancelled");
            assertThat(cancelled.has("id")).isFalse();
            assertThat(cancelled.at("/params/requestId")).isEqualTo(asked.get("id"));
            assertThat(cancelled.at("/params/reason").asText()).isEqualTo("no answer within 400ms");
            assertThat(all.get(3).at("/result/content/0/text").asText()).isEqualTo("gave up: TimeoutException");
            // An answer that comes anyway changes nothing; a request answered in time is not cancelled.
            c.send("{\"jsonrpc\":\"2.0\",\"id\":" + asked.get("id") + ",\"result\":{\"roots\":[]}}",
                    BRIEF.replace("\"id\":11", "\"id\":12"));
            JsonNode again = c.await(5).get(4);
            assertThat(again.get("method").asText()).isEqualTo("roots/list");
            c.send("{\"jsonrpc\":\"2.0\",\"id\":" + again.get("id") + ",\"result\":{\"roots\":[{\"uri\":\"file:///p\"}]}}");
            all = c.await(6);
            Thread.sleep(300); // room for a cancellation, which must not come
            all = c.messages();
            assertThat(all).hasSize(6);
            assertThat(all.get(5).get("id").asInt()).isEqualTo(12);
            assertThat(all.get(5).at("/result/content/0/text").asText()).isEqualTo("file:///p");
        }
    }

    @Test
    void aCancelledCallCancelsWhatItAskedTheClient() throws Exception {
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED, BRIEF);
            JsonNode asked = c.await(2).get(1);
            assertThat(asked.get("method").asText()).isEqualTo("roots/list");
            c.send(cancel(11));
            List<JsonNode> all = c.await(3);
            Thread.sleep(600); // past the wait's own limit: one cancellation only, and no answer to the call
            all = c.messages();
            assertThat(all).hasSize(3);
            assertThat(all.get(2).get("method").asText()).isEqualTo("notifications/cancelled");
            assertThat(all.get(2).at("/params/requestId")).isEqualTo(asked.get("id"));
            assertThat(all.get(2).at("/params/reason").asText()).isEqualTo("the call that asked was cancelled");
        }
    }

    static String cancel(Object id) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":" + id
                + ",\"reason\":\"the user stopped it\"}}";
    }

    @Test
    void aCancelledCallStopsAndIsNotAnsweredAndOneCancelledWhileWaitingNeverRuns() throws Exception {
        slowSawCancel = new CompletableFuture<>();
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED);
            assertThat(c.await(1)).hasSize(1);
            // The slow call runs (on the reader, whose reading the watchdog hands over); a second call waits its turn.
            c.send(SLOW, ASK);
            Thread.sleep(300);
            c.send(cancel(5), cancel(7));
            assertThat(slowSawCancel.get(5, TimeUnit.SECONDS)).as("the running call saw its cancellation").isTrue();
            // An unknown or already answered id changes nothing; the next call is answered.
            c.send(cancel(99), CALL);
            List<JsonNode> all = c.await(2);
            Thread.sleep(300); // room for an answer to 5 or 7, which must not come
            all = c.messages();
            assertThat(ids(all)).containsExactly("1", "3");
            assertThat(c.messages().toString()).as("the waiting call never ran: it asks for the roots first")
                    .doesNotContain("roots/list");
        }
    }

    @Test
    void aCallThatIsNotCancelledRunsToItsEnd() throws Exception {
        slowSawCancel = new CompletableFuture<>();
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, INITIALIZED, SLOW.replace("\"id\":7", "\"id\":8"));
            // A cancellation of another request does not stop this one.
            Thread.sleep(200);
            c.send(cancel(7));
            assertThat(slowSawCancel.get(20, TimeUnit.SECONDS)).isFalse();
            List<JsonNode> all = c.await(2);
            assertThat(ids(all)).containsExactly("1", "8");
            assertThat(all.get(1).at("/result/content/0/text").asText()).isEqualTo("done");
        }
    }

    @Test
    void aCallCancelledWhileTheSessionHoldsItForNotificationsInitializedSeesItsCancellation() throws Exception {
        slowSawCancel = new CompletableFuture<>();
        try (Connection c = new Connection(null)) {
            c.serve();
            c.send(INITIALIZE, SLOW);
            assertThat(c.await(1)).hasSize(1);
            Thread.sleep(200);
            // The session holds the call until notifications/initialized, then runs it on the thread handling that.
            c.send(cancel(7), INITIALIZED);
            assertThat(slowSawCancel.get(5, TimeUnit.SECONDS)).as("the held call saw its cancellation").isTrue();
            c.send(CALL);
            List<JsonNode> all = c.await(2);
            Thread.sleep(300);
            assertThat(ids(c.messages())).containsExactly("1", "3");
        }
    }
}
