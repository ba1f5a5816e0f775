package dev.toolfs.transport.mcp;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.util.Optional;


import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.transport.rest.BodyLimitHandler;
import dev.toolfs.transport.rest.BodyLimits;
import dev.toolfs.transport.rest.HttpAdmission;
import dev.toolfs.transport.rest.RestFailureHandler;
import io.modelcontextprotocol.spec.McpSchema;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;

/**
 * In front of {@code /mcp} and of Quarkus' own endpoints under {@code /q} (health, metrics): the same admission as
 * the REST API ({@link HttpAdmission}), and for {@code /mcp} the body limit (413), each answered with a JSON
 * {@code {"error": "…"}}.
 */
@Singleton
public class McpHttpGuard {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(McpHttpGuard.class);

    @Inject
    ToolFsConfig config;

    /** The library's sessions: the guard leaves a message of one it does not know to the library's 404. */
    @Inject
    io.quarkiverse.mcp.server.runtime.ConnectionManager connections;

    @Inject
    ServerRequestOwners owners;

    @Inject
    AnswersInFlight answers;

    private HttpAdmission admission;
    private BodyLimitHandler bodyLimit;
    private McpSessionRoom sessions;
    private final SessionStreams streams = new SessionStreams();

    /**
     * The largest {@code initialize} message, in bytes and in JSON values: real ones take a few hundred bytes and a few
     * dozen values, and the library keeps each, as it read it, for as long as its session lasts. Found by black-box
     * testing: 64 KiB of empty arrays took 1.1 MB of heap a session.
     */
    static final int MAX_INITIALIZE_BYTES = 64 * 1024;
    static final int MAX_INITIALIZE_VALUES = 1000;
    static final String INITIALIZE_TOO_LARGE = "Invalid Request: an initialize message is limited to "
            + MAX_INITIALIZE_BYTES + " bytes and " + MAX_INITIALIZE_VALUES + " JSON values";

    void install(@Observes Router router) {
        // Vert.x's own mapper reads the MCP library's messages (and every JsonObject's).
        dev.toolfs.sidecar.SidecarJson.untrustedNames(io.vertx.core.json.jackson.DatabindCodec.mapper());
        admission = new HttpAdmission(config);
        sessions = new McpSessionRoom(McpSessionRoom.bound(config.sessions().max(), Runtime.getRuntime().maxMemory()),
                () -> java.util.stream.StreamSupport.stream(connections.spliterator(), false).map(c -> c.id()).iterator(),
                connections::has, id -> {
                    connections.remove(id);
                    streams.ended(id);
                });
        // The REST API's own limit and answer, judged on the declared length before the body is read.
        BodyLimits limits = BodyLimits.configured();
        bodyLimit = new BodyLimitHandler(limits);
        // Runs before the MCP server's own routes.
        router.route("/mcp*").order(Integer.MIN_VALUE + 100).handler(ctx -> {
            if (admission.admit(ctx)) {
                String named = ctx.request().getHeader("Mcp-Session-Id");
                if (named != null && named.isBlank()) {
                    // No session yet: the library took an empty id for an unknown one, and answered an initialize 404,
                    // which its client meets by initializing again (found by black-box testing).
                    ctx.request().headers().remove("Mcp-Session-Id");
                }
                if (otherTransports(ctx) || unspokenVersion(ctx)) {
                    return;
                }
                sessions.used(sessionOf(ctx));
                if (ctx.request().method() == HttpMethod.GET && "/mcp/sse".equals(ctx.normalizedPath())) {
                    sessions.makeRoom(); // the older transport's session begins with its event stream
                }
                String session = sessionOf(ctx);
                if (ctx.request().method() == HttpMethod.GET && "/mcp".equals(ctx.normalizedPath())) {
                    if (!AcceptHeader.accepts(ctx.request().headers().getAll("Accept"), "text/event-stream")) {
                        // The library streamed to a client that said it takes no event stream (found by black-box
                        // testing); a POST is refused the same way.
                        HttpAdmission.fail(ctx, 406, GET_ACCEPTS_STREAM);
                        return;
                    }
                    if (session == null) {
                        // The library's 405 for a stream without a session named no methods, which a 405 must.
                        ctx.response().putHeader("Allow", "GET, POST, DELETE");
                    } else {
                        streams.opened(session, ctx.response(), forget -> ctx.addEndHandler(done -> forget.run()));
                    }
                }
                // Admitted with scheme and host in any case; the library compares them as written.
                String origin = ctx.request().getHeader("Origin");
                String lower = origin == null ? null : origin.toLowerCase(java.util.Locale.ROOT);
                if (origin != null && !origin.equals(lower)) {
                    ctx.request().headers().set("Origin", lower);
                }
                if (ctx.request().method() == HttpMethod.POST && "/mcp".equals(ctx.normalizedPath()) && !acceptBoth(ctx)) {
                    return;
                }
                // As for REST: the body is JSON whatever its Content-Type (a form one would be decoded as fields).
                dev.toolfs.transport.rest.BodyAsJson.mark(ctx);
                bodyLimit.handle(ctx);
            }
        });
        // A message the library cannot read is answered here: it would answer some with an internal error or an HTTP
        // 500, and leave the client of some waiting for ever. The body handler reads the body once, for this guard and
        // the library (which sees it was read).
        // The body handler stops at the smaller limit: at Quarkus' alone, a chunked body of 60 MB was kept whole before
        // Tool FS's was judged (found by black-box testing: one such request ran a 64 MiB heap out).
        long limit = limits.effective();
        RestFailureHandler tooLarge = new RestFailureHandler(limits);
        // Streamable HTTP answers in the POST's response: the JSON-RPC error, as the library would.
        guardCalls(router.route("/mcp").method(HttpMethod.POST), limit, tooLarge, 200);
        // The older SSE transport answers on its event stream, which only the library can write to: the POST itself
        // is refused (400, the JSON-RPC error as its body), so that the client's request fails instead of waiting.
        guardCalls(router.route("/mcp/messages/*").method(HttpMethod.POST), limit, tooLarge, 400);
        // Ending a session names it: without the header the library answered 404 (no such session), where MCP asks
        // for 400 (a request that lacks it).
        router.route("/mcp").method(HttpMethod.DELETE).order(Integer.MIN_VALUE + 101).handler(ctx -> {
            if (ctx.request().getHeader("Mcp-Session-Id") == null) {
                HttpAdmission.fail(ctx, 400, "DELETE /mcp ends a session: send its Mcp-Session-Id header");
            } else {
                String session = ctx.request().getHeader("Mcp-Session-Id");
                ctx.addEndHandler(done -> {
                    if (!connections.has(session)) {
                        streams.ended(session);
                    }
                });
                ctx.next();
            }
        });
        // Health and metrics show the workspace's paths and the calls made: the same rules.
        router.route("/q/*").order(Integer.MIN_VALUE + 100).handler(ctx -> {
            if (admission.admit(ctx)) {
                ctx.next();
            }
        });
    }

    private void guardCalls(Route route, long limit, RestFailureHandler tooLarge, int status) {
        route.order(Integer.MIN_VALUE + 101)
                .handler(BodyHandler.create(false).setBodyLimit(limit))
                .handler(bodyLimit) // again, now that a chunked body has its length
                .handler(ctx -> answerMalformedCall(ctx, status))
                .handler(this::beforeTheLibrary)
                // Only this route's own failure (a body over the limit); the library answers its own.
                .failureHandler(ctx -> {
                    if (ctx.failure() instanceof io.vertx.core.http.HttpClosedException) {
                        // The client went away before its body was whole: nothing to answer, nothing the operator need
                        // do (Quarkus' own handler would log it as an ERROR with a stack trace); its room is given back.
                        LOG.debugf("%s %s: the client closed the connection before its body was whole",
                                ctx.request().method(), ctx.request().path());
                        return;
                    }
                    boolean open = !ctx.response().headWritten();
                    // The library refuses a POST's headers with an empty 400, its reason only in the server's log.
                    String why = open && status == 200 && ctx.statusCode() == 400 && ctx.failure() == null
                            ? whyRefused(ctx.request()) : null;
                    if (open && (ctx.statusCode() == 413 || ctx.statusCode() == 417)) {
                        tooLarge.handle(ctx);
                    } else if (why != null) {
                        HttpAdmission.fail(ctx, 400, why);
                    } else {
                        ctx.next();
                    }
                });
    }

    /**
     * A request to Streamable HTTP's endpoint whose {@code MCP-Protocol-Version} the server does not speak, answered 400
     * with why, whatever its method, before the library makes a session for it: the library refused a POST's with an
     * empty 400 (and kept a session it had made for it), and did not look at a GET's or DELETE's (both found by
     * black-box testing; MCP asks for a 400 on every request).
     */
    private static boolean unspokenVersion(RoutingContext ctx) {
        if (!isStreamable(ctx) || "/mcp/sse".equals(ctx.normalizedPath())) {
            return false;
        }
        String version = ctx.request().getHeader("MCP-Protocol-Version");
        if (version == null
                || io.quarkiverse.mcp.server.runtime.McpMessageHandler.SUPPORTED_PROTOCOL_VERSIONS.contains(version)) {
            return false;
        }
        HttpAdmission.fail(ctx, 400, unspoken(version));
        return true;
    }

    static String unspoken(String version) {
        return "the MCP-Protocol-Version header \"" + version + "\" is not a version this server speaks; send the version"
                + " its initialize answer gave";
    }

    /**
     * Passed on to the library, which makes a session for any POST to /mcp without one once its Accept header passes
     * (not only for an initialize), and kept one it then refused for its protocol version: that refusal is made here
     * first, and room is made for the session to come (found by black-box testing: a refused request ended another
     * client's session).
     */
    private void beforeTheLibrary(RoutingContext ctx) {
        if (isStreamable(ctx)) {
            // A protocol version the server does not speak was refused before (unspokenVersion).
            if (ctx.request().getHeader("Mcp-Session-Id") == null && acceptsBoth(ctx.request())) {
                sessions.makeRoom();
            }
        }
        ctx.next();
    }

    /** Whether the Accept header names both types, as the library looks for them. */
    private static boolean acceptsBoth(io.vertx.core.http.HttpServerRequest request) {
        String all = String.join(",", request.headers().getAll("Accept"));
        return all.contains("application/json") && all.contains("text/event-stream");
    }

    static final String GET_ACCEPTS_STREAM = "GET /mcp opens the session's event stream: it needs an Accept header that"
            + " lists text/event-stream, as Streamable HTTP asks";

    static final String ACCEPT_BOTH = "POST /mcp needs an Accept header that lists both application/json and"
            + " text/event-stream, as Streamable HTTP asks";

    /**
     * A request without an Accept header, or with one whose wildcard takes both types ({@code *}{@code /*},
     * {@code application/*} with {@code text/*}), accepts what Streamable HTTP answers with (RFC 9110): the library
     * looks for the two names only, and refused these.
     */
    private static boolean acceptBoth(RoutingContext ctx) {
        java.util.List<String> accept = ctx.request().headers().getAll("Accept");
        if (!AcceptHeader.accepts(accept, "application/json") || !AcceptHeader.accepts(accept, "text/event-stream")) {
            HttpAdmission.fail(ctx, 400, ACCEPT_BOTH);
            return false;
        }
        // The library looks for the two names as spelled.
        ctx.request().headers().set("Accept", "application/json, text/event-stream");
        return true;
    }

    /** Why the library refused a POST's headers, as it judges them; null when it is none of these. */
    private static String whyRefused(io.vertx.core.http.HttpServerRequest request) {
        // A protocol version it does not speak was refused before it (beforeTheLibrary).
        return acceptsBoth(request) ? null : ACCEPT_BOTH;
    }

    /** The largest body read on the event loop (about a millisecond's work); a larger one is read off it. */
    private static final int ON_LOOP_BYTES = 64 * 1024;

    private void answerMalformedCall(RoutingContext ctx, int status) {
        String session = ctx.request().getHeader("Mcp-Session-Id");
        // Only on Streamable HTTP's endpoint: the older SSE transport takes its session from the path, whatever the
        // header says (a bogus header there once let a response past the check below).
        if (isStreamable(ctx) && session != null && !connections.has(session)) {
            // A session that ended or never was: the library answers 404, as MCP asks, before it reads the body.
            ctx.next();
            return;
        }
        Buffer body = ctx.body() == null || ctx.body().buffer() == null ? Buffer.buffer() : ctx.body().buffer();
        // One strict pass, to the end of the body, finds all that this guard needs to know.
        offLoopIfLarge(ctx, body, () -> McpRequestBody.read(body.getByteBuf()),
                request -> answerMalformedCall(ctx, status, body, request));
    }

    /**
     * Runs {@code work} on the body, then {@code then} on the event loop: a body of a large file takes tens of
     * milliseconds for 10 MiB to read (or write again), which other connections must not wait for, so a large one's
     * work runs off the event loop.
     */
    private static <T> void offLoopIfLarge(RoutingContext ctx, Buffer body, java.util.concurrent.Callable<T> work,
            java.util.function.Consumer<T> then) {
        if (body.length() <= ON_LOOP_BYTES) {
            T result;
            try {
                result = work.call();
            } catch (Exception e) {
                ctx.fail(e);
                return;
            }
            then.accept(result);
            return;
        }
        ctx.vertx().executeBlocking(work, false).onComplete(done -> {
            if (done.succeeded()) {
                then.accept(done.result());
            } else {
                ctx.fail(done.cause());
            }
        });
    }

    private void answerMalformedCall(RoutingContext ctx, int status, Buffer body, McpRequestBody request) {
        if (request.notAMessage() != null) {
            // The library fails on these with an HTTP 500 (and a stack trace in the log).
            ctx.response().setStatusCode(400).putHeader("Content-Type", "application/json")
                    .end(new JsonObject().put("jsonrpc", "2.0").putNull("id").put("error", request.notAMessage()).encode());
            return;
        }
        if (!request.jsonRpc20()) {
            // The library took any version, or none.
            refuse(ctx, status, request, McpSchema.ErrorCodes.INVALID_REQUEST, McpRequestBody.NOT_JSON_RPC_20);
            return;
        }
        if (request.methodSeen() && request.method() == null) {
            // The library answered "method not found" with the value as its name.
            refuse(ctx, status, request, McpSchema.ErrorCodes.INVALID_REQUEST, METHOD_NOT_A_STRING);
            return;
        }
        if (request.methodSeen() && request.answers() > 0) {
            // A request and a response at once: the library took it for a response and left the request unanswered.
            refuse(ctx, status, request, McpSchema.ErrorCodes.INVALID_REQUEST, NOT_ONE_KIND);
            return;
        }
        if (request.methodSeen() && request.idSeen() && !request.idValid()) {
            // MCP: a request's id is a string or an integer, never null. The library echoed any back (a result with a
            // null id answers no request) and opened a session for an initialize with a null id; stdio refuses them.
            answer(ctx, status, null, McpSchema.ErrorCodes.INVALID_REQUEST, BAD_ID);
            return;
        }
        if (!request.methodSeen()) {
            if (request.answers() != 1 || !request.idSeen()) {
                // Neither a request nor one response: the library accepted it (202) as a response to nothing.
                answer(ctx, 400, null, McpSchema.ErrorCodes.INVALID_REQUEST, NOT_ONE_KIND);
            } else if (!(request.id() instanceof Integer || request.id() instanceof Long)) {
                // A response to a request of the server's, whose ids are 64-bit integers: another id answers none of
                // them (the library failed on it with an HTTP 500).
                answer(ctx, 400, null, McpSchema.ErrorCodes.INVALID_REQUEST, NO_SUCH_REQUEST);
            } else {
                answerResponse(ctx, ((Number) request.id()).longValue(), request.errorSeen(), body);
            }
            return;
        }
        if (!request.idSeen() && !CLIENT_NOTIFICATIONS.contains(request.method())) {
            // A notification the server does not know is not answered (202), as MCP asks: the library answered it
            // with an error, which no notification gets.
            ctx.response().setStatusCode(202).end();
            return;
        }
        if (!request.idSeen() && status == 200 && ctx.request().getHeader("Mcp-Session-Id") == null) {
            // A notification of MCP's without a session: the library answered HTTP 200 with a JSON-RPC error, where
            // Streamable HTTP asks for an HTTP error status for a notification not accepted (found by black-box testing).
            answer(ctx, 400, null, McpSchema.ErrorCodes.INVALID_REQUEST, NOTIFICATION_WITHOUT_SESSION);
            return;
        }
        if (request.idSeen() && status == 200 && ctx.request().getHeader("Mcp-Session-Id") == null
                && !McpSchema.METHOD_INITIALIZE.equals(request.method())) {
            // A request outside a session: the library answered -32601, "method not found", for methods it serves
            // (found by black-box testing). Streamable HTTP asks for a 400 here.
            answer(ctx, 400, request.id(), McpSchema.ErrorCodes.INVALID_REQUEST, REQUEST_WITHOUT_SESSION);
            return;
        }
        if (request.idSeen() && request.method().startsWith("notifications/")) {
            // A notification sent as a request: the library ran some (a cancellation) and answered an empty HTTP 200,
            // which answers no request (found by black-box testing). Refused, not run, as stdio refuses it.
            refuse(ctx, status, request, McpSchema.ErrorCodes.INVALID_REQUEST, notificationWithId(request.method()));
            return;
        }
        if (request.params().present() && !request.params().object() && !McpSchema.METHOD_INITIALIZE.equals(request.method())
                && !McpSchema.METHOD_TOOLS_CALL.equals(request.method())) { // those two are answered with their own rule below
            // MCP's params are always an object: the library left such a request unanswered for ever.
            refuse(ctx, status, request, McpSchema.ErrorCodes.INVALID_PARAMS, McpTexts.PARAMS_NOT_AN_OBJECT);
            return;
        }
        if (McpSchema.METHOD_LOGGING_SET_LEVEL.equals(request.method()) && !request.params().level()) {
            // A request: a notification was answered above.
            // The library failed on a missing level with an HTTP 500, and answered an unknown one as an invalid
            // request (-32600), where MCP asks for invalid params.
            refuse(ctx, status, request, McpSchema.ErrorCodes.INVALID_PARAMS, McpTexts.SET_LEVEL);
            return;
        }
        if (McpSchema.METHOD_INITIALIZE.equals(request.method())) {
            // Read whole once more (once a session).
            offLoopIfLarge(ctx, body, () -> InitializeShape.malformedId(body.getByteBuf()),
                    malformedId -> answerInitialize(ctx, status, malformedId, body.length(), request));
            return;
        }
        if (request.idSeen() && !SERVED.contains(request.method())) { // notifications were judged above
            // The library serves resources, prompts and completions whatever the server declared (empty lists, its
            // own errors), and calls any other method "Unsupported"; the server offers none of them, and stdio
            // answers that the method is not found, as JSON-RPC asks (found by black-box testing).
            refuse(ctx, status, request, McpSchema.ErrorCodes.METHOD_NOT_FOUND, "Method not found: " + methodShown(request.method()));
            return;
        }
        if (!McpSchema.METHOD_TOOLS_CALL.equals(request.method())) {
            ctx.next();
            return;
        }
        switch (ToolsCallShape.verdict(request)) {
            case MALFORMED -> answer(ctx, status, request.id(), McpSchema.ErrorCodes.INVALID_PARAMS, ToolsCallShape.MESSAGE);
            case BAD_ID -> answer(ctx, status, null, McpSchema.ErrorCodes.INVALID_REQUEST, BAD_ID);
            case NULL_ARGUMENTS -> {
                // The library cannot hold a null argument (it failed with an internal error): each goes through as
                // a marker the tools' handler turns back into null, so a null reads as it does over stdio and REST.
                offLoopIfLarge(ctx, body, () -> {
                    JsonObject call = new JsonObject(body);
                    JsonObject arguments = call.getJsonObject("params").getJsonObject("arguments");
                    for (String name : arguments.fieldNames()) {
                        if (arguments.getValue(name) == null) {
                            arguments.put(name, new JsonObject().put(McpHttpTools.NULL_MARKER, true));
                        }
                    }
                    return call.toBuffer();
                }, rewritten -> {
                    ctx.setBody(rewritten);
                    followAnswer(ctx, request);
                    ctx.next();
                });
            }
            case FINE -> {
                followAnswer(ctx, request);
                ctx.next();
            }
        }
    }

    /** Over Streamable HTTP a call's answer is this POST's response: what its result holds waits for it. */
    private void followAnswer(RoutingContext ctx, McpRequestBody request) {
        if (isStreamable(ctx)) {
            answers.opened(ctx, sessionOf(ctx), request.id());
        }
    }

    /**
     * A response reaches the library only from the session its request was sent on: the library takes an answer by its
     * id alone, and any client could otherwise answer (approve) another session's request.
     */
    private void answerResponse(RoutingContext ctx, long id, boolean error, Buffer body) {
        String session = sessionOf(ctx);
        if (session == null) {
            answer(ctx, 400, null, McpSchema.ErrorCodes.INVALID_REQUEST, RESPONSE_WITHOUT_SESSION);
            return;
        }
        switch (owners.owner(id, session)) {
            case THIS_SESSION -> {
                if (!error && owners.elicitation(id)) {
                    offLoopIfLarge(ctx, body, () -> asElicitationResult(body), read -> {
                        if (read.isEmpty()) {
                            // The library fails on it with an HTTP 500 and keeps waiting: found by black-box testing.
                            owners.failed(id, session, NOT_AN_ELICITATION_RESULT);
                            ctx.response().setStatusCode(202).end();
                        } else {
                            ctx.setBody(read.get());
                            ctx.next();
                        }
                    });
                    return;
                }
                if (!error) {
                    // A roots list the library cannot read (see RootsResults): it failed the POST with an HTTP 500 and
                    // kept waiting for its time limit (found by black-box testing). Taken as an error answer is taken:
                    // the first root, at once. The body was read strictly as one object before.
                    offLoopIfLarge(ctx, body, () -> RootsResults.readable(new JsonObject(body).getValue("result")),
                            readable -> {
                                if (readable) {
                                    ctx.next();
                                } else {
                                    owners.failed(id, session, RootsResults.NOT_A_ROOTS_RESULT);
                                    ctx.response().setStatusCode(202).end();
                                }
                            });
                    return;
                }
                // Taken here, never passed on: the library fails on an error answer with an HTTP 500 and keeps
                // waiting. One whose request has just ended answers nothing any more.
                offLoopIfLarge(ctx, body, () -> errorOf(body), text -> {
                    owners.failed(id, session, text);
                    ctx.response().setStatusCode(202).end();
                });
            }
            // Dropped as one that answers nothing is, so that no client learns another session has a request open.
            case ANOTHER_SESSION, NONE -> ctx.response().setStatusCode(202).end();
        }
    }

    static final String NOT_AN_ELICITATION_RESULT = ElicitationResults.NOT_AN_ELICITATION_RESULT;

    /** The requests the server serves: those of the capabilities it declares (tools, logging) and MCP's base. */
    static final java.util.Set<String> SERVED = java.util.Set.of(McpSchema.METHOD_INITIALIZE, McpSchema.METHOD_PING,
            McpSchema.METHOD_TOOLS_LIST, McpSchema.METHOD_TOOLS_CALL, McpSchema.METHOD_LOGGING_SET_LEVEL);

    /**
     * An elicitation's answer as the library should read it (see {@link ElicitationResults}), or empty when it is no
     * elicitation result.
     */
    static Optional<Buffer> asElicitationResult(Buffer body) {
        JsonObject answer = new JsonObject(body); // read strictly as one object before
        Object result = answer.getValue("result");
        Object fieldsRead = result;
        if (result instanceof JsonObject o) {
            // Its two fields as plain values (Vert.x may hold an object as a JsonObject, which is no Map).
            java.util.Map<String, Object> plain = new java.util.HashMap<>();
            plain.put("action", o.getValue("action"));
            Object content = o.getValue("content");
            plain.put("content", content instanceof JsonObject c ? c.getMap() : content);
            fieldsRead = plain;
        }
        String action = ElicitationResults.action(fieldsRead);
        if (action == null) {
            return Optional.empty();
        }
        JsonObject fields = answer.getJsonObject("result");
        if (!action.equals(fields.getString("action"))) {
            fields.put("action", action);
            return Optional.of(answer.toBuffer());
        }
        return Optional.of(body);
    }

    /**
     * The text of an error answer's {@code error}, whatever its shape: its message, or else its code, or else the value
     * as sent.
     */
    static String errorOf(Buffer body) {
        Object error = new JsonObject(body).getValue("error"); // read strictly as one object before
        if (error instanceof JsonObject e) {
            Object message = e.getValue("message");
            if (message instanceof String m && !m.isBlank()) {
                return m;
            }
            if (e.getValue("code") != null) {
                return "error " + e.getValue("code");
            }
        }
        return "an error answer: " + (error == null ? "null" : error.toString());
    }

    /**
     * The session a message came on, as the library takes it: its header over Streamable HTTP, its path over the older
     * SSE transport (where the library ignores the header).
     */
    private static String sessionOf(RoutingContext ctx) {
        if (isStreamable(ctx)) {
            return ctx.request().getHeader("Mcp-Session-Id");
        }
        String path = ctx.normalizedPath();
        String prefix = "/mcp/messages/";
        return path.startsWith(prefix) && path.length() > prefix.length() ? path.substring(prefix.length()) : null;
    }

    /**
     * Whether the request names a session of the other HTTP transport, and has been answered 404, as a session unknown
     * here is: the library failed such a request with an HTTP 500 and an ERROR in the log (found by black-box testing; a
     * client that falls back from one transport to the other may keep its id).
     */
    private boolean otherTransports(RoutingContext ctx) {
        String session = sessionOf(ctx);
        if (session == null || "/mcp/sse".equals(ctx.normalizedPath())) {
            return false;
        }
        io.quarkiverse.mcp.server.runtime.McpConnectionBase connection = connections.get(session);
        // The library's two kinds of HTTP session; only the older one's class is visible.
        boolean streamable = !(connection instanceof io.quarkiverse.mcp.server.http.runtime.SseMcpConnection);
        if (connection == null || streamable == isStreamable(ctx)) {
            return false;
        }
        HttpAdmission.fail(ctx, 404, streamable
                ? "session " + session + " is a Streamable HTTP session: send its messages to /mcp, with its Mcp-Session-Id"
                : "session " + session + " is a session of the older HTTP+SSE transport: send its messages to the"
                        + " endpoint its /mcp/sse stream named; for /mcp, initialize a session there");
        return true;
    }

    /** Streamable HTTP's endpoint, which the library serves at {@code /mcp} and {@code /mcp/} alike. */
    private static boolean isStreamable(RoutingContext ctx) {
        return !ctx.normalizedPath().startsWith("/mcp/messages/");
    }

    static final String RESPONSE_WITHOUT_SESSION = "Invalid Request: a response must be sent with the Mcp-Session-Id of"
            + " the session its request came on";

    /** The notifications MCP has a client send a server. */
    static final java.util.Set<String> CLIENT_NOTIFICATIONS = java.util.Set.of(McpSchema.METHOD_NOTIFICATION_INITIALIZED,
            ClientWait.CANCELLED, McpSchema.METHOD_NOTIFICATION_PROGRESS,
            McpSchema.METHOD_NOTIFICATION_ROOTS_LIST_CHANGED);

    static final String METHOD_NOT_A_STRING = "Invalid Request: the method must be a string";

    static final String INITIALIZED_ALREADY = "Invalid Request: this session is initialized already; to start a new"
            + " one, send initialize without an Mcp-Session-Id";

    static final String REQUEST_WITHOUT_SESSION = "Invalid Request: a request other than initialize is sent in a"
            + " session, with its Mcp-Session-Id; initialize one first";

    /** A method's name as an error shows it: a long one cut (a name of 3 MB came back whole). */
    static String methodShown(String method) {
        return method.length() <= 200 ? method : method.substring(0, 200) + "… (" + method.length() + " characters)";
    }

    static final String NOTIFICATION_WITHOUT_SESSION = "Invalid Request: a notification is sent in a session, with its"
            + " Mcp-Session-Id; initialize one first";

    static String notificationWithId(String method) {
        return "Invalid Request: " + methodShown(method) + " is a notification: send it without an id";
    }
    static final String NOT_ONE_KIND = "Invalid Request: " + JsonRpcMessages.NOT_ONE_KIND;
    static final String NO_SUCH_REQUEST = "Invalid Request: a response must carry the integer id of the server's request";

    /**
     * Answers a message the guard refuses: a request in the POST's answer, as the library would, with its id (null when
     * the id is none JSON-RPC allows); a notification or a response, which no answer is for, with HTTP 400, as
     * Streamable HTTP asks.
     */
    private static void refuse(RoutingContext ctx, int status, McpRequestBody message, int code, String text) {
        boolean request = message.methodSeen() && message.idSeen();
        answer(ctx, request ? status : 400, request && message.idValid() ? message.id() : null, code, text);
    }

    private static void answerInitialize(RoutingContext ctx, int status, Optional<Object> malformedId, int length,
            McpRequestBody request) {
        if (malformedId.isPresent()) {
            answer(ctx, status, malformedId.get(), McpSchema.ErrorCodes.INVALID_PARAMS, InitializeShape.MESSAGE);
        } else if (length > MAX_INITIALIZE_BYTES || request.values() > MAX_INITIALIZE_VALUES) {
            refuse(ctx, status, request, McpSchema.ErrorCodes.INVALID_REQUEST, INITIALIZE_TOO_LARGE);
        } else if (status == 200 && ctx.request().getHeader("Mcp-Session-Id") != null) {
            // The library answered "Unsupported method: initialize" (found by black-box testing): the method is known,
            // the session is what is wrong.
            refuse(ctx, status, request, McpSchema.ErrorCodes.INVALID_REQUEST, INITIALIZED_ALREADY);
        } else {
            ctx.next();
        }
    }

    /** What a request id that is neither a string nor an integer gets. */
    static final String BAD_ID = "Invalid Request: the id must be a string or an integer";

    private static void answer(RoutingContext ctx, int status, Object id, int code, String message) {
        JsonObject error = new JsonObject().put("code", code).put("message", message);
        ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json")
                .end(new JsonObject().put("jsonrpc", "2.0").put("id", id).put("error", error).encode());
    }
}
