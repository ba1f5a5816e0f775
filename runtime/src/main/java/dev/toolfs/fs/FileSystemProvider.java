package dev.toolfs.fs;

import java.nio.file.Path;

/**
 * The filesystem seam the tools use. It owns paths, versions, locks, atomicity and confinement; the tools own
 * arguments, windows and texts. Every failure is an {@link FsException}.
 *
 * <p>
 * The default bean is {@link dev.toolfs.fs.local.LocalFileSystem}; an application replaces it by declaring its own
 * bean of this type.
 */
public interface FileSystemProvider {

    /**
     * Resolves what a model named against the session's folder and confines it to the workspace, following symlinks.
     *
     * @param op the operation, for messages ("read", "write", "edit")
     */
    ResolvedPath resolve(String op, String path, Path cwd, Cancellation cancel);

    /**
     * One stat: the kind, the size and, for a regular file, the version as far as a stat tells it. A provider may answer
     * with the look it took while resolving this very path a moment before (the local one does, within a millisecond
     * and on the same thread, never across a write or edit it made); the file could change just after either.
     */
    FileStat stat(ResolvedPath path);

    /** Opens a regular file for line-wise reading; the caller has checked the kind with {@link #stat}. */
    TextCursor openText(ResolvedPath path, FileStat stat, Cancellation cancel);

    /** Reads a whole regular file as UTF-8 text, refusing files over {@code maxBytes}. */
    String readText(ResolvedPath path, long maxBytes, Cancellation cancel);

    /**
     * Reads a whole regular file of at most {@code maxBytes}, refusing larger files with
     * {@link FsErrorCode#FS_TOO_LARGE}, and returns the version of the bytes read.
     */
    FileBytes readBytes(ResolvedPath path, long maxBytes, Cancellation cancel);

    /**
     * Creates or replaces a file atomically, creating missing parent folders.
     *
     * @param escalated an approved escalation lets this one mutation past the sandbox
     */
    WriteOutcome writeText(ResolvedPath path, String content, Precondition precondition, boolean escalated,
            Cancellation cancel);

    default WriteOutcome writeText(ResolvedPath path, String content, Precondition precondition, Cancellation cancel) {
        return writeText(path, content, precondition, false, cancel);
    }

    /** Applies a literal edit atomically, preserving every byte outside the replaced spans. */
    EditOutcome editText(ResolvedPath path, TextEdit edit, Precondition precondition, boolean escalated,
            Cancellation cancel);

    default EditOutcome editText(ResolvedPath path, TextEdit edit, Precondition precondition, Cancellation cancel) {
        return editText(path, edit, precondition, false, cancel);
    }

    /** Whether mutations are confined beyond the workspace roots. */
    SandboxMode sandboxMode();

    /**
     * The refusal a change of {@code path}, a file the session never read, gets instead of "read it first" when read
     * would refuse the file itself, so that the model is not sent round in a loop: not text, judging its first 8 KiB as
     * read does ({@code FS_NOT_TEXT}), or not readable by this process ({@code FS_PERMISSION_DENIED}). Empty when read
     * would show it, for no regular file, or when it cannot be looked at. Asked only on the way to that error. The
     * default knows nothing.
     */
    default java.util.Optional<FsException> readFirstRefusal(String op, ResolvedPath path) {
        return java.util.Optional.empty();
    }

    /**
     * Refuses, with the error the change itself would fail with, a write ({@code edit} null) or an edit of {@code path}
     * that could not be made now, whatever is approved: a target that is no regular file, a file above it, a
     * {@code precondition} the file no longer meets (changed or deleted since it was read, there though never read), a
     * missing, unreadable or non-text file to edit, an {@code edit} that does not match. Asked before anyone is asked to
     * approve an escalation; the default checks nothing, leaving it to the change.
     */
    default void checkChangeable(String op, ResolvedPath path, Precondition precondition, TextEdit edit) {
    }

    /**
     * The error for a file to change that is not there: by default "not found", which advises creating it with write;
     * a provider that sees a file standing where a folder on the way must be says that instead, as write would.
     */
    default FsException notFound(String op, ResolvedPath path) {
        return FsException.notFound(op, path.requested());
    }

    /** Why the sandbox refuses to change this path without an approved escalation; empty when it allows it. */
    default java.util.Optional<String> sandboxDenial(ResolvedPath path) {
        return java.util.Optional.empty();
    }
}
