package dev.toolfs.attachments;

/** The bytes are not a readable image header; the message is one line saying what is wrong. */
public final class ImageHeaderException extends RuntimeException {

    private final boolean truncated;

    public ImageHeaderException(String message) {
        this(message, false);
    }

    private ImageHeaderException(String message, boolean truncated) {
        // An expected outcome for bad input, not a bug: no stack trace, no suppression.
        super(message, null, false, false);
        this.truncated = truncated;
    }

    /** The bytes end before what was being read. */
    static ImageHeaderException truncated(String message) {
        return new ImageHeaderException(message, true);
    }

    /** Whether the bytes ended before what was being read (rather than holding something wrong). */
    boolean truncated() {
        return truncated;
    }
}
