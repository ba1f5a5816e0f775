package dev.toolfs.transport.rest;

import java.util.function.Consumer;



import io.quarkus.runtime.annotations.Recorder;
import io.vertx.core.Handler;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;

/**
 * Wires the REST routes: the body handler (with its size limit, and a body always taken as JSON), a JSON failure
 * handler, then our handler.
 */
@Recorder
public class RestRecorder {

    public Handler<RoutingContext> handler() {
        return new ToolsRestHandler();
    }

    public Handler<RoutingContext> approvalsHandler() {
        return new ApprovalsRestHandler();
    }

    /**
     * @param takesRoom whether bodies take room in the bodies in memory (not the answers to approvals)
     */
    public Consumer<Route> route(boolean takesRoom) {
        BodyLimits limits = BodyLimits.configured();
        BodyLimitHandler limit = new BodyLimitHandler(limits, takesRoom);
        // A body handler of its own, which stops reading at the smaller limit: Quarkus' stops at its own, which the
        // sidecar sets higher, so that a chunked body was kept whole up to that before Tool FS's limit was judged (found
        // by black-box testing: one 16 MiB request ran a 64 MiB heap out). No file uploads: the body is JSON.
        io.vertx.ext.web.handler.BodyHandler reader = io.vertx.ext.web.handler.BodyHandler.create(false)
                .setBodyLimit(limits.effective());
        // As a handler of our own, as Quarkus' is: Vert.x puts a body handler before any other of its route, and the
        // limit, and the JSON marking, go first.
        Handler<RoutingContext> body = reader::handle;
        return route -> route.handler(limit).handler(new BodyAsJson()).handler(body).handler(limit)
                .failureHandler(new RestFailureHandler(limits));
    }
}
