package dev.toolfs.transport.rest;

import java.util.function.Consumer;

import org.eclipse.microprofile.config.ConfigProvider;

import io.quarkus.runtime.configuration.MemorySize;

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

    public Consumer<Route> route(Handler<RoutingContext> bodyHandler) {
        long max = ConfigProvider.getConfig().getOptionalValue("quarkus.tool-fs.rest.max-body-size", MemorySize.class)
                .map(MemorySize::asLongValue).orElse(10L * 1024 * 1024);
        BodyLimitHandler limit = new BodyLimitHandler(max);
        return route -> route.handler(limit).handler(new BodyAsJson()).handler(bodyHandler).handler(limit)
                .failureHandler(new RestFailureHandler(max));
    }
}
