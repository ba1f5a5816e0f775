package dev.toolfs.fs;

import java.util.concurrent.CancellationException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Bounds the bytes of large files that calls hold in memory at once: one that would go over the bound waits for the
 * others. A file alone is never held back, however large, and files under a size are not counted at all, so that the
 * common call never waits here. Edits share one (an edit holds its file several times over), images another.
 */
public class MemoryRoom {

    private final long smallBytes;
    private final int capacityKib;
    private final Semaphore kib;

    /**
     * @param capacityBytes the most bytes of counted files held at once
     * @param smallBytes files smaller than this are not counted
     */
    public MemoryRoom(long capacityBytes, long smallBytes) {
        this.smallBytes = smallBytes;
        this.capacityKib = (int) Math.max(1, Math.min(Integer.MAX_VALUE, capacityBytes / 1024));
        // Fair among the waits in progress (a first try that finds room takes it at once, and each wait looks again
        // every 100 ms, to notice a cancellation).
        this.kib = new Semaphore(capacityKib, true);
    }

    /** The bytes that may be held at once. */
    public long capacityBytes() {
        return capacityKib * 1024L;
    }

    /**
     * Takes room for a file of {@code bytes}, waiting at most {@code maxWaitNanos} and not once {@code cancel} says
     * so; the result is given back with {@link #give}.
     *
     * @throws TimeoutException when other calls held the room all that time
     * @throws CancellationException when the call was cancelled (or its thread interrupted) meanwhile
     */
    public int take(long bytes, Cancellation cancel, long maxWaitNanos) throws TimeoutException {
        return takeKib(kibFor(bytes), cancel, maxWaitNanos);
    }

    /**
     * Takes what a file of {@code bytes} needs beyond the {@code taken} an earlier {@link #take} gave (a file that grew
     * since), if it is free now, without waiting; the result, which includes {@code taken}, is given back instead.
     */
    public int takeMoreIfFree(int taken, long bytes) {
        int more = kibFor(bytes) - taken;
        return more > 0 && kib.tryAcquire(more) ? taken + more : taken;
    }

    /** The room, in KiB, a file of {@code bytes} takes: none for a small file, at most all of it. */
    public int kibFor(long bytes) {
        return bytes < smallBytes ? 0 : (int) Math.min(capacityKib, bytes / 1024 + (bytes % 1024 == 0 ? 0 : 1));
    }

    private int takeKib(int wanted, Cancellation cancel, long maxWaitNanos) throws TimeoutException {
        if (wanted == 0 || kib.tryAcquire(wanted)) {
            return wanted;
        }
        long deadline = System.nanoTime() + maxWaitNanos;
        try {
            while (!kib.tryAcquire(wanted, 100, TimeUnit.MILLISECONDS)) {
                if (cancel.isCancelled()) {
                    throw new CancellationException();
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new TimeoutException();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException();
        }
        return wanted;
    }

    /** Gives back what {@link #take} took. */
    public void give(int taken) {
        if (taken > 0) {
            kib.release(taken);
        }
    }
}
