package dev.toolfs.fs;

/** A {@link LineSource} over an opened file that also yields the version of exactly the bytes it read. */
public interface TextCursor extends LineSource, AutoCloseable {

    /**
     * The version of the file as read. Reading stops early when the caller needs no more lines and the provider does
     * not need the rest to identify the version (for example, files too large to hash).
     */
    FileVersion version();

    @Override
    void close();
}
