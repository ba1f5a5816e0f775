package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.vertx.core.http.HttpServerResponse;

class SessionStreamsTest {

    private static HttpServerResponse stream(List<HttpServerResponse> ended) {
        return (HttpServerResponse) java.lang.reflect.Proxy.newProxyInstance(HttpServerResponse.class.getClassLoader(),
                new Class<?>[] { HttpServerResponse.class }, (proxy, method, args) -> switch (method.getName()) {
                    case "ended", "closed" -> ended.contains(proxy);
                    case "end" -> {
                        ended.add((HttpServerResponse) proxy);
                        yield null;
                    }
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> null;
                });
    }

    @Test
    void anEndedSessionEndsItsOpenStreamsOnlyAndStreamsThatEndedAreForgotten() {
        SessionStreams streams = new SessionStreams();
        List<HttpServerResponse> ended = new ArrayList<>();
        List<Runnable> closers = new ArrayList<>();
        HttpServerResponse a1 = stream(ended), a2 = stream(ended), b = stream(ended), closed = stream(ended);
        streams.opened("a", a1, closers::add);
        streams.opened("a", a2, closers::add);
        streams.opened("b", b, closers::add);
        streams.opened("c", closed, closers::add);
        closers.get(3).run(); // c's client went away: nothing is kept for it
        assertThat(streams.sessions()).isEqualTo(2);
        streams.ended("a");
        assertThat(ended).containsExactlyInAnyOrder(a1, a2);
        streams.ended("a");
        streams.ended("unknown");
        assertThat(ended).hasSize(2);
        assertThat(streams.sessions()).isEqualTo(1);
        closers.get(2).run();
        assertThat(streams.sessions()).isZero();
    }
}
