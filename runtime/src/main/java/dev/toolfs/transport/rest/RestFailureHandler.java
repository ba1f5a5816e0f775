package dev.toolfs.transport.rest;

import io.vertx.core.Handler;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** Gives the protocol failures raised before our handler runs (a body over the limit: 413) a JSON body too. */
public class RestFailureHandler implements Handler<RoutingContext> {

    @Override
    public void handle(RoutingContext ctx) {
        int status = ctx.statusCode() > 0 ? ctx.statusCode() : 500;
        if (ctx.response().ended()) {
            return;
        }
        String message = status == 413
                ? "the request body is over the size limit (quarkus.http.limits.max-body-size)"
                : "the request failed" + (ctx.failure() == null ? "" : ": " + ctx.failure().getMessage());
        ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json; charset=utf-8")
                .end(new JsonObject().put("error", message).encode());
    }
}
