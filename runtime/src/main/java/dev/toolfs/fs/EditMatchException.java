package dev.toolfs.fs;

/** A literal edit that cannot be applied; {@code detail} finishes the sentence "cannot edit "path": ". */
public final class EditMatchException extends RuntimeException {

    private final FsErrorCode code;

    public EditMatchException(FsErrorCode code, String detail) {
        super(detail, null, false, false);
        this.code = code;
    }

    public FsErrorCode code() {
        return code;
    }

    public String detail() {
        return getMessage();
    }
}
