package dev.toolfs.transport.mcp;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.transport.rest.BodyLimitHandler;
import dev.toolfs.transport.rest.HttpAdmission;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;

/**
 * In front of {@code /mcp} and of Quarkus' own endpoints under {@code /q} (health, metrics): the same admission as
 * the REST API ({@link HttpAdmission}), and for {@code /mcp} the body limit (413), each answered with a JSON
 * {@code {"error": "…"}}.
 */
@Singleton
public class McpHttpGuard {

    @Inject
    ToolFsConfig config;

    private HttpAdmission admission;
    private BodyLimitHandler bodyLimit;

    void install(@Observes Router router) {
        admission = new HttpAdmission(config);
        // The REST API's own limit and answer, judged on the declared length before the body is read.
        bodyLimit = new BodyLimitHandler(config.rest().maxBodySize().asLongValue());
        // Runs before the MCP server's own routes.
        router.route("/mcp*").order(Integer.MIN_VALUE + 100).handler(ctx -> {
            if (admission.admit(ctx)) {
                bodyLimit.handle(ctx);
            }
        });
        // Health and metrics show the workspace's paths and the calls made: the same rules.
        router.route("/q/*").order(Integer.MIN_VALUE + 100).handler(ctx -> {
            if (admission.admit(ctx)) {
                ctx.next();
            }
        });
    }
}
