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

    /** @param takesRoom whether bodies take room in the bodies in memory (not the answers to approvals) */
    public Consumer<Route> route(Handler<RoutingContext> bodyHandler, boolean takesRoom) {
        BodyLimits limits = BodyLimits.configured();
        BodyLimitHandler limit = new BodyLimitHandler(limits, takesRoom);
        return route -> route.handler(limit).handler(new BodyAsJson()).handler(bodyHandler).handler(limit)
                .failureHandler(new RestFailureHandler(limits));
    }
}
