package dev.toolfs.transport.mcp;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

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
import io.quarkiverse.mcp.server.ClientCapability;
import io.quarkiverse.mcp.server.Content;
import io.quarkiverse.mcp.server.ElicitationRequest;
import io.quarkiverse.mcp.server.ElicitationResponse;
import io.quarkiverse.mcp.server.ImageContent;
import io.quarkiverse.mcp.server.InitialRequest;
import io.quarkiverse.mcp.server.MetaKey;
import io.quarkiverse.mcp.server.Root;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolManager;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.runtime.StartupEvent;

/**
 * Registers every catalog tool with the Streamable HTTP MCP server at startup: the build-time schema as the input
 * schema, MCP annotations, and a handler that runs the one {@link ToolRuntime}. Each MCP session is one tool session.
 * Not in the sidecar's stdio mode, where the HTTP server is off.
 */
@Singleton
public class McpHttpTools {

    @Inject
    ToolManager tools;

    @Inject
    ToolRuntime runtime;

    @Inject
    ObjectMapper mapper;

    @Inject
    Workspace workspace;

    @Inject
    dev.toolfs.config.ToolFsConfig config;

    @Inject
    ServerRequestOwners owners;

    @Inject
    AnswersInFlight answers;

    private Duration approvalTimeout;

    /** How much later than the server's own wait the MCP library gives up on a request to the client. */
    private static final Duration LIBRARY_MARGIN = Duration.ofSeconds(5);

    private McpRoots roots;

    void register(@Observes StartupEvent event) throws Exception {
        if (Boolean.getBoolean(StdioChannel.SERVING_PROPERTY)) {
            // Over stdio the HTTP server is off: registering the tools with its MCP library would only delay the
            // stdio client's first call.
            return;
        }
        roots = new McpRoots(workspace);
        approvalTimeout = Cancellation.boundedWait(config.sandbox().approvalTimeout());
        for (ToolDescriptor t : runtime.toolsForUnnamedModel()) {
            Map<String, Object> schema = mapper.readValue(t.inputSchema(), new TypeReference<Map<String, Object>>() {
            });
            tools.newTool(t.name())
                    .setDescription(McpTexts.description(t))
                    .setInputSchema(schema)
                    .setAnnotations(new ToolManager.ToolAnnotations(null, t.readOnly(), t.destructive(), false, false))
                    .setHandler(args -> call(t.name(), args), false)
                    .register();
        }
    }

    private ToolResponse call(String name, ToolManager.ToolArguments args) {
        String connection = args.connection().id();
        Cancellation cancellation = () -> args.cancellation().check().isRequested();
        ToolResult result;
        try {
            Optional<String> cwd = roots.cwd(connection, limit -> rootUris(args, cancellation, limit), cancellation);
            ToolCall call = new ToolCall("mcp-" + connection, cwd, Optional.empty(), cancellation,
                    request -> elicit(args, request, cancellation, approvalTimeout));
            result = runtime.executeForSending(name, withNulls(args.args()), call);
        } catch (CancellationException e) {
            // Cancelled while it waited for the client's roots: nothing was done. The library still answers the POST,
            // with the code any cancelled call gets (found by black-box testing: a bare text, with no code).
            result = ToolResult.error(McpTexts.cancelledBeforeStart(name, args.args().get("file_path")),
                    new dev.toolfs.runtime.ToolError("FsError", dev.toolfs.fs.FsErrorCode.FS_CANCELLED.name()));
        }
        List<Content> content = new java.util.ArrayList<>();
        try {
            content.addAll(result.content(TextContent::new, ImageContent::new));
            MetadataPlacement placement = config.mcp().presentationMetadata();
            Map<String, Object> meta = McpTexts.meta(result, placement, asksForCards(args));
            return new ToolResponse(result.isError(), content, McpTexts.structuredContent(result, placement),
                    meta == null ? null : metaKeys(meta));
        } finally {
            // Held until the library has written the answer, which it does after this returns; then the answer's
            // content (an image as base64) is let go, which the library keeps a while longer.
            answers.whenWritten(connection, args.requestId().value(), result::release, content::clear);
        }
    }

    /**
     * What the HTTP guard puts for an argument that is null, which the library cannot hold (see McpHttpGuard): a key
     * with a secret of this process, so that no client can send it to make a value null.
     */
    static final String NULL_MARKER = "\u0000tool-fs:null:" + java.util.HexFormat.of().formatHex(secret());

    private static byte[] secret() {
        byte[] b = new byte[16];
        new java.security.SecureRandom().nextBytes(b);
        return b;
    }

    /** The arguments with the guard's null markers back as nulls. */
    static Map<String, Object> withNulls(Map<String, Object> args) {
        Map<String, Object> out = null;
        for (Map.Entry<String, Object> e : args.entrySet()) {
            Object v = e.getValue();
            boolean marker = v instanceof Map<?, ?> m && m.size() == 1 && Boolean.TRUE.equals(m.get(NULL_MARKER))
                    || v instanceof io.vertx.core.json.JsonObject j && j.size() == 1 && Boolean.TRUE.equals(j.getValue(NULL_MARKER));
            if (marker) {
                if (out == null) {
                    out = new LinkedHashMap<>(args);
                }
                out.put(e.getKey(), null);
            }
        }
        return out == null ? args : out;
    }

    /** Whether the client declared the experimental capability that asks for the cards in its initialize. */
    private static boolean asksForCards(ToolManager.ToolArguments args) {
        InitialRequest init = args.connection().initialRequest();
        ClientCapability experimental = init == null ? null : init.getCapability("experimental");
        return experimental != null && McpTexts.asksForCards(experimental.properties());
    }

    private static Map<MetaKey, Object> metaKeys(Map<String, Object> meta) {
        Map<MetaKey, Object> keyed = new LinkedHashMap<>();
        meta.forEach((key, value) -> keyed.put(MetaKey.from(key), value));
        return keyed;
    }

    /**
     * Asks the MCP client to approve a sandbox escalation with an elicitation, when it supports them: its user sees
     * the path, the reason and the model's justification, and answers yes or no. The call stops waiting when the
     * client cancels it.
     */
    private Optional<ApprovalDecision> elicit(ToolManager.ToolArguments args, ApprovalRequest request,
            Cancellation cancellation, Duration timeout) {
        InitialRequest init = args.connection().initialRequest();
        if (!args.elicitation().isSupported() || init == null || !init.supportsElicitationFormMode()) {
            // Not asked: left to GET /approvals, as for a client without elicitation. One that declares URL mode only
            // cannot answer a yes or no (found by black-box testing: it was denied at once, with the library's words).
            return Optional.empty();
        }
        return Optional.of(McpTexts.approvalByElicitation(() -> {
            ElicitationRequest elicitation = args.elicitation().requestBuilder()
                    .setMessage(McpTexts.approvalQuestion(request))
                    .addSchemaProperty(McpTexts.APPROVE_FIELD,
                            new ElicitationRequest.BooleanSchema(McpTexts.APPROVE_TITLE, null, false, true))
                    // The wait below decides when to give up, and tells the client; the library's own limit is a
                    // backstop after it.
                    .setTimeout(timeout.plus(LIBRARY_MARGIN))
                    .build();
            ElicitationResponse response = awaitAnswer(args.connection().id(), owners.send(args.connection().id(), true,
                    () -> elicitation.send().subscribeAsCompletionStage()));
            return new McpTexts.ElicitAnswer(response.actionAccepted(), response.actionAccepted() ? approve(response) : null);
        }, cancellation, timeout, owners::abandon));
    }

    /** The approve field of an accepted answer, or null when the answer has no such field or no content at all. */
    private static Object approve(ElicitationResponse response) {
        try {
            return response.content() == null ? null : response.content().asMap().get(McpTexts.APPROVE_FIELD);
        } catch (RuntimeException e) {
            return null; // an accepted answer without content: not an approval
        }
    }

    /** How often a wait for the client's answer looks whether its session still is. */
    private static final long SESSION_LOOK_MILLIS = 500;

    static final String SESSION_ENDED = "its MCP session ended: deleted, or ended to make room for others, or idle";

    /**
     * Waits for the answer to a request of the server's, sent on {@code session}: its own failure as thrown. When the
     * wait is given up on (the asking thread is interrupted), the request is left to {@link ServerRequestOwners#abandon},
     * which tells the client. When the session ends (deleted, evicted, idle), nobody can answer any more: the wait ends
     * then (found by black-box testing: an approval waited out its whole timeout, then said the user gave no decision).
     */
    private <T> T awaitAnswer(String session, java.util.concurrent.CompletableFuture<T> answer) {
        try {
            while (true) {
                try {
                    return answer.get(SESSION_LOOK_MILLIS, java.util.concurrent.TimeUnit.MILLISECONDS);
                } catch (java.util.concurrent.TimeoutException e) {
                    if (!owners.live(session)) {
                        throw new IllegalStateException(SESSION_ENDED);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("no longer waiting for the client's answer");
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        }
    }

    private List<String> rootUris(ToolManager.ToolArguments args, Cancellation cancellation,
            java.time.Duration limit) {
        if (!args.roots().isSupported()) {
            return List.of();
        }
        return ClientWait.roots(() -> awaitAnswer(args.connection().id(), owners.send(args.connection().id(), false,
                () -> args.roots().list().ifNoItem().after(limit.plus(LIBRARY_MARGIN)).fail()
                        .subscribeAsCompletionStage())), cancellation,
                owners::abandon, limit).stream()
                .map(Root::uri).toList();
    }
}
