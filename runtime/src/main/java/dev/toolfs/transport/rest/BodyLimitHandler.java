package dev.toolfs.transport.rest;

import io.vertx.core.Handler;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/**
 * Answers a body over {@code quarkus.tool-fs.rest.max-body-size} with a JSON 413: a declared length is judged before
 * the body is read, a chunked body once it is (the body handler bounds it by {@code quarkus.http.limits.max-body-size}).
 * Put once before and once after the body handler.
 */
public class BodyLimitHandler implements Handler<RoutingContext> {

    private final long maxBytes;

    public BodyLimitHandler(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public void handle(RoutingContext ctx) {
        long size = -1;
        if (ctx.body() != null && ctx.body().buffer() != null) {
            size = ctx.body().length();
        } else {
            String length = ctx.request().getHeader("Content-Length");
            try {
                size = length == null ? -1 : Long.parseLong(length.trim());
            } catch (NumberFormatException e) {
                // Let the body handler judge a malformed length.
            }
        }
        if (maxBytes > 0 && size > maxBytes) {
            // Closed once answered: the rest of an oversized body is not read (and not waited for).
            ctx.response().setStatusCode(413)
                    .putHeader("Content-Type", "application/json; charset=utf-8")
                    .putHeader("Connection", "close")
                    .end(new JsonObject().put("error", RestFailureHandler.tooLarge(maxBytes)).encode())
                    .onComplete(done -> ctx.request().connection().close());
            return;
        }
        ctx.next();
    }
}
