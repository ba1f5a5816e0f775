package dev.toolfs.transport.rest;

import java.util.List;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import dev.toolfs.config.ToolFsConfig;
import io.vertx.ext.web.Router;

/**
 * In front of {@code /tools} and {@code /approvals}, before Quarkus' own handlers: the admission ({@link HttpAdmission}:
 * a page the user visits must not write files or approve escalations through a loopback server), then a body declared
 * over {@code quarkus.tool-fs.rest.max-body-size} gets the JSON 413 before anything is read, even when Quarkus' own
 * limit would refuse it first with an empty answer.
 */
// No scope annotation: the build makes it a bean when the REST API is on, and excludes it otherwise (see ToolFsProcessor).
public class RestGuard {

    @Inject
    ToolFsConfig config;

    private HttpAdmission admission;

    void install(@Observes Router router) {
        admission = new HttpAdmission(config);
        BodyLimits limits = BodyLimits.configured();
        BodyLimitHandler calls = new BodyLimitHandler(limits);
        // The answers to approvals take no room in the bodies in memory (see BodyLimitHandler).
        BodyLimitHandler approvals = new BodyLimitHandler(limits, false);
        for (String path : List.of("/tools", "/tools/*", "/approvals", "/approvals/*")) {
            BodyLimitHandler limit = path.startsWith("/tools") ? calls : approvals;
            router.route(path).order(Integer.MIN_VALUE + 100).handler(ctx -> {
                if (admission.admit(ctx)) {
                    limit.handle(ctx);
                }
            });
        }
        // A path under these that names no endpoint (/tools/read/extra) is answered in JSON too, not with an HTML page.
        for (String path : List.of("/tools/*", "/approvals/*")) {
            router.route(path).order(Integer.MAX_VALUE - 100).handler(ctx -> HttpAdmission.fail(ctx, 404,
                    "no such endpoint: " + ctx.request().method() + " " + ctx.request().path()
                            + "; use GET /tools, POST /tools/{name}, GET /approvals or POST /approvals/{id}"));
        }
    }
}
