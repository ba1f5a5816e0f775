package dev.toolfs.tools;

import java.util.List;

import jakarta.inject.Inject;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.FileStat;
import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.FileVersion;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.fs.TextCursor;
import dev.toolfs.gates.Gates;

/** {@code read}: one stat, then a windowed read, then {@code fs/observed}. */
@CatalogTool(name = "read", order = 10, readOnly = true, description = "Reads a UTF-8 text file and returns its lines "
        + "numbered from 1, in a window of limited size (by default at most 2000 lines and 50 KiB). Long lines are "
        + "cut. Use offset and limit to page through a large file; the footer says where to continue.")
public class ReadTool implements ToolExecutor<ReadArgs> {

    @Inject
    FileSystemProvider fs;

    @Inject
    Gates gates;

    @Inject
    ToolFsConfig config;

    @Override
    public ToolOutcome execute(ReadArgs args, ToolContext ctx) {
        ToolFsConfig.Read limits = config.read();
        if (args.limit() != null && args.limit() > limits.limit()) {
            throw new ToolInputException("limit must be less than or equal to " + limits.limit());
        }
        int limit = args.limit() == null ? limits.limit() : args.limit().intValue();
        long offset = args.offset() == null ? 1 : args.offset();

        ResolvedPath path = fs.resolve("read", args.filePath(), ctx.cwd(), ctx.cancellation());
        FileStat stat = ReadTarget.stat(fs, gates, ctx, path);
        String display = ctx.display(path.requested());
        ReadRender.Window window;
        FileVersion version;
        try (TextCursor cursor = fs.openText(path, stat, ctx.cancellation())) {
            boolean countWhenCapped = stat.size() <= config.version().maxHashBytes();
            window = ReadRender.window(cursor, offset, limit, limits.maxLineLength(),
                    ReadRender.lineBudget(display, limits.maxBytes()), countWhenCapped, stat.size());
            if (window.outOfRange()) {
                throw new ToolInputException(ReadRender.outOfRange(offset, display, window.totalLines()));
            }
            version = cursor.version();
        }
        gates.observed(ctx.execution(), path, version);
        ReadResult canonical = new ReadResult(display, offset, window.lines(), window.knownTotal());
        ContentBlock.Text text = new ContentBlock.Text(ReadRender.render(display, window),
                out -> ReadRender.json(display, window, out));
        return new ToolOutcome(List.of(text), canonical, ReadCard.of(display, window));
    }
}
