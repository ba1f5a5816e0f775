package dev.toolfs.transport.mcp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;

import dev.toolfs.fs.Cancellation;
import dev.toolfs.tools.JsonStrings;
import dev.toolfs.transport.rest.BodyRoom;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import reactor.core.publisher.Mono;
import reactor.util.context.Context;

/**
 * MCP's stdio transport: one JSON-RPC message per line on a pair of streams, for the MCP SDK's server session.
 *
 * <p>
 * Why not the SDK's own: its reader thread also ran the tool calls, so a call that asks the client something (its
 * roots, an approval) waited for an answer that only that thread could read, until the request timed out; and every
 * response was serialized to a {@code String}, scanned three times for line breaks (compact JSON has none) and copied
 * to bytes, which cost a fifth of the sidecar's time in the benchmark.
 *
 * <p>
 * Here the {@link StdioChannel} reads from the process's start (it answers the handshake while the application
 * starts, and this transport leaves the server's second answers to those requests unsent). Answers to the server's
 * own requests and the client's notifications are handled at once (a request waiting for
 * {@code notifications/initialized} must not hold up that very notification). The client's requests (and the error
 * answers to lines that are no message) run one at a time, in arrival order: on the reading thread itself when
 * nothing else is running or waiting and the client has sent {@code notifications/initialized} (handing the request
 * to another thread costs a wake-up, about a tenth of a small call's CPU), else on the call thread. A call on the
 * reading thread that sends the client a request (for its roots, an approval) first has the channel hand the reading
 * to a new thread, which reads the answer; the channel does the same for a call that keeps the reading thread long.
 * The client's {@code notifications/cancelled}, which the SDK's session does not handle, marks its request: a
 * waiting one is not run, a running one sees it through {@link #cancellation}, and neither is answered. A
 * message is written as UTF-8 straight from Jackson, under a lock, by the thread that sends it; the answer to a call
 * the reader ran while the next request was already in hand is held back a moment, to go out with the next ones in one
 * write (see {@link #held}). When the input ends, or the output breaks, the server's requests still waiting for an
 * answer fail at once, the calls already received finish, and {@link #awaitEnd()} returns.
 *
 * <p>
 * A {@code tools/call} can be answered without the SDK's session ({@link DirectCalls}), in the same turn and with the
 * same cancellation: the session then only adds its reactive pipeline to the call.
 */
public final class StdioTransport implements McpServerTransportProvider {

    /** The answer to an initialize after the first: a process serves one session. */
    static final String INITIALIZED_ALREADY = "Invalid Request: this session is initialized already; to start a new one,"
            + " start the server again";

    private static final int INITIAL_MESSAGE_BYTES = 16 * 1024;
    /** A buffer grown past this by a large answer is let go, so that one huge read does not stay in memory. */
    private static final int KEPT_MESSAGE_BYTES = 1024 * 1024;

    private static final Logger LOG = Logger.getLogger(StdioTransport.class);

    /** JSON-RPC's cancellation, which the SDK's server session does not handle. */

    /**
     * Where a request's cancellation flag travels to its handler: in the transport context the session gives the
     * handler's exchange, whatever thread the handler runs on (a request held until {@code notifications/initialized}
     * runs on the thread that handles that).
     */
    private static final String CANCELLED = "tool-fs.cancelled";

    private final McpJsonMapper json;
    private final ObjectWriter writer;
    private final ObjectMapper mapper;
    private final JsonRpcMessages messages;
    private final StdioChannel channel;
    private final OutputStream out;
    /** The requests the channel answered before the server ran, by id: the server's answers to them are not sent. */
    private final Map<String, StdioHandshake.EarlyAnswer> answeredEarly = new ConcurrentHashMap<>();
    private final ExecutorService calls;
    /** Held for each message written to {@code out}: not a monitor, so that what must not wait can try it. */
    private final ReentrantLock outLock = new ReentrantLock();
    /** The message being written; guarded by {@code outLock}. */
    private ByteArrayOutputStream pending = new ByteArrayOutputStream(INITIAL_MESSAGE_BYTES);
    /**
     * Whether {@code out} holds answers not yet flushed; written under {@code outLock}, read without it as a hint (a
     * stale read only delays a flush to the next look). The reader holds back the answer
     * to a request it ran while the next request is already in hand: the answers to the requests that came together
     * go out together, in one write, and the client reads them at once (about a tenth of each side's CPU per call when
     * calls come many at a time). They go out when the reader has no whole line left, when anything else is written,
     * and soon after a line lasts (see {@link StdioChannel.Receiver#lineLasts}).
     */
    private volatile boolean held;
    /** When the oldest answer still held was written; guarded by {@code outLock}. */
    private long heldSince;
    /**
     * The longest an answer is held while the next calls run: a run of calls that each take a while does not keep the
     * first answer for all of them.
     */
    private static final long MAX_HOLD_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** Flushes what the reader held back when its next line lasts: off the watchdog, which must not wait. */
    private final java.util.concurrent.ThreadPoolExecutor flushes = new java.util.concurrent.ThreadPoolExecutor(0, 1,
            10, TimeUnit.SECONDS, new java.util.concurrent.ArrayBlockingQueue<>(1), r -> daemon(r, "mcp-stdio-flush"),
            new java.util.concurrent.ThreadPoolExecutor.DiscardPolicy());
    /**
     * Writes the answers out of turn (to pings, to a malformed initialize) that come while a call runs, off the reader.
     * Bounded: past it, the reader writes the answer itself (a client that sends pings and never reads waits for its
     * output, as for any answer).
     */
    private final java.util.concurrent.ThreadPoolExecutor pongs = new java.util.concurrent.ThreadPoolExecutor(1, 1, 0,
            TimeUnit.MILLISECONDS, new java.util.concurrent.ArrayBlockingQueue<>(4096),
            r -> daemon(r, "mcp-stdio-pong"), new java.util.concurrent.ThreadPoolExecutor.CallerRunsPolicy());
    /** Held while a request to the client is recorded and sent, and while abandon() takes a thread's requests back. */
    private final Object requestsOut = new Object();
    /** The threads whose wait for the client was given up: what they send is not sent (weak: each wait has its own). */
    private final Set<Thread> abandoned = java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>()); // requestsOut
    /** The server's requests to the client not yet answered, by id: the thread that sent each. */
    private final Map<Object, Thread> unanswered = new ConcurrentHashMap<>();

    /** The ids of the elicitations sent and not answered yet, whose answers are read here before the SDK reads them. */
    private final java.util.Set<Object> elicitations = ConcurrentHashMap.newKeySet();

    /** The ids of the roots lists asked for and not answered yet, whose answers are judged here first. */
    private final java.util.Set<Object> rootsLists = ConcurrentHashMap.newKeySet();

    /**
     * An answer to roots/list as the SDK should read it: one that is no roots list is failed with that, as over HTTP
     * (the SDK failed on a null result and the call waited for the roots' time limit; found by black-box testing).
     */
    static McpSchema.JSONRPCResponse asRootsResult(McpSchema.JSONRPCResponse response) {
        return RootsResults.readable(response.result()) ? response
                : new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, response.id(), null,
                        new McpSchema.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INVALID_PARAMS,
                                RootsResults.NOT_A_ROOTS_RESULT, null));
    }

    /**
     * An answer to an elicitation as the SDK should read it (see {@link ElicitationResults}): the SDK reads its action
     * leniently, and "accept " approved an escalation (found by black-box testing); one that is no elicitation result
     * at all is failed with that, as over HTTP (the SDK took a missing action for "cancel", said to be the user's no).
     */
    static McpSchema.JSONRPCResponse asElicitationResult(McpSchema.JSONRPCResponse response) {
        String action = ElicitationResults.action(response.result());
        if (action == null) {
            return new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, response.id(), null,
                    new McpSchema.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INVALID_PARAMS,
                            ElicitationResults.NOT_AN_ELICITATION_RESULT, null));
        }
        Map<?, ?> fields = (Map<?, ?>) response.result();
        if (action.equals(fields.get("action"))) {
            return response;
        }
        Map<Object, Object> read = new java.util.LinkedHashMap<>(fields);
        read.put("action", action);
        return new McpSchema.JSONRPCResponse(response.jsonrpc(), response.id(), read, null);
    }
    /** The client's requests received and not yet answered, by id: whether the client has cancelled each. */
    private final Map<Object, AtomicBoolean> requests = new ConcurrentHashMap<>();
    /** What answers the client (calls, error answers) received and not yet done: run on the reader only when 0. */
    private final AtomicInteger callsInFlight = new AtomicInteger();
    /** Held by the call that runs, so that a call the call thread takes waits for one still running on the reader. */
    private final ReentrantLock callTurn = new ReentrantLock();
    /**
     * The reader thread while its line has its place and may wait (a call in its turn, or the client's
     * {@code notifications/initialized}, which resumes the requests held for it on the same thread): the reading may
     * then go on elsewhere, and must when the server asks the client something. Else null.
     */
    private volatile Thread readerInTurn;
    /** The reader while it flushes the answers it held back (its line is done): the reading may go on elsewhere. */
    private volatile Thread flushingReader;
    /**
     * Whether {@code notifications/initialized} has come: until then the session holds every request but
     * {@code initialize}, and a request held on the reader would wait for a notification no one reads.
     */
    private volatile boolean clientInitialized;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile McpServerSession session;
    /** Runs the tools/call requests that need nothing of the SDK's session; null: the session runs them all. */
    private volatile DirectCalls directCalls;
    private volatile boolean closing;
    /**
     * The messages of the requests taken and not yet run, counted by their length, bounded as HTTP bodies are
     * ({@code quarkus.tool-fs.rest.bodies-in-memory}): a request that finds no room is answered at once.
     */
    private final BodyRoom room = BodyRoom.configured(StdioChannel.MAX_MESSAGE_BYTES);

    /** JSON-RPC's code for a request refused for want of room: a server error of the implementation's, to retry. */
    static final int SERVER_BUSY = -32000;
    /** Read and written by the thread that reads (one at a time). */
    private volatile boolean initializeSeen;

    public StdioTransport(McpJsonMapper json, ObjectMapper mapper, StdioChannel channel) {
        this.json = json;
        // One call at a time, in arrival order: two call threads served 8 concurrent callers no faster on 2 CPUs
        // (the client needs the CPUs too), and one connection's calls keep the order they were sent in. The calls
        // that find nothing before them run on the reader instead (see inTurn()).
        this.calls = Executors.newSingleThreadExecutor(r -> daemon(r, "mcp-stdio-calls"));
        // Indentation would put line breaks between tokens, and a line break ends a message.
        this.writer = mapper.writer().without(SerializationFeature.INDENT_OUTPUT);
        this.mapper = mapper;
        this.messages = new JsonRpcMessages(mapper);
        this.channel = channel;
        this.out = channel.out();
    }

    /**
     * A tools/call answered without the SDK's session, once the client is initialized, in the same turn, with the
     * same cancellation, and written as the session would write its answer.
     */
    @FunctionalInterface
    public interface DirectCalls {
        /**
         * The answer to a call of {@code tool}, or null when the SDK's session must run it (the transport then hands
         * it the request).
         */
        McpSchema.CallToolResult call(String tool, Map<String, Object> arguments, Cancellation cancellation);

        /** Why {@code tool} cannot be called, naming the tools there are, or null when it is one of them. */
        default String unknown(String tool) {
            return null;
        }
    }

    /** Set before the server is built (which attaches the input). */
    public void directCalls(DirectCalls calls) {
        this.directCalls = calls;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory factory) {
        session = factory.create(new SessionTransport());
        channel.attach(new Input());
    }

    /**
     * Whether the client has cancelled (with {@code notifications/cancelled}) the request whose handler got
     * {@code context} (its exchange's transport context): a tool checks it to stop early, leaving files whole. Never
     * cancelled for a request of another transport.
     */
    public static Cancellation cancellation(McpTransportContext context) {
        return context != null && context.get(CANCELLED) instanceof AtomicBoolean cancelled ? cancelled::get
                : Cancellation.NONE;
    }

    /** Returns once the input has ended or the output has broken. */
    public void awaitEnd() throws InterruptedException {
        ended.await();
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        McpServerSession s = session;
        return s == null ? Mono.error(new IllegalStateException("no MCP session yet")) : s.sendNotification(method, params);
    }

    /** Lets the calls already received finish (a write in progress completes), then closes the session. */
    @Override
    public Mono<Void> closeGracefully() {
        return Mono.defer(() -> {
            end();
            try {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                boolean finished = calls.awaitTermination(60, TimeUnit.SECONDS);
                // And a call still running on the reader.
                if (finished && callTurn.tryLock(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    callTurn.unlock();
                } else {
                    LOG.warn("MCP stdio: calls still running after 60 s at shutdown");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            McpServerSession s = session;
            return s == null ? Mono.empty() : s.closeGracefully();
        });
    }

    /** No more input or output: fail what waits for the client, take no new calls, and let the server stop. */
    private void end() {
        closing = true;
        pongs.shutdown();
        flushes.shutdown();
        if (held && outLock.tryLock()) {
            // The answers held back were as good as sent: out with them, if the output still takes them.
            try {
                flushHeldLocked();
            } catch (IOException e) {
                // The output is what broke.
            } finally {
                outLock.unlock();
            }
        }
        requests.clear();
        if (clientInitialized) {
            calls.shutdown();
        } else {
            // The session holds every request until notifications/initialized, which can no longer come: the calls
            // waiting for it would wait forever, and the process with them. They are stopped.
            calls.shutdownNow();
        }
        McpServerSession s = session;
        elicitations.clear();
        rootsLists.clear();
        for (Object id : unanswered.keySet()) {
            unanswered.remove(id);
            if (s != null) {
                s.handle(new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, id, null,
                        new McpSchema.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INTERNAL_ERROR,
                                "the client's connection closed")))
                        .subscribe(null, e -> LOG.debugf(e, "MCP stdio: could not fail request %s", id));
            }
        }
        ended.countDown();
    }

    /**
     * Tells the client that the server no longer waits for the answers to the requests {@code asking} sent and that are
     * still unanswered ({@code notifications/cancelled}, as MCP asks of a request given up on): an approval the
     * client's user is still asked for then goes away with the call that needed it.
     */
    void abandon(Thread asking, String reason) {
        List<Object> given = new java.util.ArrayList<>();
        synchronized (requestsOut) {
            // A request the thread sends after this is not sent at all (see SessionTransport.sendMessage).
            abandoned.add(asking);
            for (Map.Entry<Object, Thread> e : unanswered.entrySet()) {
                if (e.getValue() == asking && unanswered.remove(e.getKey(), asking)) {
                    elicitations.remove(e.getKey());
                    rootsLists.remove(e.getKey());
                    given.add(e.getKey());
                }
            }
        }
        for (Object id : given) {
            try {
                write(new McpSchema.JSONRPCNotification(McpSchema.JSONRPC_VERSION, ClientWait.CANCELLED,
                        ClientWait.cancelled(id, reason)));
            } catch (UncheckedIOException e) {
                return; // end() has run: nothing more to tell the client
            }
        }
    }

    /** The channel's lines, as they come (the kept ones first). */
    private final class Input implements StdioChannel.Receiver {

        @Override
        public void answeredEarly(List<StdioHandshake.EarlyAnswer> answers) {
            for (StdioHandshake.EarlyAnswer a : answers) {
                answeredEarly.put(a.id(), a);
            }
        }

        @Override
        public void line(byte[] line) {
            if (closing) {
                return;
            }
            if (line == StdioChannel.LineReader.TOO_LONG) {
                answerError(null, McpSchema.ErrorCodes.INVALID_REQUEST, StdioChannel.tooLong(StdioChannel.MAX_MESSAGE_BYTES));
            } else if (!blank(line)) {
                dispatch(line);
            }
            if (held && !channel.nextLineInHand()) {
                flushHeldAtLineEnd();
            }
        }

        @Override
        public boolean mayReadOn(Thread reader) {
            return readerInTurn == reader || flushingReader == reader;
        }

        @Override
        public void lineLasts() {
            if (held) {
                // At most one flush waits for its turn: one more is dropped (the pool's queue holds one).
                flushes.execute(StdioTransport.this::flushHeld);
            }
        }

        @Override
        public void ended(Throwable failure) {
            if (failure != null && !closing) {
                LOG.warnf(failure, "MCP stdio: reading the input failed; stopping");
            }
            end();
        }
    }

    /**
     * Flushes the answers held back, at the end of a line. The reader never waits for the output's lock here: whoever
     * holds it flushes when it is done (any message but a held answer is flushed, and a reader that held one flushes
     * at the end of its line). Should the output be full (a client that writes before it reads), the watchdog hands
     * the reading to another thread while the reader's flush waits.
     */
    private void flushHeldAtLineEnd() {
        if (!channel.onReaderThread()) {
            flushHeld(); // a reader that handed the reading over: it may wait
            return;
        }
        if (!outLock.tryLock()) {
            return;
        }
        flushingReader = Thread.currentThread();
        try {
            flushHeld();
        } finally {
            flushingReader = null;
            outLock.unlock();
        }
    }

    /** Writes out what was held back, if anything still is. */
    private void flushHeld() {
        outLock.lock();
        try {
            flushHeldLocked();
        } catch (IOException e) {
            if (!closing) {
                LOG.warnf(e, "MCP stdio: writing to the output failed; stopping");
            }
            end();
        } finally {
            outLock.unlock();
        }
    }

    /** {@link #flushHeld()} for a thread that holds {@code outLock}. */
    private void flushHeldLocked() throws IOException {
        if (held) {
            held = false;
            out.flush();
        }
    }

    /** Whether the SDK's session can read these initialize params, capabilities and all. */
    private boolean sdkReadsInitialize(Object params) {
        try {
            mapper.convertValue(params, McpSchema.InitializeRequest.class);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static boolean blank(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r' && b != '\f' && b != 0x0B) {
                return false;
            }
        }
        return true;
    }

    /**
     * Takes room for a large request's message before it is read (a refused one is never read: the reading of the
     * messages refused while a large write ran had still run a 48 MiB heap out), then handles it; the room goes back
     * when the request has run, or at once when it is answered without waiting for its turn. A small one takes its room
     * once read, where its id is known without a look of its own.
     */
    private void dispatch(byte[] line) {
        Object id = line.length >= BodyRoom.SMALL_BYTES ? messages.requestId(line) : null;
        long held = id == null ? 0 : line.length;
        if (held > 0 && !room.take(held)) {
            answerBusy(id, held);
            return;
        }
        boolean queued = false;
        try {
            queued = dispatch(line, held);
        } finally {
            if (!queued && held > 0) {
                room.give(held);
            }
        }
    }

    /**
     * Refuses a request that finds no room: calls run one at a time, and the reader reads on, so the requests waiting
     * for their turn held their messages, and six writes of 3.6 MB sent at once ran a 48 MiB heap out (found by
     * black-box testing).
     */
    private void answerBusy(Object id, long bytes) {
        answerError(id, SERVER_BUSY, room.busy("messages", bytes));
    }

    /**
     * Whether the request was queued with room, which it gives back once it has run: {@code held} bytes taken before,
     * or, when none were, its own taken here.
     */
    private boolean dispatch(byte[] line, long held) {
        McpSchema.JSONRPCMessage message;
        try {
            // From the line's UTF-8 bytes: the SDK reads a message from a String, which would cost a decoding and
            // then, for the parser, a copy back.
            message = messages.read(line);
        } catch (JsonRpcMessages.NotAMessage e) {
            // JSON-RPC's answer to a line that is not a message; the connection goes on.
            answerError(e.id(), e.code(), "not a JSON-RPC message: " + e.getMessage());
            return false;
        }
        if (message instanceof McpSchema.JSONRPCResponse response) {
            // The answer to a request of ours, which a call may be waiting for: complete it now.
            unanswered.remove(response.id());
            boolean roots = rootsLists.remove(response.id());
            McpSchema.JSONRPCResponse read = elicitations.remove(response.id()) && response.error() == null
                    ? asElicitationResult(response)
                    : roots && response.error() == null ? asRootsResult(response) : response;
            session.handle(read).subscribe(null, e -> LOG.debugf(e, "MCP stdio: a response could not be handled"));
        } else if (message instanceof McpSchema.JSONRPCNotification n && ClientWait.CANCELLED.equals(n.method())) {
            // The request stops if it runs (a tool checks), is not run if it waits, and is not answered (as MCP asks).
            // A cancellation of a request already answered, or unknown, changes nothing.
            if (n.params() instanceof Map<?, ?> params && params.get("requestId") != null) {
                AtomicBoolean cancelled = requests.get(params.get("requestId"));
                if (cancelled != null) {
                    cancelled.set(true);
                }
            }
        } else if (message instanceof McpSchema.JSONRPCNotification n && McpSchema.METHOD_NOTIFICATION_ROOTS_LIST_CHANGED.equals(n.method())) {
            // The session's folder does not move with the roots (see McpRoots): the SDK would ask for the new list,
            // even of a client that never declared roots, and nothing would use it.
            LOG.debug("MCP stdio: notifications/roots/list_changed is not acted on");
        } else if (message instanceof McpSchema.JSONRPCNotification n) {
            boolean initialized = McpSchema.METHOD_NOTIFICATION_INITIALIZED.equals(n.method());
            // The requests the session held for this notification resume here, on this thread, and may ask the
            // client something: the reading may go on elsewhere meanwhile.
            boolean inTurn = initialized && readerInTurn == null && channel.onReaderThread();
            if (inTurn) {
                readerInTurn = Thread.currentThread();
            }
            try {
                session.handle(message).subscribe(null,
                        e -> LOG.debugf(e, "MCP stdio: a notification could not be handled"));
            } finally {
                if (inTurn) {
                    readerInTurn = null;
                }
            }
            if (initialized) {
                clientInitialized = true;
            }
        } else if (message instanceof McpSchema.JSONRPCRequest r && McpSchema.METHOD_LOGGING_SET_LEVEL.equals(r.method())
                && (r.params() == null || r.params() instanceof Map) && !(r.params() instanceof Map<?, ?> p
                        && p.get("level") instanceof String level && McpTexts.LEVELS.contains(level))) {
            // The SDK would take an unknown level as info and answer success.
            answerError(r.id(), McpSchema.ErrorCodes.INVALID_PARAMS, McpTexts.SET_LEVEL);
        } else if (message instanceof McpSchema.JSONRPCRequest r && McpSchema.METHOD_TOOLS_CALL.equals(r.method())
                && directCalls != null && r.params() instanceof Map<?, ?> p && p.get("name") instanceof String tool
                && directCalls.unknown(tool) != null) {
            // The SDK answered "Unknown tool: invalid_tool_name" (MCP's example, word for word) whatever the name, the
            // name only in its data: a model reading the message learnt neither its mistake nor the right names.
            answerError(r.id(), McpSchema.ErrorCodes.INVALID_PARAMS, directCalls.unknown(tool));
        } else if (message instanceof McpSchema.JSONRPCRequest r && McpSchema.METHOD_TOOLS_LIST.equals(r.method())
                && r.params() instanceof Map<?, ?> p && p.get("cursor") != null) {
            // The list has one page, so no cursor is one this server gave; MCP asks for invalid params (the SDK
            // ignored it and answered the whole list).
            answerError(r.id(), McpSchema.ErrorCodes.INVALID_PARAMS, McpTexts.UNKNOWN_CURSOR);
        } else if (message instanceof McpSchema.JSONRPCRequest r && McpSchema.METHOD_INITIALIZE.equals(r.method())
                && !(InitializeShape.wellFormed(r.params()) && sdkReadsInitialize(r.params()))) {
            // The SDK would answer some with an internal error naming its own classes (a capability it cannot read:
            // roots.listChanged "yes"). The handshake never answers these early: its own rule is stricter. Answered at
            // once, as a good initialize is handled at once: in turn, it would wait behind a request sent before it,
            // which waits for the notifications/initialized that the client sends only after this answer.
            answerAtOnce(reply(r.id(), "error", error(McpSchema.ErrorCodes.INVALID_PARAMS, InitializeShape.MESSAGE)));
        } else if (message instanceof McpSchema.JSONRPCRequest r && McpSchema.METHOD_INITIALIZE.equals(r.method())
                && !initializeSeen) {
            // Handled before the next message is read: the session takes the client's capabilities (roots,
            // elicitation) from the initialize it has handled when notifications/initialized comes, and a client
            // sends that as soon as it has its answer, at once when the channel answered early. It only sets state,
            // and its answer is the first output (or is not sent), so the reader does not wait on the output.
            initializeSeen = true;
            handle(message, r.id());
        } else if (message instanceof McpSchema.JSONRPCRequest r && McpSchema.METHOD_INITIALIZE.equals(r.method())) {
            // The SDK took a second one, and with it another protocol version and the client's new capabilities, in
            // the middle of the session (found by black-box testing); over HTTP a live session refuses it too.
            answerAtOnce(reply(r.id(), "error", error(McpSchema.ErrorCodes.INVALID_REQUEST, INITIALIZED_ALREADY)));
        } else if (message instanceof McpSchema.JSONRPCRequest r && McpSchema.METHOD_PING.equals(r.method())
                && (r.params() == null || r.params() instanceof Map)) {
            // MCP allows a ping at any time: the session would hold one until notifications/initialized, and a client
            // waiting for its answer first would wait forever; later, in turn, it would wait behind a long call. So it
            // is answered at once (unless the channel did while the application started).
            if (answeredEarly.isEmpty() || answeredEarly.remove(StdioHandshake.idKey(mapper, r.id())) == null) {
                answerAtOnce(reply(r.id(), "result", Map.of()));
            }
        } else if (message instanceof McpSchema.JSONRPCRequest r && McpSchema.METHOD_TOOLS_CALL.equals(r.method())
                && !ToolsCallShape.wellFormed(r.params())) {
            // The SDK would fail converting these params and call it an internal error.
            answerError(r.id(), McpSchema.ErrorCodes.INVALID_PARAMS, ToolsCallShape.MESSAGE);
        } else if (message instanceof McpSchema.JSONRPCRequest r && r.params() != null && !(r.params() instanceof Map)) {
            // MCP's params are always an object: the SDK's answer to some named its own classes.
            answerError(r.id(), McpSchema.ErrorCodes.INVALID_PARAMS, McpTexts.PARAMS_NOT_AN_OBJECT);
        } else {
            Object id = ((McpSchema.JSONRPCRequest) message).id();
            long taken = held > 0 ? held : line.length;
            if (held == 0 && !room.take(taken)) {
                answerBusy(id, taken);
                return false;
            }
            AtomicBoolean cancelled = new AtomicBoolean();
            // Not for a request the channel answered early (the client has its answer, and the server's own must
            // still be compared), nor for an id already in use (a client's mistake; the first keeps it).
            boolean answered = !answeredEarly.isEmpty() && answeredEarly.containsKey(StdioHandshake.idKey(mapper, id));
            if (!answered) {
                requests.putIfAbsent(id, cancelled);
            }
            DirectCalls direct = clientInitialized && !answered
                    && McpSchema.METHOD_TOOLS_CALL.equals(((McpSchema.JSONRPCRequest) message).method()) ? directCalls
                            : null;
            // The room is given back when the request has run (not when the server ends first: nothing runs then).
            inTurn(() -> {
                try {
                    runRequest(message, id, cancelled, direct);
                } finally {
                    room.give(taken);
                }
            });
            return true;
        }
        return false;
    }

    /** A request of the client's, in its turn: not run if the client cancelled it meanwhile. */
    private void runRequest(McpSchema.JSONRPCMessage request, Object id, AtomicBoolean cancelled, DirectCalls direct) {
        try {
            if (!cancelled.get() && (direct == null || !answeredDirectly(direct, request, id, cancelled))) {
                handle(request, id, cancelled);
            }
        } finally {
            requests.remove(id, cancelled);
        }
    }

    /**
     * Answers a tools/call without the SDK's session, unless the hook leaves it to the session (false). The params were
     * checked by {@link ToolsCallShape}. A failure is answered as the session answers a failing handler, and a fatal
     * one as {@link #handle} answers what escapes the session.
     */
    @SuppressWarnings("unchecked")
    private boolean answeredDirectly(DirectCalls direct, McpSchema.JSONRPCMessage request, Object id,
            AtomicBoolean cancelled) {
        if (requests.get(id) != cancelled) {
            return false; // the id is in use by a request still running (a client's mistake): the session's way
        }
        Map<String, Object> params = (Map<String, Object>) ((McpSchema.JSONRPCRequest) request).params();
        Object arguments = params.get("arguments");
        McpSchema.JSONRPCResponse answer;
        try {
            McpSchema.CallToolResult result = direct.call((String) params.get("name"),
                    arguments == null ? Map.of() : (Map<String, Object>) arguments, cancelled::get);
            if (result == null) {
                return false;
            }
            answer = new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, id, result, null);
        } catch (Throwable e) {
            LOG.warnf(e, "MCP stdio: request %s failed", id);
            answer = new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, id, null,
                    e instanceof VirtualMachineError || e instanceof LinkageError
                            ? new McpSchema.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INTERNAL_ERROR,
                                    serverFailed(e), null)
                            : failure(e));
        }
        try {
            write(answer); // not sent if the client has cancelled the request meanwhile
        } catch (UncheckedIOException e) {
            // end() has run.
        } finally {
            JsonStrings.forgetPrepared();
        }
        return true;
    }

    /** The message of the internal error that answers a request the server itself failed on (not its handler). */
    private static String serverFailed(Throwable e) {
        return "the server failed: " + e;
    }

    /** The session's error for a failing handler: an MCP error's own, else an internal error with the message. */
    private static McpSchema.JSONRPCResponse.JSONRPCError failure(Throwable e) {
        if (e instanceof io.modelcontextprotocol.spec.McpError m && m.getJsonRpcError() != null) {
            return m.getJsonRpcError();
        }
        return new McpSchema.JSONRPCResponse.JSONRPCError(McpSchema.ErrorCodes.INTERNAL_ERROR,
                java.util.Objects.requireNonNullElse(e.getMessage(), "Internal error"), null);
    }

    /**
     * Runs what answers the client's requests (a call, or an error answer to a line), one at a time in arrival order:
     * here on the reader when nothing is before it (nothing to wake, no hand-off), else on the call thread behind the
     * others.
     */
    private void inTurn(Runnable work) {
        if (callsInFlight.getAndIncrement() == 0 && clientInitialized && channel.onReaderThread()) {
            runInTurn(work, true);
        } else {
            try {
                calls.execute(() -> runInTurn(work, false));
            } catch (RejectedExecutionException e) {
                // Ending: nothing more is started.
                callsInFlight.decrementAndGet();
            }
        }
    }

    private void runInTurn(Runnable work, boolean onReader) {
        callTurn.lock();
        try {
            if (onReader) {
                if (closing) {
                    // Ended meanwhile (the output broke): nothing more is started here.
                    return;
                }
                readerInTurn = Thread.currentThread();
            }
            work.run();
        } finally {
            if (onReader) {
                // Cleared before the count lets the next call onto a reader, which sets it again.
                readerInTurn = null;
            }
            callTurn.unlock();
            callsInFlight.decrementAndGet();
        }
    }

    private void handle(McpSchema.JSONRPCMessage request, Object id) {
        handle(request, id, null);
    }

    private void handle(McpSchema.JSONRPCMessage request, Object id, AtomicBoolean cancelled) {
        try {
            Mono<Void> handled = session.handle(request);
            if (cancelled != null) {
                handled = handled.contextWrite(Context.of(McpTransportContext.KEY,
                        McpTransportContext.create(Map.of(CANCELLED, cancelled))));
            }
            handled.block();
        } catch (Throwable e) {
            // The session answers a failing handler itself; what escapes is fatal or a broken output, or the end of
            // the input stopping a request that waited for notifications/initialized.
            if (closing) {
                LOG.debugf(e, "MCP stdio: request %s stopped at the end of the input", id);
            } else {
                LOG.warnf(e, "MCP stdio: request %s failed", id);
            }
            // A request the channel answered early has its answer: no error after that success. (Once the session has
            // answered, the answer is compared and not sent, and nothing after it can fail.)
            boolean answered = id != null && !answeredEarly.isEmpty()
                    && answeredEarly.remove(StdioHandshake.idKey(mapper, id)) != null;
            if (id != null && !closing && !answered && (cancelled == null || !cancelled.get())) {
                answerError(id, McpSchema.ErrorCodes.INTERNAL_ERROR, serverFailed(e));
            }
        } finally {
            // The answer was written, or will not be (a cancelled call, a failure): no prepared form to keep.
            JsonStrings.forgetPrepared();
        }
    }

    /** An answer out of turn, ahead of the calls' answers (a ping's, or one that they wait for). */
    private void answerAtOnce(Map<String, Object> answer) {
        Runnable send = () -> {
            try {
                write(answer);
            } catch (UncheckedIOException e) {
                // end() has run.
            }
        };
        if (callsInFlight.get() == 0) {
            send.run();
        } else {
            // A call may hold the output, blocked while the client writes instead of reading: the reader must go on
            // reading, or neither side would move.
            pongs.execute(send); // once ended, dropped (the policy runs nothing on a pool shut down)
        }
    }

    /** An error answer, in turn with the calls' answers. */
    private void answerError(Object id, int code, String text) {
        Map<String, Object> error = reply(id, "error", error(code, text));
        inTurn(() -> {
            try {
                write(error);
            } catch (UncheckedIOException e) {
                // end() has run.
            }
        });
    }

    /**
     * A response the transport writes itself. A map, not the SDK's JSONRPCResponse: that one leaves out a null id,
     * which a parse error must carry.
     */
    static Map<String, Object> reply(Object id, String kind, Object body) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("jsonrpc", McpSchema.JSONRPC_VERSION);
        reply.put("id", id);
        reply.put(kind, body);
        return reply;
    }

    /** A JSON-RPC error object, its fields in their usual order. */
    static Map<String, Object> error(int code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        return error;
    }

    private void write(Object message) {
        if (!answeredEarly.isEmpty() && message instanceof McpSchema.JSONRPCResponse response
                && response.id() != null) {
            StdioHandshake.EarlyAnswer early = answeredEarly.remove(StdioHandshake.idKey(mapper, response.id()));
            if (early != null) {
                try {
                    compare(early, response);
                } catch (RuntimeException e) {
                    LOG.warnf(e, "MCP stdio: could not compare the server's answer to %s with the early one",
                            early.method());
                }
                return;
            }
        }
        if (message instanceof McpSchema.JSONRPCResponse response && response.id() != null) {
            AtomicBoolean cancelled = requests.get(response.id());
            if (cancelled != null && cancelled.get()) {
                // The client cancelled the request: MCP asks for no answer.
                return;
            }
        }
        // Only an answer to a request this reader ran in its turn, with the next one in hand.
        boolean hold = message instanceof McpSchema.JSONRPCResponse && readerInTurn == Thread.currentThread()
                && channel.nextLineInHand();
        outLock.lock();
        try {
            long now = hold ? System.nanoTime() : 0;
            if (hold && held && now - heldSince > MAX_HOLD_NANOS) {
                hold = false;
            } else if (hold && !held) {
                heldSince = now;
            }
            // Serialized whole into a buffer kept between messages (a third of a read's allocations were a new byte
            // array per answer), then written: a message that fails to serialize leaves no partial line.
            pending.reset();
            writer.writeValue(pending, message);
            // The line break with the message: a message larger than the output's buffer goes straight to the pipe,
            // and a break written after it would be a second system call, waking the client twice.
            pending.write('\n');
            pending.writeTo(out);
            if (!hold) {
                out.flush();
            }
            held = hold;
            if (pending.size() > KEPT_MESSAGE_BYTES) {
                pending = new ByteArrayOutputStream(INITIAL_MESSAGE_BYTES);
            }
        } catch (IOException e) {
            if (!closing) {
                LOG.warnf(e, "MCP stdio: writing to the output failed; stopping");
            }
            end();
            throw new UncheckedIOException(e);
        } finally {
            outLock.unlock();
        }
    }

    /**
     * The server's own answer to a request the channel answered early, which the client does not see: a different
     * tool list is announced as a change, so that the client lists the tools again.
     */
    private void compare(StdioHandshake.EarlyAnswer early, McpSchema.JSONRPCResponse response) {
        if (response.error() != null) {
            LOG.warnf("MCP stdio: the server refused %s request %s, which was answered before it started: %s",
                    early.method(), early.id(), response.error().message());
            return;
        }
        JsonNode actual = mapper.valueToTree(response.result());
        try {
            if (mapper.readTree(early.result()).equals(actual)) {
                return;
            }
        } catch (IOException e) {
            // Not JSON: it differs.
        }
        if (McpSchema.METHOD_TOOLS_LIST.equals(early.method())) {
            LOG.debug("MCP stdio: the tools differ from the build's recorded list; notifying the client");
            session.sendNotification(McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED, null)
                    .subscribe(null, e -> LOG.debugf(e, "MCP stdio: could not notify the tool list change"));
        } else {
            LOG.warnf("MCP stdio: the build's recorded answer to %s differs from this server's (%s instead of %s);"
                    + " rebuild the sidecar so that its recording matches", early.method(), early.result(), actual);
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private final class SessionTransport implements McpServerTransport {

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return Mono.fromRunnable(() -> {
                if (message instanceof McpSchema.JSONRPCRequest request) {
                    // A call running on the reader waits for this answer: someone else must read it.
                    Thread reader = readerInTurn;
                    if (reader != null) {
                        channel.handOver(reader);
                    }
                    synchronized (requestsOut) {
                        // Sent and recorded in one step with respect to abandon(): its cancellation never goes out
                        // before the request, and a request of a wait already given up on is not sent at all.
                        if (abandoned.contains(Thread.currentThread())) {
                            throw new IllegalStateException("the server no longer waits for this answer");
                        }
                        unanswered.put(request.id(), Thread.currentThread());
                        if (McpSchema.METHOD_ELICITATION_CREATE.equals(request.method())) {
                            elicitations.add(request.id());
                        } else if (McpSchema.METHOD_ROOTS_LIST.equals(request.method())) {
                            rootsLists.add(request.id());
                        }
                        if (closing && unanswered.remove(request.id()) != null) {
                            elicitations.remove(request.id());
                            rootsLists.remove(request.id());
                            // No answer can come (end() fails the requests it finds): fail now rather than wait for
                            // the request's timeout.
                            throw new IllegalStateException("the client's connection is closed");
                        }
                        write(message);
                    }
                    return;
                }
                write(message);
            });
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
            return json.convertValue(data, type);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.fromRunnable(() -> closing = true);
        }

        @Override
        public void close() {
            closing = true;
        }
    }
}
