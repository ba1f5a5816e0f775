package dev.toolfs.transport.mcp;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.fs.local.Workspace;
import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolDescriptor;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;
import dev.toolfs.tools.ContentBlock;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * MCP over stdin/stdout with the official MCP Java SDK, driving the same {@link ToolRuntime} (and so the same
 * catalog, schemas, texts and policy) as the HTTP transport. Serves until stdin closes.
 */
public final class StdioMcpServer {

    private final ToolRuntime runtime;
    private final ObjectMapper mapper;
    private final McpRoots roots;
    private final String version;

    public StdioMcpServer(ToolRuntime runtime, ObjectMapper mapper, Workspace workspace, String version) {
        this.runtime = runtime;
        this.mapper = mapper;
        this.roots = new McpRoots(workspace);
        this.version = version;
    }

    /** Serves the protocol on {@code in}/{@code out} and returns once {@code in} reaches its end. */
    public void serve(InputStream in, OutputStream out) throws InterruptedException {
        CountDownLatch closed = new CountDownLatch(1);
        InputStream watched = new FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                return ended(super.read());
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                try {
                    return ended(super.read(b, off, len));
                } catch (IOException e) {
                    closed.countDown();
                    throw e;
                }
            }

            private int ended(int n) {
                if (n < 0) {
                    closed.countDown();
                }
                return n;
            }
        };
        JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(mapper);
        StdioServerTransportProvider transport = new StdioServerTransportProvider(json, watched, out);
        McpSyncServer server = McpServer.sync(transport)
                .jsonMapper(json)
                .serverInfo("tool-fs", version)
                .instructions(McpTexts.instructions())
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .tools(specifications(json))
                // The SDK's stdio transport emits responses into one sink that must be signalled serially; handlers
                // on several threads can collide and a response is then lost. Calls therefore run one at a time.
                .immediateExecution(true)
                .build();
        try {
            closed.await();
        } finally {
            server.closeGracefully();
        }
    }

    private List<McpServerFeatures.SyncToolSpecification> specifications(JacksonMcpJsonMapper json) {
        List<McpServerFeatures.SyncToolSpecification> specs = new ArrayList<>();
        for (ToolDescriptor t : runtime.tools()) {
            Map<String, Object> schema;
            try {
                schema = mapper.readValue(t.inputSchema(), new TypeReference<Map<String, Object>>() {
                });
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            McpSchema.Tool tool = McpSchema.Tool.builder()
                    .name(t.name())
                    .description(McpTexts.description(t))
                    .inputSchema(schema)
                    .annotations(new McpSchema.ToolAnnotations(null, t.readOnly(), t.destructive(), false, false, null))
                    .build();
            specs.add(McpServerFeatures.SyncToolSpecification.builder()
                    .tool(tool)
                    .callHandler((exchange, request) -> call(t.name(), exchange, request))
                    .build());
        }
        return specs;
    }

    private McpSchema.CallToolResult call(String name, McpSyncServerExchange exchange, McpSchema.CallToolRequest request) {
        String session = "stdio-" + exchange.sessionId();
        Optional<String> cwd = roots.cwd(session, () -> {
            if (exchange.getClientCapabilities() == null || exchange.getClientCapabilities().roots() == null) {
                return List.of();
            }
            return exchange.listRoots().roots().stream().map(McpSchema.Root::uri).toList();
        });
        Map<String, Object> arguments = request.arguments() == null ? Map.of() : request.arguments();
        ToolResult result = runtime.execute(name, arguments,
                new ToolCall(session, cwd, Optional.empty(), dev.toolfs.fs.Cancellation.NONE));
        McpSchema.CallToolResult.Builder b = McpSchema.CallToolResult.builder().isError(result.isError())
                .structuredContent(McpTexts.structured(result));
        for (ContentBlock block : result.content()) {
            if (block instanceof ContentBlock.Text text) {
                b.addTextContent(text.text());
            } else if (block instanceof ContentBlock.Image image && image.data() != null) {
                b.addContent(new McpSchema.ImageContent(null, Base64.getEncoder().encodeToString(image.data()),
                        image.mediaType()));
            }
        }
        return b.build();
    }
}
