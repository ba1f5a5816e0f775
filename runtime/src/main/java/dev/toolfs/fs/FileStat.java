package dev.toolfs.fs;

/** One stat of a resolved path. The version is null unless the path is a regular file. */
public record FileStat(FileKind kind, long size, FileVersion version) {

    public static final FileStat MISSING = new FileStat(FileKind.MISSING, 0, null);

    public boolean exists() {
        return kind != FileKind.MISSING;
    }

    public boolean isRegularFile() {
        return kind == FileKind.REGULAR;
    }
}
