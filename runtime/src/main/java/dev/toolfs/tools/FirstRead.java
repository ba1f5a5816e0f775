package dev.toolfs.tools;

import java.util.Optional;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.FileStat;
import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.FsErrorCode;
import dev.toolfs.fs.FsException;
import dev.toolfs.fs.LineSource;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.fs.TextCursor;
import dev.toolfs.fs.TextLine;

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
            ResolvedPath path) {
        ToolFsConfig.Read limits = config.read();
        try {
            FileStat stat = fs.stat(path);
            if (!stat.isRegularFile()) {
                return Optional.empty();
            }
            try (TextCursor cursor = fs.openText(path, stat, ctx.cancellation())) {
                // The lines of the window only: its footer's total is not needed to tell.
                ReadRender.window(new WithoutTotal(cursor), 1, limits.limit(), limits.maxLineLength(),
                        ReadRender.lineBudget(ctx.display(path.requested()), limits.maxBytes()), false, stat.size());
            }
            return Optional.empty();
        } catch (FsException e) {
            return e.code() == FsErrorCode.FS_NOT_TEXT && e.reason() != null
                    ? Optional.of(FsException.notTextUnread(op, path.requested(), e.reason()))
                    : Optional.empty();
        }
    }

    /**
     * {@code e}, or, for a "read it first" ({@code FS_NOT_OBSERVED}) about a file the default read refuses as not text,
     * the refusal that says what the file is.
     */
    static FsException orNotText(FsException e, FileSystemProvider fs, ToolFsConfig config, ToolContext ctx, String op,
            ResolvedPath path) {
        return e.code() == FsErrorCode.FS_NOT_OBSERVED ? notTextRefusal(fs, config, ctx, op, path).orElse(e) : e;
    }

    /** The lines of a source, whose remaining lines count as none. */
    private record WithoutTotal(LineSource lines) implements LineSource {

        @Override
        public boolean skipLine() {
            return lines.skipLine();
        }

        @Override
        public TextLine nextLine(int maxChars) {
            return lines.nextLine(maxChars);
        }

        @Override
        public boolean nextLines(int maxChars, dev.toolfs.fs.LineSink sink) {
            return lines.nextLines(maxChars, sink);
        }

        @Override
        public long countRemainingLines() {
            return 0;
        }
    }
}
