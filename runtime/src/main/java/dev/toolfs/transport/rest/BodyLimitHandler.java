package dev.toolfs.transport.rest;

import io.vertx.core.Handler;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/**
 * Answers a body over its limit ({@link BodyLimits}: Tool FS's or Quarkus', the smaller) with a JSON 413: a declared
 * length is judged before the body is read (Quarkus' own check would answer with an empty 413), a chunked body once it
 * is. Put once before and once after the body handler.
 */
public class BodyLimitHandler implements Handler<RoutingContext> {

    private final BodyLimits limits;

    public BodyLimitHandler(BodyLimits limits) {
        this.limits = limits;
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
        if (size > limits.effective()) {
            ctx.response().setStatusCode(413).putHeader("Content-Type", "application/json; charset=utf-8");
            if (ctx.request().version() == io.vertx.core.http.HttpVersion.HTTP_2) {
                // One stream of the connection: its end says it all (a Connection header is an error in HTTP/2, and the
                // client's stream was reset without an answer).
                ctx.response().end(new JsonObject().put("error", limits.tooLarge()).encode());
                return;
            }
            // Closed once answered: the rest of an oversized body is not read (and not waited for).
            ctx.response().putHeader("Connection", "close")
                    .end(new JsonObject().put("error", limits.tooLarge()).encode())
                    .onComplete(done -> ctx.request().connection().close());
            return;
        }
        ctx.next();
    }
}
