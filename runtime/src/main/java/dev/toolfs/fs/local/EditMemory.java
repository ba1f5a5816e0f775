package dev.toolfs.fs.local;

import java.util.concurrent.CancellationException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.toolfs.fs.Cancellation;

/**
 * Bounds the bytes of files that edits hold in memory at once. An edit holds its file several times over (the bytes,
 * the text, the text after, the bytes after), so concurrent edits of large files would otherwise grow the heap without
 * limit; one that would go over the bound waits for the others. A file alone is never held back, however large (the
 * edit's own size limit bounds it), and small files are not counted at all, so that the common edit never waits here.
 */
public final class EditMemory {

    /** Files smaller than this are not counted: their edits take no turn. */
    static final long SMALL_BYTES = 256 * 1024;

    private final int capacityKib;
    private final Semaphore kib;

    /**
     * Two edits of the largest file at once, or more of smaller ones; on a heap too small for that, what a sixteenth of
     * it allows (an edit holds its file up to about eleven times over), so that large edits take turns instead of
     * running the heap out (found by black-box testing at {@code -Xmx128m}). Never less than a small file's room.
     */
    static long capacityFor(long maxEditBytes, long maxHeapBytes) {
        return Math.max(SMALL_BYTES, Math.min(2 * maxEditBytes, maxHeapBytes / 16));
    }

    /**
     * The largest file edit takes: {@code configured}, or a twelfth of the heap if that is less. An edit holds its file
     * up to about eleven times over, so one edit of a larger file would run the heap out, which ends the sidecar
     * (found in a review).
     */
    public static long fileLimitFor(long configured, long maxHeapBytes) {
        return Math.min(configured, Math.max(SMALL_BYTES, maxHeapBytes / 12));
    }

    /** @param capacityBytes the most bytes of counted files that edits hold at once */
    EditMemory(long capacityBytes) {
        this.capacityKib = (int) Math.max(1, Math.min(Integer.MAX_VALUE, capacityBytes / 1024));
        // Fair among the waits in progress (a first try that finds room takes it at once, and each wait looks again
        // every 100 ms, to notice a cancellation).
        this.kib = new Semaphore(capacityKib, true);
    }

    /** The bytes that edits may hold at once. */
    long capacityBytes() {
        return capacityKib * 1024L;
    }

    /**
     * Takes room for a file of {@code bytes}, waiting at most {@code maxWaitNanos} and not once {@code cancel} says
     * so; the result is given back with {@link #give}.
     *
     * @throws TimeoutException when other edits held the room all that time
     * @throws CancellationException when the call was cancelled (or its thread interrupted) meanwhile
     */
    int take(long bytes, Cancellation cancel, long maxWaitNanos) throws TimeoutException {
        return takeKib(kibFor(bytes), cancel, maxWaitNanos);
    }

    /**
     * Takes what a file of {@code bytes} needs beyond the {@code taken} an earlier {@link #take} gave (a file that grew
     * since), if it is free now, without waiting; the result, which includes {@code taken}, is given back instead.
     */
    int takeMoreIfFree(int taken, long bytes) {
        int more = kibFor(bytes) - taken;
        return more > 0 && kib.tryAcquire(more) ? taken + more : taken;
    }

    /** The room a file of {@code bytes} takes: none for a small file, at most all of it. */
    private int kibFor(long bytes) {
        return bytes < SMALL_BYTES ? 0 : (int) Math.min(capacityKib, bytes / 1024 + (bytes % 1024 == 0 ? 0 : 1));
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
    void give(int taken) {
        if (taken > 0) {
            kib.release(taken);
        }
    }
}
