package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.config.ToolFsConfig.Mcp.MetadataPlacement;
import dev.toolfs.fs.Cancellation;
import dev.toolfs.fs.local.Workspace;
import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolDescriptor;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;
import dev.toolfs.sandbox.ApprovalDecision;
import dev.toolfs.sandbox.ApprovalRequest;
import dev.toolfs.tools.ContentBlock;
import dev.toolfs.tools.JsonStrings;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.McpSyncServerExchange;
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
    private final Duration approvalTimeout;
    private final MetadataPlacement metadataPlacement;

    /** The elicitation's form: one required yes/no field, default no (the same form as over HTTP). */
    static final Map<String, Object> APPROVAL_SCHEMA = Map.of("type", "object",
            "properties", Map.of(McpTexts.APPROVE_FIELD,
                    Map.of("type", "boolean", "title", McpTexts.APPROVE_TITLE, "default", false)),
            "required", List.of(McpTexts.APPROVE_FIELD));

    /**
     * @param approvalTimeout how long a sandbox escalation waits for the client's user to answer (the session's limit
     *        for requests to the client; the roots are asked with a shorter one)
     * @param metadataPlacement where a result carries its presentation metadata
     */
    public StdioMcpServer(ToolRuntime runtime, ObjectMapper mapper, Workspace workspace, String version,
            Duration approvalTimeout, MetadataPlacement metadataPlacement) {
        this.runtime = runtime;
        this.mapper = mapper;
        this.roots = new McpRoots(workspace);
        this.version = version;
        this.approvalTimeout = approvalTimeout;
        this.metadataPlacement = metadataPlacement;
    }

    /** Serves the protocol on {@code channel} and returns once its input ends (or its output breaks). */
    public void serve(StdioChannel channel) throws InterruptedException {
        JacksonMcpJsonMapper json = new JacksonMcpJsonMapper(mapper);
        StdioTransport transport = new StdioTransport(json, mapper, channel);
        transport.directCalls(direct(transport));
        List<McpServerFeatures.SyncToolSpecification> tools = specifications(json, transport);
        List<Map<String, Object>> ownSchemas = new ArrayList<>();
        tools.forEach(spec -> ownSchemas.add(spec.tool().inputSchema()));
        ownSchemas.add(APPROVAL_SCHEMA);
        McpSyncServer server = McpServer.sync(transport)
                .jsonMapper(json)
                // Longer than any wait of ours (each has its own limit, and says why it gave up): a shorter approval
                // timeout must not cut the roots' wait short.
                .requestTimeout((approvalTimeout.compareTo(ClientWait.ROOTS_WAIT) > 0 ? approvalTimeout
                        : ClientWait.ROOTS_WAIT).plusSeconds(5))
                .serverInfo("tool-fs", version)
                .instructions(McpTexts.instructions())
                // The tool list can change once: when the channel answered tools/list from the build's recording
                // and this run's configuration disables a tool (see StdioTransport).
                .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
                .tools(tools)
                // The tools check their own arguments and answer with the contract's errors (INVALID_ARGUMENT and
                // its message, as over REST and HTTP); the SDK's check would answer first, in its own words.
                .validateToolInputs(false)
                .jsonSchemaValidator(new LazySchemaValidator(ownSchemas))
                // A call runs on the transport's thread that took it (its reader or its call thread), with no further
                // hand-off.
                .immediateExecution(true)
                .build();
        try {
            transport.awaitEnd();
        } finally {
            server.closeGracefully();
        }
    }

    /** Why an escalation over stdio is denied at once when the client cannot be asked. */
    static final String NO_FORM_ELICITATION = "the client cannot ask its user (it declares no form elicitation), and over"
            + " stdio nobody else can approve";

    /**
     * Asks the client's user to approve a sandbox escalation with an elicitation, when the client supports them (the
     * same question as over HTTP); denies at once when it does not.
     */
    private Optional<ApprovalDecision> elicit(McpSyncServerExchange exchange, ApprovalRequest request,
            Cancellation cancellation, StdioTransport transport) {
        McpSchema.ClientCapabilities caps = exchange.getClientCapabilities();
        McpSchema.ClientCapabilities.Elicitation elicitation = caps == null ? null : caps.elicitation();
        // An empty elicitation capability means forms (MCP 2025-11-25 keeps it so); one with url only cannot ask yes/no.
        if (elicitation == null || elicitation.form() == null && elicitation.url() != null) {
            // Over stdio nobody else can answer (no HTTP listener for /approvals): waiting would only hold up every
            // later call until the timeout.
            return Optional.of(ApprovalDecision.deny(NO_FORM_ELICITATION));
        }
        McpSchema.ElicitRequest question = McpSchema.ElicitFormRequest.builder(McpTexts.approvalQuestion(request),
                APPROVAL_SCHEMA).build();
        return Optional.of(McpTexts.approvalByElicitation(() -> {
            McpSchema.ElicitResult result = exchange.createElicitation(question);
            return new McpTexts.ElicitAnswer(result.action() == McpSchema.ElicitResult.Action.ACCEPT,
                    result.content() == null ? null : result.content().get(McpTexts.APPROVE_FIELD));
        }, cancellation, approvalTimeout, transport::abandon));
    }

    /** The tools, each answering through {@code transport}, which cancels the requests to the client a call gives up on. */
    private List<McpServerFeatures.SyncToolSpecification> specifications(JacksonMcpJsonMapper json,
            StdioTransport transport) {
        List<McpServerFeatures.SyncToolSpecification> specs = new ArrayList<>();
        for (ToolDescriptor t : runtime.toolsForUnnamedModel()) {
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
                    .callHandler((exchange, request) -> {
                        sessionExchange = exchange;
                        return call(t.name(), exchange, request.arguments(),
                                StdioTransport.cancellation(exchange.transportContext()), transport);
                    })
                    .build());
        }
        return specs;
    }

    /**
     * The calls after the first, without the SDK's session: it adds nothing to a tools/call once it has handed one to
     * a tool (it only finds the tool and wraps the call in its reactive pipeline, about a sixth of a small read's CPU).
     * The exchange of a call the session ran is kept for the later ones: the client's capabilities, its roots and
     * elicitations go through it as before.
     */
    private StdioTransport.DirectCalls direct(StdioTransport transport) {
        java.util.List<String> listed = runtime.toolsForUnnamedModel().stream().map(ToolDescriptor::name).toList();
        java.util.Set<String> names = java.util.Set.copyOf(listed);
        return new StdioTransport.DirectCalls() {
            @Override
            public McpSchema.CallToolResult call(String name, java.util.Map<String, Object> arguments,
                    dev.toolfs.fs.Cancellation cancellation) {
                McpSyncServerExchange exchange = sessionExchange;
                if (exchange == null) {
                    return null; // the SDK's: the first call
                }
                return StdioMcpServer.this.call(name, exchange, arguments, cancellation, transport);
            }

            @Override
            public String unknown(String tool) {
                return names.contains(tool) ? null : dev.toolfs.runtime.UnknownToolException.message(tool, listed);
            }
        };
    }

    /**
     * The exchange of the last call the SDK's session ran: the client as it introduced itself, and the session to ask
     * it through. Its transport context is that call's, so a direct call takes its cancellation from the transport,
     * never from this exchange.
     */
    private volatile McpSyncServerExchange sessionExchange;

    /** Whether the client declared the experimental capability that asks for the cards in its initialize. */
    private static boolean asksForCards(McpSchema.ClientCapabilities caps) {
        return caps != null && McpTexts.asksForCards(caps.experimental());
    }

    private McpSchema.CallToolResult call(String name, McpSyncServerExchange exchange, Map<String, Object> args,
            Cancellation cancellation, StdioTransport transport) {
        if (cancellation.isCancelled()) {
            // Cancelled while the session held it (until notifications/initialized): not run. The transport does not
            // send this answer, as MCP asks.
            return McpSchema.CallToolResult.builder().isError(true)
                    .content(List.<McpSchema.Content> of(new McpSchema.TextContent(McpTexts.CANCELLED_CALL)))
                    .build();
        }
        String session = "stdio-" + exchange.sessionId();
        Optional<String> cwd = roots.cwd(session, limit -> {
            if (exchange.getClientCapabilities() == null || exchange.getClientCapabilities().roots() == null) {
                return List.of();
            }
            return ClientWait.roots(exchange::listRoots, cancellation, transport::abandon, limit).roots().stream().map(McpSchema.Root::uri).toList();
        }, cancellation);
        Map<String, Object> arguments = args == null ? Map.of() : args;
        ToolResult result = runtime.executeForSending(name, arguments,
                new ToolCall(session, cwd, Optional.empty(), cancellation,
                        approval -> elicit(exchange, approval, cancellation, transport)));
        try {
            return answer(result, exchange);
        } finally {
            result.release(); // held while the image is encoded
        }
    }

    private McpSchema.CallToolResult answer(ToolResult result, McpSyncServerExchange exchange) {
        for (ContentBlock block : result.content()) {
            if (block instanceof ContentBlock.Text text && text.json() != null) {
                // The answer is serialized on this thread, by the SDK's session or by the transport's direct path.
                JsonStrings.prepare(text.text(), text.json());
            }
        }
        McpSchema.CallToolResult.Builder answer = McpSchema.CallToolResult.builder().isError(result.isError())
                .meta(McpTexts.meta(result, metadataPlacement, asksForCards(exchange.getClientCapabilities())))
                .content(result.<McpSchema.Content> content(McpSchema.TextContent::new,
                        (data, mediaType) -> new McpSchema.ImageContent(null, data, mediaType)));
        Map<String, Object> structured = McpTexts.structuredContent(result, metadataPlacement);
        if (structured != null) {
            answer.structuredContent(structured); // which takes no null
        }
        return answer.build();
    }
}
