package dev.toolfs.fs.local;

/**
 * Bounds the bytes of files that edits hold in memory at once. An edit holds its file several times over (the bytes,
 * the text, the text after, the bytes after), so concurrent edits of large files would otherwise grow the heap without
 * limit; one that would go over the bound waits for the others. A file alone is never held back, however large (the
 * edit's own size limit bounds it), and small files are not counted at all, so that the common edit never waits here.
 */
public final class EditMemory extends dev.toolfs.fs.MemoryRoom {

    /** Files smaller than this are not counted: their edits take no turn. */
    static final long SMALL_BYTES = 256 * 1024;

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
        super(capacityBytes, SMALL_BYTES);
    }
}
