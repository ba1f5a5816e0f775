package dev.toolfs.transport.rest;

import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;

import dev.toolfs.runtime.InvalidCallException;
import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolDescriptor;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;
import dev.toolfs.runtime.UnknownToolException;
import dev.toolfs.tools.ContentBlock;
import dev.toolfs.tools.Guidance;
import io.quarkus.arc.Arc;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * The sidecar's REST API: {@code GET /tools} lists the catalog, {@code POST /tools/{name}} runs a tool. A tool
 * failure is a 200 with {@code is_error: true}; only protocol failures get other statuses, each with a JSON
 * {@code {"error": "…"}}. Runs on a worker thread.
 */
public class ToolsRestHandler implements Handler<RoutingContext> {

    private volatile ToolRuntime runtime;
    private volatile ObjectMapper mapper;
    private volatile ObjectReader bodyReader;

    private void init() {
        if (runtime == null) {
            mapper = Arc.container().instance(ObjectMapper.class).get();
            bodyReader = dev.toolfs.runtime.ArgumentsJson.reader(mapper);
            runtime = Arc.container().instance(ToolRuntime.class).get();
        }
    }

    @Override
    public void handle(RoutingContext ctx) {
        init();
        // The token, the origin and the host were checked in front of this handler (RestGuard).
        String name = ctx.pathParam("name");
        try {
            refuseRepeatedSessionHeaders(ctx);
            if (name == null) {
                if (ctx.request().method() != HttpMethod.GET) {
                    ctx.response().putHeader("Allow", "GET");
                    error(ctx, 405, "use GET /tools to list the tools, POST /tools/{name} to call one");
                    return;
                }
                list(ctx);
            } else {
                if (ctx.request().method() != HttpMethod.POST) {
                    ctx.response().putHeader("Allow", "POST");
                    error(ctx, 405, "use POST /tools/" + name + " with the tool's arguments as a JSON object");
                    return;
                }
                call(ctx, name);
            }
        } catch (UnknownToolException e) {
            error(ctx, 404, e.getMessage());
        } catch (InvalidCallException e) {
            error(ctx, 400, e.getMessage());
        }
    }

    /** The headers that say whose session a call is in, and what it may do. */
    static final List<String> SESSION_HEADERS = List.of("X-Session-Id", "X-Session-Cwd", "X-Model", "X-Session-Tools");

    /**
     * Two of a session header: which one counts would be a guess (found by black-box testing: a client's own
     * X-Session-Tools, sent before a gateway's narrower one, won), so neither does, as for Origin and Host.
     */
    private static void refuseRepeatedSessionHeaders(RoutingContext ctx) {
        for (String header : SESSION_HEADERS) {
            if (ctx.request().headers().getAll(header).size() > 1) {
                throw new InvalidCallException(header + " is sent more than once; send it once");
            }
        }
    }

    /** The call's tool session: {@code X-Session-Id}, or the default one. */
    private static String sessionId(RoutingContext ctx) {
        return Optional.ofNullable(HeaderText.utf8(ctx.request().getHeader("X-Session-Id"))).filter(s -> !s.isBlank())
                .orElse(ToolCall.DEFAULT_SESSION);
    }

    private void list(RoutingContext ctx) {
        List<String> formats = ctx.queryParam("format");
        if (formats.stream().distinct().count() > 1) {
            error(ctx, 400, "format is given more than once, as " + String.join(" and ", formats.stream().distinct()
                    .map(f -> "\"" + f + "\"").toList()) + "; give one of anthropic and openai, or no format");
            return;
        }
        String format = formats.isEmpty() ? "" : formats.get(0);
        if (!format.isEmpty() && !format.equals("anthropic") && !format.equals("openai")) {
            error(ctx, 400, "unknown format \"" + format + "\"; use anthropic or openai, or no format");
            return;
        }
        String session = sessionId(ctx);
        applySessionTools(ctx, session);
        List<Map<String, Object>> tools = runtime.tools(session).stream().map(t -> describe(t, format)).toList();
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("tools", tools);
        body.put("guidance", Guidance.sections());
        json(ctx, 200, body);
    }

    private Map<String, Object> describe(ToolDescriptor t, String format) {
        JsonNode schema = parse(t.inputSchema());
        Map<String, Object> m = new LinkedHashMap<>();
        if (format.equals("openai")) {
            Map<String, Object> fn = new LinkedHashMap<>();
            fn.put("name", t.name());
            fn.put("description", t.description());
            fn.put("parameters", schema);
            m.put("type", "function");
            m.put("function", fn);
            return m;
        }
        m.put("name", t.name());
        m.put("description", t.description());
        m.put("input_schema", schema);
        return m;
    }

    private JsonNode parse(String json) {
        try {
            return mapper.readTree(json);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final String NOT_JSON = "the request body is not valid JSON: send the tool's arguments as a JSON object";

    private void call(RoutingContext ctx, String name) {
        if (runtime.tool(name).isEmpty()) {
            throw new UnknownToolException(name, runtime.tools().stream().map(ToolDescriptor::name).toList());
        }
        Buffer raw = ctx.body().buffer();
        byte[] bytes = raw == null ? new byte[0] : raw.getBytes();
        if (bytes.length > 0 && !dev.toolfs.fs.ByteScan.isJsonText(bytes, 0, bytes.length)) {
            // The parser would take an overlong form (C0 AF) for the character it spells ("/"), and a body in UTF-16
            // for JSON.
            error(ctx, 400, NOT_JSON);
            return;
        }
        String tooMuch = dev.toolfs.runtime.ArgumentsJson.tooMuch(bodyReader, bytes);
        if (tooMuch != null) {
            error(ctx, 400, "the request body has " + tooMuch + "; send the tool's arguments");
            return;
        }
        JsonNode args;
        try {
            // Trailing text after the object is refused: a body that is not one JSON value is not what the caller meant.
            args = bytes.length == 0 ? null : bodyReader.readTree(bytes);
        } catch (com.fasterxml.jackson.core.exc.StreamConstraintsException e) {
            // Valid JSON, beyond what the parser takes (a number of over 1000 digits): no argument needs it.
            // The parser's words name its own API ("from `StreamReadConstraints…`"): not the client's concern.
            String detail = e.getOriginalMessage().replaceAll(", from `[^`]*`", "");
            error(ctx, 400, "the request body holds a value longer than any argument takes (" + detail
                    + "); send the tool's arguments with their documented types");
            return;
        } catch (java.io.IOException e) {
            error(ctx, 400, NOT_JSON);
            return;
        }
        if (args == null || !args.isObject()) {
            error(ctx, 400, "the request body must be a JSON object of the tool's arguments");
            return;
        }
        // Read before the call: a word that means neither would have silently left the bytes out.
        Set<Boolean> includeData = new java.util.HashSet<>();
        for (String v : ctx.queryParam("include_data")) {
            Boolean on = switch (v.toLowerCase(java.util.Locale.ROOT)) {
                case "", "true", "1" -> true; // a bare "?include_data" is a flag that is set
                case "false", "0" -> false;
                default -> null;
            };
            if (on == null) {
                error(ctx, 400, "include_data is \"" + v + "\"; use true or false");
                return;
            }
            includeData.add(on);
        }
        if (includeData.size() > 1) {
            error(ctx, 400, "include_data is given more than once, as true and false; give it once");
            return;
        }
        boolean withData = includeData.contains(true);
        String session = sessionId(ctx);
        Optional<String> cwd = Optional.ofNullable(ctx.request().getHeader("X-Session-Cwd")).filter(s -> !s.isBlank())
                .map(HeaderText::utf8);
        Optional<String> model = Optional.ofNullable(ctx.request().getHeader("X-Model")).filter(s -> !s.isBlank())
                .map(HeaderText::utf8);
        // Every header is checked before any changes the session: a refused request leaves it as it was (found by
        // black-box testing: a model name refused as too long came after X-Session-Tools had narrowed the session).
        cwd.ifPresent(runtime::checkSessionFolder);
        model.ifPresent(m -> ToolRuntime.checkKept("the model name", m));
        applySessionTools(ctx, session);
        AtomicBoolean cancelled = new AtomicBoolean();
        ctx.response().closeHandler(v -> cancelled.set(true));
        ToolCall toolCall = new ToolCall(session, cwd, model, cancelled::get);
        ToolResult result = runtime.executeForSending(name, args, toolCall);
        try {
            json(ctx, 200, render(result, withData)).onComplete(sent -> result.release());
        } catch (RuntimeException | Error e) {
            result.release();
            throw e;
        }
    }

    /** {@code X-Session-Tools: read,edit} restricts the session to those tools (empty value: lifts it). */
    private void applySessionTools(RoutingContext ctx, String session) {
        String header = ctx.request().getHeader("X-Session-Tools");
        if (header == null) {
            return;
        }
        header = HeaderText.utf8(header); // as the other headers: a name it does not know is shown as sent
        Set<String> names = Arrays.stream(header.split(",")).map(String::trim).filter(n -> !n.isEmpty())
                .collect(Collectors.toCollection(LinkedHashSet::new));
        List<String> known = runtime.tools().stream().map(ToolDescriptor::name).toList();
        for (String n : names) {
            if (!known.contains(n)) {
                throw new InvalidCallException("X-Session-Tools names the unknown tool \"" + n + "\"; the tools are "
                        + String.join(", ", known));
            }
        }
        runtime.restrictSession(session, names.isEmpty() ? null : names);
    }

    static Map<String, Object> render(ToolResult result, boolean withImageData) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("content", result.content().stream().map(b -> block(b, withImageData)).toList());
        body.put("is_error", result.isError());
        if (result.error() != null) {
            Map<String, Object> err = new LinkedHashMap<>();
            err.put("name", result.error().name());
            err.put("code", result.error().code());
            body.put("error", err);
        }
        body.put("metadata", result.metadata());
        return body;
    }

    private static Map<String, Object> block(ContentBlock b, boolean withData) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (b instanceof ContentBlock.Text t) {
            m.put("type", "text");
            m.put("text", t.text());
        } else if (b instanceof ContentBlock.Image i) {
            m.put("type", "image");
            m.put("media_type", i.mediaType());
            m.put("attachment_id", i.attachmentId());
            if (withData && i.data() != null) {
                m.put("data", Base64.getEncoder().encodeToString(i.data()));
            }
        }
        return m;
    }

    /** Sends the body; the result completes once it is written to the connection, or failed to be. */
    private io.vertx.core.Future<Void> json(RoutingContext ctx, int status, Object body) {
        if (ctx.response().ended() || ctx.response().closed()) {
            return io.vertx.core.Future.succeededFuture();
        }
        try {
            byte[] bytes = mapper.writeValueAsBytes(body);
            return ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json; charset=utf-8")
                    .end(Buffer.buffer(bytes));
        } catch (java.io.IOException e) {
            ctx.fail(e);
            return io.vertx.core.Future.failedFuture(e);
        }
    }

    private void error(RoutingContext ctx, int status, String message) {
        json(ctx, status, Map.of("error", message));
    }
}
