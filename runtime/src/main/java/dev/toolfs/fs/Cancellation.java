package dev.toolfs.fs;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Lets a caller stop a running tool; the provider checks it before each point of no return. */
@FunctionalInterface
public interface Cancellation {

    Cancellation NONE = () -> false;

    /** How often {@link #await} looks at the cancellation. */
    long LOOK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

    boolean isCancelled();

    /**
     * Waits for {@code result} at most {@code limit}, giving up as soon as this is cancelled: a call waiting for
     * someone (the client, a person) must not outlive its caller.
     *
     * @throws CancellationException when this was cancelled first
     * @throws TimeoutException when {@code limit} passed first
     */
    default <T> T await(Future<T> result, Duration limit)
            throws TimeoutException, ExecutionException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            if (isCancelled()) {
                throw new CancellationException("the call was cancelled");
            }
            long left = deadline - System.nanoTime();
            try {
                return result.get(Math.max(1, Math.min(LOOK_NANOS, left)), TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                if (deadline - System.nanoTime() <= 0) {
                    throw e;
                }
            }
        }
    }
}
