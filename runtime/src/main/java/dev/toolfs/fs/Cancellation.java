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
        long deadline = System.nanoTime() + waitNanos(limit);
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

    /** The longest wait in nanoseconds: a century, far from where a deadline on {@link System#nanoTime} overflows. */
    long LONGEST_WAIT_NANOS = Duration.ofDays(36_525).toNanos();

    /**
     * {@code limit} in nanoseconds, at most {@link #LONGEST_WAIT_NANOS}: a longer one, meant as "for ever" (200000d),
     * overflowed a long and failed every wait (found by black-box testing).
     */
    static long waitNanos(Duration limit) {
        return limit.compareTo(Duration.ofNanos(LONGEST_WAIT_NANOS)) > 0 ? LONGEST_WAIT_NANOS : limit.toNanos();
    }

    /** {@code limit}, at most a century (see {@link #waitNanos}). */
    static Duration boundedWait(Duration limit) {
        return Duration.ofNanos(waitNanos(limit));
    }
}
