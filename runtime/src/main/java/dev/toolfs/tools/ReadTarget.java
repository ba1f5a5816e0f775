package dev.toolfs.tools;

import dev.toolfs.fs.FileStat;
import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.FsException;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.gates.Gates;

/** The one stat of read and read_image: a missing file is recorded as confirmed absent before "not found". */
final class ReadTarget {

    private ReadTarget() {
    }

    static FileStat stat(FileSystemProvider fs, Gates gates, ToolContext ctx, ResolvedPath path) {
        FileStat stat = fs.stat(path);
        if (!stat.exists()) {
            gates.observed(ctx.execution(), path, null);
            throw FsException.notFound("read", path.requested());
        }
        if (!stat.isRegularFile()) {
            throw FsException.notRegularFile("read", path.requested());
        }
        return stat;
    }
}
