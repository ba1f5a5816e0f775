package dev.toolfs.fs;

/**
 * @param created true when the file did not exist before
 * @param before the previous content as a read shows it (LF line breaks, no byte-order mark), or null when there was
 *        none or it was too large or not text
 * @param version the version now on disk
 * @param beforeShape the previous content's line endings and byte-order mark, or null when {@code before} is null
 * @param sameBytes whether the file already held exactly the written bytes
 * @param unseen the previous content that was there but is not in {@code before} (too large, or not text), or null
 */
public record WriteOutcome(boolean created, String before, FileVersion version, TextShape beforeShape, boolean sameBytes,
        Unseen unseen) {

    public WriteOutcome(boolean created, String before, FileVersion version) {
        this(created, before, version, null, false, null);
    }

    /**
     * A previous content the write replaced without showing it as text.
     *
     * @param lines its lines, as a read counts them, or null when it was too large to count
     */
    public record Unseen(Integer lines) {
    }
}
