package dev.toolfs.transport.mcp;

import java.util.List;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.transport.rest.BearerToken;
import dev.toolfs.transport.rest.BodyLimitHandler;
import dev.toolfs.transport.rest.BrowserOrigins;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * In front of {@code /mcp}: the bearer token when one is configured (401), the {@code Origin} check against DNS
 * rebinding (403), and the body limit (413), each answered with a JSON {@code {"error": "…"}}. In front of Quarkus'
 * own endpoints under {@code /q} (health, metrics): the bearer token.
 */
@Singleton
public class McpHttpGuard {

    @Inject
    ToolFsConfig config;

    private BodyLimitHandler bodyLimit;
    private boolean loopback;

    void install(@Observes Router router) {
        loopback = BrowserOrigins.loopbackListener();
        // The REST API's own limit and answer, judged on the declared length before the body is read.
        bodyLimit = new BodyLimitHandler(config.rest().maxBodySize().asLongValue());
        // Runs before the MCP server's own routes.
        router.route("/mcp*").order(Integer.MIN_VALUE + 100).handler(this::guard);
        // Health and metrics show the workspace's paths and the calls made: with a token, they want it too.
        router.route("/q/*").order(Integer.MIN_VALUE + 100).handler(this::tokenOnly);
    }

    void tokenOnly(RoutingContext ctx) {
        if (!BearerToken.accepts(config.auth().token(), ctx.request().getHeader("Authorization"))) {
            ctx.response().putHeader("WWW-Authenticate", "Bearer");
            fail(ctx, 401, BearerToken.MISSING);
            return;
        }
        if (hostAllowed(ctx)) {
            ctx.next();
        }
    }

    /** False (and answered 403) for a request that reached this loopback server under a foreign host name. */
    private boolean hostAllowed(RoutingContext ctx) {
        String host = ctx.request().getHeader("Host");
        if (loopback && !BrowserOrigins.hostAllowed(host, config.mcp().allowedOrigins().orElse(List.of()))) {
            fail(ctx, 403, BrowserOrigins.hostRefusal(host));
            return false;
        }
        return true;
    }

    void guard(RoutingContext ctx) {
        if (!BearerToken.accepts(config.auth().token(), ctx.request().getHeader("Authorization"))) {
            ctx.response().putHeader("WWW-Authenticate", "Bearer");
            fail(ctx, 401, BearerToken.MISSING);
            return;
        }
        String origin = ctx.request().getHeader("Origin");
        if (!BrowserOrigins.allowed(origin, config.mcp().allowedOrigins().orElse(List.of()))) {
            fail(ctx, 403, BrowserOrigins.refusal(origin));
            return;
        }
        if (!hostAllowed(ctx)) {
            return;
        }
        bodyLimit.handle(ctx);
    }

    private static void fail(RoutingContext ctx, int status, String message) {
        ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json; charset=utf-8")
                .end(new JsonObject().put("error", message).encode());
    }
}
