package dev.toolfs.transport.mcp;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import dev.toolfs.fs.Cancellation;

/**
 * A call's wait for the client's answer to a request of the server's (its roots, an approval), which the call can
 * give up: when the client cancels the call, or when the wait's limit passes. The MCP libraries' blocking requests wait
 * on the calling thread for as long as their own timeout (the long approval timeout), deaf to a cancellation, and over
 * stdio every later call waits behind it; here the request is sent and awaited on a thread of its own, interrupted
 * when the call gives up. Both transports use it.
 */
final class ClientWait {

    /** What MCP has either side send for a request it no longer awaits the answer to. */
    static final String CANCELLED = "notifications/cancelled";

    /** The params of {@link #CANCELLED} for request {@code id}. */
    static Map<String, Object> cancelled(Object id, String reason) {
        return Map.of("requestId", id, "reason", reason);
    }

    private ClientWait() {
    }

    /**
     * What a transport does with the requests to the client that a wait sent and stops waiting for: MCP asks that a
     * request given up on be cancelled (an approval dialog the client shows then closes).
     */
    @FunctionalInterface
    interface Abandon {

        /** For a transport that cannot name its requests to the client. */
        Abandon NONE = (asking, reason) -> {
        };

        /** The requests {@code asking} sent, still unanswered, are no longer awaited, for {@code reason}. */
        void requestsOf(Thread asking, String reason);
    }

    /**
     * The client's answer, as {@code ask} gets it. When the wait ends without one, the requests {@code ask} sent and
     * that are still unanswered are given to {@code abandon}.
     *
     * @throws CancellationException when the client cancelled the call first
     * @throws TimeoutException when {@code limit} passed first
     * @throws ExecutionException when {@code ask} failed
     */
    static <T> T answer(Supplier<T> ask, Cancellation cancellation, Duration limit, Abandon abandon)
            throws TimeoutException, ExecutionException, InterruptedException {
        if (cancellation.isCancelled()) {
            throw new CancellationException("the client cancelled the call");
        }
        FutureTask<T> task = new FutureTask<>(ask::get);
        Thread asking = new Thread(task, "mcp-client-wait");
        asking.setDaemon(true);
        asking.start();
        String reason = "the server no longer waits for the answer";
        boolean answered = false;
        try {
            T answer = cancellation.await(task, limit);
            answered = true;
            return answer;
        } catch (CancellationException e) {
            reason = "the call that asked was cancelled";
            throw e;
        } catch (TimeoutException e) {
            reason = "no answer within " + dev.toolfs.sandbox.ApprovalDecision.shown(limit);
            throw e;
        } finally {
            // Given up: the asking thread stops waiting too, and so does the client.
            task.cancel(true);
            if (!answered) {
                abandon.requestsOf(asking, reason);
            }
        }
    }

    /** How long a call waits for the client's roots. */
    static final Duration ROOTS_WAIT = Duration.ofSeconds(5);

    /**
     * The client's roots, as {@code list} gets them, awaited at most {@code limit} (the session's share of
     * {@link #ROOTS_WAIT}, see McpRoots; the MCP libraries' own limit is
     * the long approval timeout, and a client that never answers must not hold up the calls behind this one).
     *
     * @throws CancellationException when the call was cancelled or interrupted meanwhile: not "no roots", which the
     *         session would remember; the next call asks again
     * @throws IllegalStateException when the client did not list them
     */
    static <T> T roots(Supplier<T> list, Cancellation cancellation, Abandon abandon, Duration limit) {
        try {
            return answer(list, cancellation, limit, abandon);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("interrupted while waiting for the client's roots");
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the client did not list its roots", e);
        }
    }
}
