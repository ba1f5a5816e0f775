package dev.toolfs.fs;

/**
 * @param created true when the file did not exist before
 * @param before the previous content as a read shows it (LF line breaks, no byte-order mark), or null when there was
 *        none or it was too large or not text
 * @param version the version now on disk
 * @param beforeShape the previous content's line endings and byte-order mark, or null when {@code before} is
 */
public record WriteOutcome(boolean created, String before, FileVersion version, TextShape beforeShape) {

    public WriteOutcome(boolean created, String before, FileVersion version) {
        this(created, before, version, null);
    }
}
