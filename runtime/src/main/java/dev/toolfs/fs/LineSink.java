package dev.toolfs.fs;

/**
 * Takes the lines a {@link LineSource} hands over one at a time. Most lines of source files are plain ASCII, and a
 * source that holds their bytes passes them as bytes: the window that shows them copies them once, where a
 * {@code String} per line would be built, copied again and then thrown away.
 */
public interface LineSink {

    /**
     * An ASCII line without NUL, {@code bytes[from, to)}, already cut to the characters asked for; the bytes are the
     * source's to reuse once this returns.
     *
     * @param truncated the line was longer and has been cut
     * @param jsonPlain no byte needs escaping in a JSON string: none is below 0x20, a quote or a backslash
     * @return whether the sink takes another line
     */
    boolean ascii(byte[] bytes, int from, int to, boolean truncated, boolean jsonPlain);

    /**
     * Any other line (characters beyond ASCII, or a source that holds no bytes).
     *
     * @return whether the sink takes another line
     */
    boolean line(TextLine line);
}
