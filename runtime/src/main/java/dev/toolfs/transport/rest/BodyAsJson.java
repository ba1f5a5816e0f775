package dev.toolfs.transport.rest;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;

/**
 * Marks a request's body as JSON before the body handler sees it: the API reads a body as JSON whatever its
 * {@code Content-Type}, and the body handler would otherwise decode a form ({@code curl -d} sends
 * {@code application/x-www-form-urlencoded}) as form fields, refusing one over the form-field size limit, and keep
 * nothing of a {@code multipart/form-data} body.
 */
public class BodyAsJson implements Handler<RoutingContext> {

    @Override
    public void handle(RoutingContext ctx) {
        mark(ctx);
        ctx.next();
    }

    /** Marks the body as JSON, for a handler that goes on itself. */
    public static void mark(RoutingContext ctx) {
        String type = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
        if (type != null && (type.regionMatches(true, 0, "multipart/", 0, 10)
                || type.regionMatches(true, 0, "application/x-www-form-urlencoded", 0, 33))) {
            ctx.request().headers().set(HttpHeaders.CONTENT_TYPE, "application/json");
        }
    }
}
