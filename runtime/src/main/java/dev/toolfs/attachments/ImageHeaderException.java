package dev.toolfs.attachments;

/** The bytes are not a readable image header; the message is one line saying what is wrong. */
public final class ImageHeaderException extends RuntimeException {

    public ImageHeaderException(String message) {
        // An expected outcome for bad input, not a bug: no stack trace, no suppression.
        super(message, null, false, false);
    }
}
