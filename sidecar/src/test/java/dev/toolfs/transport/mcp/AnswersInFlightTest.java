package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/** What a call's result holds is given back once its answer is written, and at once when nothing follows it. */
class AnswersInFlightTest {

    static final io.vertx.core.Vertx VERTX = io.vertx.core.Vertx.vertx();

    @org.junit.jupiter.api.AfterAll
    static void close() {
        VERTX.close();
    }

    /** A routing context that only keeps its end handlers, for the test to end it. */
    private static final class Response {
        final List<Handler<io.vertx.core.AsyncResult<Void>>> ends = new ArrayList<>();
        final RoutingContext ctx = (RoutingContext) java.lang.reflect.Proxy.newProxyInstance(
                RoutingContext.class.getClassLoader(), new Class<?>[] { RoutingContext.class }, (proxy, method, args) -> {
                    if (method.getName().equals("addEndHandler") && args != null && args.length == 1) {
                        @SuppressWarnings("unchecked")
                        Handler<io.vertx.core.AsyncResult<Void>> h = (Handler<io.vertx.core.AsyncResult<Void>>) args[0];
                        ends.add(h);
                        return ends.size();
                    }
                    if (method.getName().equals("vertx")) {
                        return VERTX;
                    }
                    if (method.getName().equals("request")) {
                        // No connection to wait for: the answer counts as sent once it ends.
                        return java.lang.reflect.Proxy.newProxyInstance(RoutingContext.class.getClassLoader(),
                                new Class<?>[] { io.vertx.core.http.HttpServerRequest.class }, (p, m, a) -> null);
                    }
                    throw new UnsupportedOperationException(method.getName());
                });

        void end() {
            ends.forEach(h -> h.handle(io.vertx.core.Future.succeededFuture()));
        }
    }

    @Test
    void aResultIsGivenBackOnceItsAnswerIsWritten() {
        AnswersInFlight answers = new AnswersInFlight();
        Response response = new Response();
        AtomicInteger released = new AtomicInteger();
        AtomicInteger dropped = new AtomicInteger();
        answers.opened(response.ctx, "s1", 7L);
        // The library reads the id as an Integer where the guard read a Long: the same request.
        answers.whenWritten("s1", 7, released::incrementAndGet, dropped::incrementAndGet);
        assertThat(released).hasValue(0);
        assertThat(dropped).hasValue(0);
        response.end();
        assertThat(released).hasValue(1);
        assertThat(dropped).hasValue(1);
        assertThat(answers.open()).isZero();
        // After the answer: at once, and the answer, still to be written, is kept.
        answers.whenWritten("s1", 7, released::incrementAndGet, dropped::incrementAndGet);
        assertThat(released).hasValue(2);
        assertThat(dropped).hasValue(1);
    }

    @Test
    void aResultNothingFollowsIsGivenBackAtOnce() {
        AnswersInFlight answers = new AnswersInFlight();
        Response response = new Response();
        AtomicInteger released = new AtomicInteger();
        AtomicInteger dropped = new AtomicInteger();
        answers.opened(response.ctx, "s1", "7");
        // Another session's request, or a number where the request's id was a string: not this answer.
        answers.whenWritten("s2", "7", released::incrementAndGet, dropped::incrementAndGet);
        answers.whenWritten("s1", 7, released::incrementAndGet, dropped::incrementAndGet);
        answers.whenWritten(null, null, released::incrementAndGet, dropped::incrementAndGet);
        assertThat(released).hasValue(3);
        assertThat(dropped).hasValue(0);
        answers.whenWritten("s1", "7", released::incrementAndGet, dropped::incrementAndGet);
        assertThat(released).hasValue(3);
        response.end();
        assertThat(released).hasValue(4);
        assertThat(dropped).hasValue(1);
    }

    /**
     * Found by black-box testing: a client that closed its connection right after asking left its answer ended before
     * the result came; the result was given back but kept by the library, and eight such ran a 64 MiB heap out.
     */
    @Test
    void aResultWhoseAnswerEndedFirstIsLetGoAtOnce() {
        AnswersInFlight answers = new AnswersInFlight();
        Response response = new Response();
        AtomicInteger released = new AtomicInteger();
        AtomicInteger dropped = new AtomicInteger();
        answers.opened(response.ctx, "s1", 3L);
        response.end();
        assertThat(answers.open()).isEqualTo(1); // kept a while for its result
        answers.whenWritten("s1", 3, released::incrementAndGet, dropped::incrementAndGet);
        assertThat(released).hasValue(1);
        assertThat(dropped).hasValue(1);
        assertThat(answers.open()).isZero();
    }

    @Test
    void anIdInUseTwiceIsFollowedNoMore() {
        // Found in a review: the second call's content was emptied once the first answer was written.
        AnswersInFlight answers = new AnswersInFlight();
        Response first = new Response();
        Response second = new Response();
        AtomicInteger released = new AtomicInteger();
        AtomicInteger dropped = new AtomicInteger();
        answers.opened(first.ctx, "s1", 1L);
        answers.whenWritten("s1", 1, released::incrementAndGet, dropped::incrementAndGet); // the first call's
        answers.opened(second.ctx, "s1", 1L);
        assertThat(second.ends).isEmpty();
        // Which answer a result is cannot be told any more: given back as encoded, its answer kept.
        answers.whenWritten("s1", 1, released::incrementAndGet, dropped::incrementAndGet);
        assertThat(released).hasValue(1);
        assertThat(dropped).hasValue(0);
        first.end();
        assertThat(released).hasValue(2);
        assertThat(dropped).hasValue(1);
        assertThat(answers.open()).isZero();
    }
}
