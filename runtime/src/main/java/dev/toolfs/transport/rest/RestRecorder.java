package dev.toolfs.transport.rest;

import java.util.function.Consumer;

import io.quarkus.runtime.annotations.Recorder;
import io.vertx.core.Handler;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.RoutingContext;

/** Wires the REST routes: the body handler (with its size limit), a JSON failure handler, then our handler. */
@Recorder
public class RestRecorder {

    public Handler<RoutingContext> handler() {
        return new ToolsRestHandler();
    }

    public Consumer<Route> route(Handler<RoutingContext> bodyHandler) {
        return route -> route.handler(bodyHandler).failureHandler(new RestFailureHandler());
    }
}
