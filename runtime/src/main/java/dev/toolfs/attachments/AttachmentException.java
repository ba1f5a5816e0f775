package dev.toolfs.attachments;

/** An image the store refuses; the message finishes the sentence "cannot read "path": ". */
public class AttachmentException extends RuntimeException {

    /** Why: the header could not be read, or the image is over a size limit. */
    public enum Reason {
        INVALID,
        TOO_LARGE,
        IO
    }

    private final Reason reason;

    public AttachmentException(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
