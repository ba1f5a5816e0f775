package dev.toolfs.transport.mcp;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
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

    /** How often the waiting call looks at its cancellation. */
    private static final long LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    private ClientWait() {
    }

    /**
     * The client's answer, as {@code ask} gets it.
     *
     * @throws CancellationException when the client cancelled the call first
     * @throws TimeoutException when {@code limit} passed first
     * @throws ExecutionException when {@code ask} failed
     */
    static <T> T answer(Supplier<T> ask, Cancellation cancellation, Duration limit)
            throws TimeoutException, ExecutionException, InterruptedException {
        if (cancellation.isCancelled()) {
            throw new CancellationException("the client cancelled the call");
        }
        FutureTask<T> task = new FutureTask<>(ask::get);
        Thread asking = new Thread(task, "mcp-client-wait");
        asking.setDaemon(true);
        asking.start();
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            try {
                return task.get(Math.max(1, Math.min(LOOK_NANOS, left)), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                if (cancellation.isCancelled()) {
                    task.cancel(true);
                    throw new CancellationException("the client cancelled the call");
                }
                if (deadline - System.nanoTime() <= 0) {
                    task.cancel(true);
                    throw e;
                }
            } catch (InterruptedException e) {
                task.cancel(true);
                throw e;
            }
        }
    }
}
