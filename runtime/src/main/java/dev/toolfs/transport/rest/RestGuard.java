package dev.toolfs.transport.rest;

import java.util.List;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import dev.toolfs.config.ToolFsConfig;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * In front of {@code /tools} and {@code /approvals}, before Quarkus' own handlers: the bearer token when one is
 * configured (401), then a foreign browser origin gets 403
 * (a page the user visits must not write files or approve escalations through a loopback server), and a body declared
 * over {@code quarkus.tool-fs.rest.max-body-size} gets the JSON 413 before anything is read, even when Quarkus' own
 * limit would refuse it first with an empty answer.
 */
// No scope annotation: the build makes it a bean only when the REST API is on (see ToolFsProcessor).
public class RestGuard {

    @Inject
    ToolFsConfig config;

    private BodyLimitHandler bodyLimit;
    private boolean loopback;

    void install(@Observes Router router) {
        bodyLimit = new BodyLimitHandler(config.rest().maxBodySize().asLongValue());
        loopback = BrowserOrigins.loopbackListener();
        for (String path : List.of("/tools", "/tools/*", "/approvals", "/approvals/*")) {
            router.route(path).order(Integer.MIN_VALUE + 100).handler(this::guard);
        }
    }

    void guard(RoutingContext ctx) {
        if (!BearerToken.accepts(config.auth().token(), ctx.request().getHeader("Authorization"))) {
            ctx.response().putHeader("WWW-Authenticate", "Bearer");
            fail(ctx, 401, BearerToken.MISSING); // first, as on every endpoint
            return;
        }
        List<String> origins = config.mcp().allowedOrigins().orElse(List.of());
        String origin = ctx.request().getHeader("Origin");
        if (!BrowserOrigins.allowed(origin, origins)) {
            fail(ctx, 403, BrowserOrigins.refusal(origin));
            return;
        }
        String host = ctx.request().getHeader("Host");
        if (loopback && !BrowserOrigins.hostAllowed(host, origins)) {
            fail(ctx, 403, BrowserOrigins.hostRefusal(host));
            return;
        }
        bodyLimit.handle(ctx);
    }

    private static void fail(RoutingContext ctx, int status, String message) {
        ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json; charset=utf-8")
                .end(new JsonObject().put("error", message).encode());
    }
}
