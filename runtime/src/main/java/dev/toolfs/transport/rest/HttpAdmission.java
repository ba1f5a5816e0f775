package dev.toolfs.transport.rest;

import java.util.List;

import dev.toolfs.config.ToolFsConfig;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/**
 * Who may use the HTTP endpoints (REST, and in the sidecar {@code /mcp} and {@code /q}), checked in this order and
 * answered with a JSON {@code {"error": "…"}}: the bearer token when one is configured (401), a foreign browser
 * {@code Origin} (403), and on a loopback listener a foreign {@code Host}, the sign of DNS rebinding (403).
 */
public final class HttpAdmission {

    private final ToolFsConfig config;
    private final boolean loopback;

    public HttpAdmission(ToolFsConfig config) {
        this.config = config;
        this.loopback = BrowserOrigins.loopbackListener();
    }

    /** True when the request may go on; otherwise it has been answered. */
    public boolean admit(RoutingContext ctx) {
        // A token with non-ASCII characters comes as UTF-8 bytes, which HTTP hands over one character each. A browser's
        // CORS preflight never carries credentials (found by black-box testing: with a token set, every preflight got
        // 401, so no browser client could call): it is judged by its origin and host alone, and asks nothing.
        // Two tokens: only the first was checked, so a wrong one after the right one went unseen (found by a review).
        int tokens = ctx.request().headers().getAll("Authorization").size();
        if (tokens > 1 && config.auth().token().isPresent()) {
            fail(ctx, 400, "the request has " + tokens + " Authorization headers; send one");
            return false;
        }
        if (!isPreflight(ctx.request()) && !BearerToken.accepts(config.auth().token(), HeaderText.utf8(ctx.request().getHeader("Authorization")))) {
            ctx.response().putHeader("WWW-Authenticate", "Bearer");
            fail(ctx, 401, BearerToken.MISSING);
            return false;
        }
        // Two of a header that decides admission: which one counts would be the reader's guess (found by black-box
        // testing: only the first was checked). HTTP itself refuses a second Host (RFC 9112).
        int hosts = ctx.request().headers().getAll("Host").size();
        if (hosts > 1) {
            fail(ctx, 400, "the request has " + hosts + " Host headers; send one");
            return false;
        }
        int sentOrigins = ctx.request().headers().getAll("Origin").size();
        if (sentOrigins > 1) {
            fail(ctx, 403, "the request has " + sentOrigins + " Origin headers; a browser sends one");
            return false;
        }
        List<String> origins = config.mcp().allowedOrigins().orElse(List.of());
        String origin = ctx.request().getHeader("Origin");
        if (!BrowserOrigins.allowed(origin, origins)) {
            fail(ctx, 403, BrowserOrigins.refusal(origin));
            return false;
        }
        if (origin != null) {
            BrowserOrigins.configuredSpelling(origin, origins).filter(c -> !c.equals(origin))
                    .ifPresent(c -> ctx.request().headers().set("Origin", c));
        }
        String host = hostOf(ctx.request());
        if (loopback && !BrowserOrigins.hostAllowed(host, origins)) {
            fail(ctx, 403, BrowserOrigins.hostRefusal(host));
            return false;
        }
        return true;
    }

    /** A browser's CORS preflight: OPTIONS, with an Origin and the method it asks about. */
    static boolean isPreflight(io.vertx.core.http.HttpServerRequest request) {
        return request.method() == io.vertx.core.http.HttpMethod.OPTIONS && request.getHeader("Origin") != null
                && request.getHeader("Access-Control-Request-Method") != null;
    }

    /** The host a request names: its Host header, or over HTTP/2 its {@code :authority}, which HTTP/2 sends instead. */
    static String hostOf(io.vertx.core.http.HttpServerRequest request) {
        String host = request.getHeader("Host");
        if (host == null && request.version() == io.vertx.core.http.HttpVersion.HTTP_2) {
            io.vertx.core.net.HostAndPort authority = request.authority();
            if (authority != null) {
                host = authority.port() >= 0 ? authority.host() + ":" + authority.port() : authority.host();
            }
        }
        return host;
    }

    /** A protocol failure's JSON answer. */
    public static void fail(RoutingContext ctx, int status, String message) {
        ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json; charset=utf-8")
                .end(new JsonObject().put("error", message).encode());
    }
}
