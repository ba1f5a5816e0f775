package dev.toolfs.transport.rest;

import io.vertx.core.Handler;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** Gives the protocol failures raised before our handler runs (a body over the limit: 413) a JSON body too. */
public class RestFailureHandler implements Handler<RoutingContext> {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(RestFailureHandler.class);

    private final BodyLimits limits;

    public RestFailureHandler(BodyLimits limits) {
        this.limits = limits;
    }

    /** The first Expect header's value other than 100-continue, or null. */
    static String unmetExpectation(RoutingContext ctx) {
        return ctx.request().headers().getAll("Expect").stream()
                .filter(e -> !e.trim().equalsIgnoreCase("100-continue")).findFirst().orElse(null);
    }

    /** What a 417 says of the expectation {@code value}. */
    static String expectationRefused(String value) {
        return "the Expect header asks for \"" + dev.toolfs.fs.ShownText.escaped(HeaderText.utf8(value))
                + "\", which this server does not do; send Expect: 100-continue, or no Expect header";
    }

    @Override
    public void handle(RoutingContext ctx) {
        int status = ctx.statusCode() > 0 ? ctx.statusCode() : 500;
        if (ctx.response().ended()) {
            return;
        }
        if (status >= 500) {
            // Out of memory for a large body, for one: the operator needs to see it, the client gets its JSON.
            LOG.errorf(ctx.failure(), "%s %s failed", ctx.request().method(), ctx.request().path());
        }
        String detail = ctx.failure() == null ? null : ctx.failure().getMessage();
        if (detail == null && ctx.failure() != null) {
            detail = ctx.failure().getClass().getName(); // what failed, rather than "null"
        }
        String host = ctx.request().getHeader("Host");
        String expect = unmetExpectation(ctx);
        String message = status == 413 ? limits.tooLarge()
                // Vert.x refuses any other expectation without saying which (found by black-box testing)
                : status == 417 && expect != null ? expectationRefused(expect)
                : host != null && detail != null && detail.contains("'Host' header is required")
                        // Vert.x says so of a Host it cannot read (found by black-box testing: "localhost:abc")
                        ? "the Host header \"" + HeaderText.utf8(host) + "\" is not a host name with an optional port;"
                                + " send this server's, such as localhost"
                                + (ctx.request().localAddress() == null ? "" : ":" + ctx.request().localAddress().port())
                        : "the request failed" + (detail == null ? "" : ": " + detail);
        if (status == 413) {
            // A body over the limit, found as it came (chunked): the rest is not read for nothing.
            BodyLimitHandler.refuse(ctx, status, message);
            return;
        }
        ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json; charset=utf-8")
                .end(new JsonObject().put("error", message).encode());
    }
}
