package dev.toolfs.runtime;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path.Node;
import jakarta.validation.Validator;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.FsErrorCode;
import dev.toolfs.fs.FsException;
import dev.toolfs.fs.local.Workspace;
import dev.toolfs.gates.Execution;
import dev.toolfs.sandbox.ApprovalDecision;
import dev.toolfs.sandbox.ApprovalService;
import dev.toolfs.sandbox.ConfiguredApprovals;
import dev.toolfs.session.SessionRegistry;
import dev.toolfs.session.ToolSession;
import dev.toolfs.tools.DisplayPath;
import dev.toolfs.tools.ReadImageTool;
import dev.toolfs.tools.ToolContext;
import dev.toolfs.tools.ToolExecutor;
import dev.toolfs.tools.ToolFailureException;
import dev.toolfs.tools.ToolInputException;
import dev.toolfs.tools.ToolOutcome;

/**
 * Runs any catalog tool for any transport: binds and validates the arguments, sets up the session, runs the tool,
 * and turns every failure into an error result ({@code Error: <message>}, {@code { name, code }}, and the recovery
 * the guarded-mutation codes need).
 */
@Singleton
public class ToolRuntime {

    private static final Logger LOG = Logger.getLogger(ToolRuntime.class);

    private final ToolCatalog catalog;
    private final Validator validator;
    private final SessionRegistry sessions;
    private final Workspace workspace;
    private final ObjectMapper mapper;
    private final Map<String, Bound> bound = new HashMap<>();
    private final List<ToolDescriptor> enabled;
    private final dev.toolfs.attachments.ModelInfoResolver models;
    private final Optional<String> defaultModel;
    private final ToolMetrics metrics;
    private final Instance<ApprovalService> approvals;
    /** Whether arguments may become trees without the mapper: it makes the same trees (see {@link ArgumentTree}). */
    private final boolean directTrees;

    private record Bound(ToolDescriptor descriptor, ArgumentBinder binder, ToolExecutor<Record> executor,
            ValidityShortcut shortcut) {
    }

    @Inject
    @SuppressWarnings("unchecked")
    public ToolRuntime(ToolCatalog catalog, @Any Instance<ToolExecutor<?>> executors, Validator validator,
            SessionRegistry sessions, Workspace workspace, ObjectMapper mapper, ToolFsConfig config,
            Instance<ToolMetrics> metrics, dev.toolfs.fs.FileSystemProvider fs,
            dev.toolfs.attachments.ModelInfoResolver models, Instance<ApprovalService> approvals) {
        this.models = models;
        this.approvals = approvals;
        this.defaultModel = config.defaultModel();
        this.metrics = metrics.isResolvable() ? metrics.get() : (tool, outcome, nanos) -> {
        };
        this.catalog = catalog;
        this.validator = validator;
        this.sessions = sessions;
        this.workspace = workspace;
        this.mapper = mapper;
        this.directTrees = ArgumentTree.sameAs(mapper);
        Map<String, ToolExecutor<?>> byClass = new HashMap<>();
        for (Instance.Handle<ToolExecutor<?>> h : executors.handles()) {
            byClass.put(h.getBean().getBeanClass().getName(), h.get());
        }
        // A key that names no tool stopped the start (ConfigCheck).
        Map<String, Boolean> enabledByKey = enabledByKey(config);
        boolean confined = fs.sandboxMode() != dev.toolfs.fs.SandboxMode.OFF;
        this.enabled = catalog.tools().stream()
                .filter(t -> catalog.enabled(t, enabledByKey))
                .map(t -> t.forSandbox(confined))
                .toList();
        if (config.policy().enabled() && enabled.stream().noneMatch(t -> t.name().equals(READ))
                && enabled.stream().anyMatch(t -> t.name().equals("write") || t.name().equals("edit"))) {
            LOG.warn("The read tool is disabled while read-before-write is on (quarkus.tool-fs.policy.enabled): write"
                    + " and edit can create new files, but never change an existing one; enable read, or turn the"
                    + " policy off");
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        for (ToolDescriptor d : enabled) {
            ToolExecutor<?> executor = byClass.get(d.executorClass());
            if (executor == null) {
                throw new IllegalStateException("tool " + d.name() + ": no bean of " + d.executorClass());
            }
            ArgumentBinder binder = new ArgumentBinder(d, loader);
            bound.put(d.name(), new Bound(d, binder, (ToolExecutor<Record>) executor, shortcut(d, binder.recordType())));
        }
    }

    /** The validity shortcut of a tool's arguments, or none when the validator cannot describe them. */
    private ValidityShortcut shortcut(ToolDescriptor d, Class<?> type) {
        try {
            return ValidityShortcut.of(type, validator);
        } catch (RuntimeException | LinkageError e) {
            // Whatever the validator's description or reflection cannot give (a native image without the metadata).
            LOG.debugf(e, "tool %s: its arguments are checked by the validator alone", d.name());
            return ValidityShortcut.NONE;
        }
    }

    /** Each key of {@code quarkus.tool-fs.tools} and whether it enables its tool. */
    public static Map<String, Boolean> enabledByKey(ToolFsConfig config) {
        Map<String, Boolean> out = new HashMap<>();
        config.tools().forEach((key, tool) -> out.put(key, tool.enabled()));
        return out;
    }

    /** The enabled tools in the catalog's stable order. */
    public List<ToolDescriptor> tools() {
        return enabled;
    }

    /**
     * The tools for a transport whose calls name no model (MCP): read_image only when the default model takes images,
     * as any call of it fails otherwise (found by a review from the model's side: offered over MCP without an image
     * model, every call failed with advice to switch models, which a model cannot follow).
     */
    public List<ToolDescriptor> toolsForUnnamedModel() {
        return takesImages(Optional.empty()) ? enabled
                : enabled.stream().filter(t -> !t.name().equals(ReadImageTool.NAME)).toList();
    }

    /** The tools one session may use: the enabled ones, narrowed by the session's restriction if it has one. */
    public List<ToolDescriptor> tools(String sessionId) {
        // Nothing is kept for a lookup, but an id that no call can use is as wrong here as there.
        checkKept("the session id", sessionId);
        return sessions.find(sessionId)
                .map(s -> enabled.stream().filter(t -> s.allows(t.name())).toList())
                .orElse(enabled);
    }

    /**
     * Restricts a session to some tools (null lifts the restriction); other tools are hidden from it. Its changes that
     * wait for approval with a tool taken from it are withdrawn: nobody is asked about them any more, and their calls
     * answer now (found by black-box testing: they stayed listed until someone decided them, then were refused).
     */
    public void restrictSession(String sessionId, java.util.Set<String> tools) {
        checkKept("the session id", sessionId);
        ToolSession session = sessions.session(sessionId, workspace.firstRoot());
        session.allowedTools(tools);
        if (tools != null && approvals.isResolvable() && approvals.get() instanceof ConfiguredApprovals configured) {
            configured.withdraw(r -> sessionId.equals(r.sessionId()) && !session.allows(r.tool()),
                    r -> ApprovalDecision.deny("the " + r.tool() + " tool was taken from this session"));
        }
    }

    /**
     * Ends a session for good: what it read and its settings are forgotten at once, where an idle one keeps its settings
     * for a later call under its id. For a session whose conversation is over (a request's chat memory): it leaves room
     * for others, and its id, if it comes again, starts afresh. A call of it still running finishes, and keeps nothing.
     */
    public void endSession(String sessionId) {
        sessions.end(sessionId);
    }

    /** The most characters of a session id or a model name, which sessions keep (also long after they are forgotten). */
    public static final int MAX_KEPT_CHARS = 256;

    /**
     * Refuses a session id or model name longer than {@link #MAX_KEPT_CHARS}: the settings of forgotten sessions are
     * kept by the thousand, so that ids of kilobytes each filled the heap (found by black-box testing).
     */
    public static void checkKept(String what, String value) {
        // Characters as a person counts them: an emoji is one, not its two UTF-16 units (found by black-box testing).
        if (value.length() > MAX_KEPT_CHARS && value.codePointCount(0, value.length()) > MAX_KEPT_CHARS) {
            throw new InvalidCallException(what + " is " + value.codePointCount(0, value.length())
                    + " characters long; it must be at most " + MAX_KEPT_CHARS);
        }
    }

    public Optional<ToolDescriptor> tool(String name) {
        return Optional.ofNullable(bound.get(name)).map(Bound::descriptor);
    }

    public ToolResult execute(String name, Map<String, ?> args, ToolCall call) {
        return execute(name, tree(name, args), call);
    }

    private JsonNode tree(String name, Map<String, ?> args) {
        JsonNode json = directTrees || args == null ? ArgumentTree.of(args) : null;
        try {
            return json == null ? mapper.valueToTree(args) : json;
        } catch (IllegalArgumentException e) {
            throw new InvalidCallException("the arguments of " + name + " cannot be written as JSON: " + e.getMessage());
        }
    }

    /**
     * Runs one call. Tool failures come back as error results; only an unknown tool
     * ({@link UnknownToolException}) or a bad envelope ({@link InvalidCallException}) throw.
     */
    public ToolResult execute(String name, JsonNode args, ToolCall call) {
        ToolResult result = executeForSending(name, args, call);
        result.release();
        return result;
    }

    /**
     * As {@link #execute(String, JsonNode, ToolCall)}, but what the result holds (an image's share of memory) stays
     * held until the caller, a transport, calls {@link ToolResult#release()}, in a finally, once it has written the
     * answer or dropped it: the bytes it sends are held until then.
     */
    public ToolResult executeForSending(String name, JsonNode args, ToolCall call) {
        long start = System.nanoTime();
        ToolResult result = run(name, args, call);
        metrics.record(name, result.error() == null ? "ok" : result.error().code(), System.nanoTime() - start);
        return result;
    }

    /** {@link #executeForSending(String, JsonNode, ToolCall)} with the arguments as a map. */
    public ToolResult executeForSending(String name, Map<String, ?> args, ToolCall call) {
        return executeForSending(name, tree(name, args), call);
    }

    private ToolResult run(String name, JsonNode args, ToolCall call) {
        Bound b = bound.get(name);
        if (b == null) {
            throw new UnknownToolException(name, enabled.stream().map(ToolDescriptor::name).toList());
        }
        checkKept("the session id", call.sessionId());
        call.model().ifPresent(model -> checkKept("the model name", model));
        ToolSession session = sessions.session(call.sessionId(), workspace.firstRoot());
        if (!session.allows(name)) {
            return ToolResult.error("the " + name + " tool is not available in this session; use one of "
                    + String.join(", ", tools(session.id()).stream().map(ToolDescriptor::name)
                            .filter(t -> !call.hiddenTools().contains(t)).toList()),
                    new ToolError("ToolUnavailable", "TOOL_NOT_AVAILABLE"));
        }
        Path cwd = call.cwd().map(this::checkSessionFolder).orElse(session.cwd());
        session.cwd(cwd);
        call.model().ifPresent(session::model);
        Execution execution = new Execution(session, cwd, session.model(), name);
        try {
            Record arguments = (Record) b.binder().bind(args);
            if (!b.shortcut().provesValid(arguments)) {
                validate(b.descriptor(), arguments);
            }
            ToolOutcome outcome = b.executor().execute(arguments, new ToolContext(execution, call.cancellation(), call.approver()));
            return new ToolResult(outcome.content(), false, null,
                    outcome.metadata() == null ? Map.of() : outcome.metadata(), outcome.canonical(), outcome.release());
        } catch (FsException e) {
            return ToolResult.error(e.messageFor(p -> DisplayPath.of(p, cwd), offersImages(session, call))
                    + recovery(e.code(), offers(READ, session, call)),
                    new ToolError("FsError", e.code().name()));
        } catch (ToolInputException e) {
            return ToolResult.error(e.getMessage(), ToolError.VALIDATION);
        } catch (ToolFailureException e) {
            return ToolResult.error(e.getMessage(), new ToolError(e.name(), e.code()));
        } catch (Exception | StackOverflowError | AssertionError e) {
            // Also a checked exception an application's tool throws sneakily, and the errors a tool's own bug
            // raises: the call fails, not the transport. (Out of memory and the like still end the process.)
            LOG.errorf(e, "tool %s failed unexpectedly", name);
            return ToolResult.error("tool " + name + " failed unexpectedly (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + "); the call may be retried",
                    new ToolError("InternalError", "INTERNAL"));
        }
    }

    /**
     * Whether advice may send the model of this call to read_image: offered to it, and the model takes images (else
     * read_image refuses it, and the model goes round in a circle). Asked on errors only.
     */
    private boolean offersImages(ToolSession session, ToolCall call) {
        if (!offers(ReadImageTool.NAME, session, call)) {
            return false;
        }
        return takesImages(session.model());
    }

    /** Whether read_image would run for a call routed by {@code sessionModel} (see ReadImageTool#routedModel). */
    private boolean takesImages(Optional<String> sessionModel) {
        try {
            return models.imageInput(ReadImageTool.routedModel(sessionModel, defaultModel)).orElse(false);
        } catch (RuntimeException e) {
            // An application's resolver that fails: no image is offered (the call's error is still answered).
            LOG.debugf(e, "the model resolver failed");
            return false;
        }
    }

    /** Whether the model of this call can call the tool: enabled, allowed in the session, and not hidden by the caller. */
    private boolean offers(String tool, ToolSession session, ToolCall call) {
        return bound.containsKey(tool) && session.allows(tool) && !call.hiddenTools().contains(tool);
    }

    /**
     * SPEC.md's recovery instructions, appended by this wrapper so every transport shows them. A model without the
     * read tool (disabled, or not in its session) cannot follow them, and would loop: it is told why instead.
     */
    static String recovery(FsErrorCode code, boolean canRead) {
        if (!canRead && (code == FsErrorCode.FS_STALE_VERSION || code == FsErrorCode.FS_NOT_OBSERVED)) {
            return " — " + NO_READ;
        }
        return switch (code) {
            case FS_STALE_VERSION -> " — re-read the file, then retry";
            case FS_NOT_OBSERVED -> " — read the file, then retry";
            default -> "";
        };
    }

    private static final String READ = "read";

    /** What a model that may not read is told when a change needs a read first. */
    static final String NO_READ = "the read tool is not available in this session, and an existing file is changed only"
            + " after a read; do not retry, tell the user";

    private void validate(ToolDescriptor tool, Record arguments) {
        Set<ConstraintViolation<Record>> violations = validator.validate(arguments);
        if (violations.isEmpty()) {
            return;
        }
        // Report the first violation in argument order, so the message is stable.
        ConstraintViolation<Record> first = violations.stream()
                .min(Comparator.comparingInt((ConstraintViolation<Record> v) -> order(tool, v))
                        .thenComparing(ConstraintViolation::getMessage))
                .orElseThrow();
        throw new ToolInputException(first.getMessage());
    }

    private static int order(ToolDescriptor tool, ConstraintViolation<?> v) {
        String property = null;
        for (Node n : v.getPropertyPath()) {
            property = n.getName();
            break;
        }
        for (int i = 0; i < tool.params().size(); i++) {
            if (tool.params().get(i).component().equals(property)) {
                return i;
            }
        }
        return Integer.MAX_VALUE; // cross-argument checks come last
    }

    /**
     * A session folder as a caller names it: absolute, inside the workspace, a folder there.
     *
     * @throws InvalidCallException when it is none
     */
    public Path checkSessionFolder(String cwd) {
        // As a file_path's text is checked: such a folder's files could not be named anyway (found by black-box testing:
        // it was said to be no folder, and shown as it was).
        java.util.Optional<String> unshown = dev.toolfs.fs.RequestedPath.unshownCharacter(cwd);
        if (unshown.isPresent()) {
            throw new InvalidCallException("the session folder \"" + dev.toolfs.fs.ShownText.escaped(cwd) + "\" is not"
                    + " usable: " + unshown.get().replace("the path ", "it "));
        }
        Path p;
        try {
            p = Path.of(cwd);
        } catch (InvalidPathException e) {
            throw new InvalidCallException("the session folder \"" + cwd + "\" is not a valid path");
        }
        if (!p.isAbsolute()) {
            throw new InvalidCallException("the session folder \"" + cwd + "\" must be an absolute path");
        }
        p = p.normalize();
        if (!workspace.containsLexically(p)) {
            throw new InvalidCallException("the session folder \"" + cwd + "\" is outside the workspace ("
                    + workspace.describeRoots() + ")");
        }
        // The same confined resolution as a file path: links are followed only while they stay inside.
        if (workspace.folder(p).isEmpty()) {
            throw new InvalidCallException("the session folder \"" + cwd + "\" is not a folder inside the workspace");
        }
        return p;
    }
}
