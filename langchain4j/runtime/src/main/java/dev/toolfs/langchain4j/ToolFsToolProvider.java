package dev.toolfs.langchain4j;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import dev.toolfs.runtime.InvalidCallException;
import dev.toolfs.runtime.ToolDescriptor;
import dev.toolfs.runtime.ToolError;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;
import dev.toolfs.tools.ContentBlock;

/**
 * The Tool FS catalog as a LangChain4j tool provider. Quarkus LangChain4j gives every AI service the tool provider
 * bean by default, so adding the extension is enough. Every call runs through the one {@link ToolRuntime}: the same
 * validation, gates, policy, texts and metadata as REST and MCP. The chat memory id is the tool session.
 *
 * <p>
 * A default bean of low priority: an application's own tool provider bean, or the MCP client's, goes first, so that
 * adding Tool FS neither makes an injection of {@code ToolProvider} ambiguous (the build failed) nor takes the other
 * provider's tools from every AI service (found in a review). {@link ToolFsToolProviderSupplier} names this one by its
 * class.
 */
@Singleton
@io.quarkus.arc.DefaultBean
// Below other default beans: the MCP client's provider is one too, and two of one priority gave no service either.
@jakarta.annotation.Priority(-1)
public class ToolFsToolProvider implements ToolProvider {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(ToolFsToolProvider.class);

    /** A call the application set up wrong (a session folder that is not one): neither the model's nor the file's. */
    static final ToolError INVALID_CALL = new ToolError("InvalidCallError", "INVALID_CALL");

    @Inject
    ToolRuntime runtime;

    @Inject
    ObjectMapper mapper;

    @Inject
    ToolSessionMapper sessions;

    @Inject
    dev.toolfs.config.ToolFsConfig config;

    @Inject
    RequestSessions requestSessions;

    private volatile ToolProviderResult tools;
    private volatile com.fasterxml.jackson.databind.ObjectReader arguments;

    private com.fasterxml.jackson.databind.ObjectReader argumentsReader() {
        com.fasterxml.jackson.databind.ObjectReader r = arguments;
        if (r == null) {
            arguments = r = dev.toolfs.runtime.ArgumentsJson.reader(mapper);
        }
        return r;
    }

    /** Asked on every AI-service call; the catalog is fixed once the app runs, so it is built once. */
    @Override
    public ToolProviderResult provideTools(ToolProviderRequest request) {
        ToolProviderResult result = tools;
        if (result == null) {
            ToolProviderResult.Builder builder = ToolProviderResult.builder();
            boolean images = config.langchain4j().imageContent();
            for (ToolDescriptor t : runtime.tools()) {
                if (!images && dev.toolfs.tools.ReadImageTool.NAME.equals(t.name())) {
                    // Without image content the model would get the image's size only, from a tool that says it shows
                    // the image: not offered.
                    continue;
                }
                builder.add(LangChain4jSchemas.specification(t, mapper), new Executor(t.name()));
            }
            tools = result = builder.build();
        }
        return result;
    }

    /** Whether the warning about tools run on an event loop was given (once is enough). */
    private volatile boolean warnedEventLoop;

    private final class Executor implements ToolExecutor {
        private final String tool;

        Executor(String tool) {
            this.tool = tool;
        }

        /**
         * The text alone, for a caller that takes no more: an image it would drop, and the model would take the text
         * for the image, so a result with one is refused, as LangChain4j's own {@code resultText()} refuses it.
         */
        @Override
        public String execute(ToolExecutionRequest request, Object memoryId) {
            ToolResult r = run(request, memoryId);
            try {
                if (hasImage(r)) {
                    throw new IllegalStateException("the result of " + tool + " holds an image, which a text result"
                            + " cannot carry; call executeWithContext");
                }
                return r.text();
            } finally {
                r.release();
            }
        }

        @Override
        public ToolExecutionResult executeWithContext(ToolExecutionRequest request, InvocationContext context) {
            ToolResult r = run(request, context == null ? null : context.chatMemoryId());
            try {
                if (!hasImage(r)) {
                    return ToolExecutionResult.builder().isError(r.isError()).resultText(r.text()).build();
                }
                // An image (read_image) reaches the model as image content after the text, where the model supports
                // it. Its share of the images' memory is held until it is encoded here (found in a review: given back
                // before, parallel calls held more images than the room allows).
                List<Content> contents = r.content(TextContent::from, ImageContent::from);
                return ToolExecutionResult.builder().isError(r.isError()).resultContents(contents).build();
            } finally {
                r.release();
            }
        }

        private boolean hasImage(ToolResult r) {
            return config.langchain4j().imageContent() && r.content().stream().anyMatch(b -> b instanceof ContentBlock.Image);
        }

        private ToolResult run(ToolExecutionRequest request, Object memoryId) {
            if (!warnedEventLoop && io.vertx.core.Context.isOnEventLoopThread()) {
                // A streaming service whose provider answers on the event loop runs its tools there: each file call,
                // and an approval's wait of minutes, then holds up every request of that loop.
                warnedEventLoop = true;
                LOG.warnf("Tool FS tool %s runs on a Vert.x event loop thread, which it blocks; for a streaming AI"
                        + " service, name toolProviderSupplier = ToolFsToolProviderSupplier.class in its"
                        + " @RegisterAiService, and Quarkus LangChain4j runs its tools on a worker thread", tool);
            }
            JsonNode args;
            try {
                String raw = request.arguments();
                // As over REST: very many names or values take far more memory as a tree than as text.
                String tooMuch = raw == null ? null : dev.toolfs.runtime.ArgumentsJson.tooMuch(argumentsReader(),
                        raw.getBytes(java.nio.charset.StandardCharsets.UTF_8));
                if (tooMuch != null) {
                    return ToolResult.error("the arguments have " + tooMuch + "; send the tool's arguments",
                            dev.toolfs.runtime.ToolError.VALIDATION);
                }
                args = raw == null || raw.isBlank() ? JsonNodeFactory.instance.objectNode() : argumentsReader().readTree(raw);
            } catch (java.io.IOException e) {
                return ToolResult.error("the arguments are not valid JSON; send the tool's arguments as a JSON object",
                        dev.toolfs.runtime.ToolError.VALIDATION);
            }
            try {
                dev.toolfs.runtime.ToolCall call = sessions.callFor(Optional.ofNullable(memoryId).orElse("default"));
                if (!config.langchain4j().imageContent()) {
                    // Not offered (see provideTools): no error sends the model to it.
                    Set<String> hidden = new java.util.HashSet<>(call.hiddenTools());
                    hidden.add(dev.toolfs.tools.ReadImageTool.NAME);
                    call = call.withHiddenTools(hidden);
                }
                if (RequestSessions.ofThisRequest(memoryId)
                        && call.sessionId().equals(ToolFsLangChain4jProducers.sessionId(memoryId))) {
                    // The memory of one request, which Quarkus LangChain4j drops when it ends: so goes its session. One
                    // a mapper named otherwise (a user's, say) is the mapper's to keep.
                    requestSessions.track(call.sessionId());
                }
                return runtime.executeForSending(tool, args, call);
            } catch (InvalidCallException e) {
                // The application's choice (a ToolSessionMapper's folder), not the model's: an error result says so,
                // where an exception would reach the model as a bare message, without the Error: prefix.
                LOG.warnf("Tool FS call %s of conversation %s refused: %s", tool, memoryId, e.getMessage());
                return ToolResult.error(e.getMessage() + "; the application chose it for this conversation, so tell the user",
                        INVALID_CALL);
            }
        }
    }
}
