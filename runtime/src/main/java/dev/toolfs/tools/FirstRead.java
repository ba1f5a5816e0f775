package dev.toolfs.tools;

import java.util.Optional;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.FileStat;
import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.FsErrorCode;
import dev.toolfs.fs.FsException;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.fs.TextCursor;

/**
 * The read a model makes when told to read a file first: from its start, with the default window. A file that read
 * refuses as not text within that window is one "read it first" would send the model round in a loop for (found by
 * black-box testing: a line of Latin-1 on line 500, past the first 8 KiB, which the provider's own check looks at).
 */
final class FirstRead {

    private FirstRead() {
    }

    /**
     * The refusal {@code op} of {@code path}, an existing file the session has not read, gets instead of "read it
     * first" when the default read would refuse it as not text; empty when that read shows it, or when the file
     * cannot be looked at now (the usual answer then stands).
     */
    static Optional<FsException> notTextRefusal(FileSystemProvider fs, ToolFsConfig config, ToolContext ctx, String op,
            ResolvedPath path, boolean sinceRead) {
        ToolFsConfig.Read limits = config.read();
        // A look, not a read the caller asked for: bounded in time (a first line of gigabytes is scanned to its end),
        // past which the usual answer stands.
        long deadline = System.nanoTime() + LOOK_NANOS;
        dev.toolfs.fs.Cancellation bounded = () -> ctx.cancellation().isCancelled() || System.nanoTime() - deadline > 0;
        try {
            FileStat stat = fs.stat(path);
            if (!stat.isRegularFile()) {
                return Optional.empty();
            }
            try (TextCursor cursor = fs.openText(path, stat, bounded)) {
                // The lines of the window only: its footer's total is not needed to tell.
                ReadRender.takeFirstLines(cursor, limits.limit(), limits.maxLineLength(),
                        ReadRender.lineBudget(ctx.display(path.requested()), limits.maxBytes()), stat.size());
            }
            return Optional.empty();
        } catch (FsException e) {
            return e.code() == FsErrorCode.FS_NOT_TEXT && e.reason() != null
                    ? Optional.of(sinceRead ? FsException.notTextSinceRead(op, path.requested(), e.reason())
                            : FsException.notTextUnread(op, path.requested(), e.reason()))
                    : Optional.empty();
        } catch (RuntimeException e) {
            return Optional.empty(); // not to be looked at now: the usual answer
        }
    }

    /** How long the look may take. */
    private static final long LOOK_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(2);

    /**
     * The answers that send the model to read the file: not read in this session, changed since it was read, or there
     * since the session found it missing (found by black-box testing: each looped as "not read" did).
     */
    private static final java.util.Set<FsErrorCode> READ_IT = java.util.EnumSet.of(FsErrorCode.FS_NOT_OBSERVED,
            FsErrorCode.FS_STALE_VERSION, FsErrorCode.FS_EXISTS, FsErrorCode.FS_NOT_FOUND);

    /**
     * {@code e}, or, for an answer that sends the model to read a file (see {@link #READ_IT}) that the default read
     * refuses as not text, the refusal that says what the file is.
     */
    static FsException orNotText(FsException e, FileSystemProvider fs, ToolFsConfig config, ToolContext ctx, String op,
            ResolvedPath path) {
        return READ_IT.contains(e.code())
                ? notTextRefusal(fs, config, ctx, op, path, e.code() == FsErrorCode.FS_STALE_VERSION).orElse(e)
                : e;
    }
}
