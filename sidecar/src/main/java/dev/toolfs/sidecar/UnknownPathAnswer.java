package dev.toolfs.sidecar;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import dev.toolfs.transport.rest.HttpAdmission;
import io.vertx.ext.web.Router;

/**
 * Answers a request to a path the sidecar does not serve (a mistyped {@code /tool}, a bare {@code /}) in JSON, naming
 * the endpoints it has, instead of the HTTP server's HTML page: whoever calls the sidecar is a program or a person
 * wiring one, and reads JSON errors from every other endpoint.
 */
@ApplicationScoped
public class UnknownPathAnswer {

    static final String ENDPOINTS = "the sidecar serves /mcp (MCP), GET /tools, POST /tools/{name}, GET /approvals,"
            + " POST /approvals/{id}, /q/health and /q/metrics";

    void install(@Observes Router router) {
        // Only when no route matched the path: the endpoints' own 404s and 405s keep their texts.
        router.errorHandler(404, ctx -> {
            if (!ctx.response().ended()) {
                HttpAdmission.fail(ctx, 404, "no such endpoint: " + ctx.request().method() + " "
                        + ctx.request().path() + "; " + ENDPOINTS);
            }
        });
    }
}
