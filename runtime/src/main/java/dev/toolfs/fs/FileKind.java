package dev.toolfs.fs;

/** What a path names, as seen by {@link FileSystemProvider#stat}. */
public enum FileKind {
    REGULAR,
    DIRECTORY,
    /** FIFOs, sockets, devices: refused before any open that could block. */
    OTHER,
    MISSING
}
