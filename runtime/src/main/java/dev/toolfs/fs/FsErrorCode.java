package dev.toolfs.fs;

/** The stable error codes of the filesystem seam; SPEC.md lists them and docs/ gives each one's message template. */
public enum FsErrorCode {
    FS_NOT_FOUND,
    FS_NOT_REGULAR_FILE,
    FS_NOT_TEXT,
    FS_TOO_LARGE,
    FS_EXISTS,
    FS_STALE_VERSION,
    FS_NOT_OBSERVED,
    FS_OUTSIDE_WORKSPACE,
    /** A path no file system accepts: NUL or control characters, or too long. */
    FS_INVALID_PATH,
    FS_SANDBOX_DENIED,
    FS_PERMISSION_DENIED,
    FS_NO_MATCH,
    FS_AMBIGUOUS_MATCH,
    FS_IO,
    FS_CANCELLED
}
