package dev.toolfs.fs;

/**
 * One line of a text file, without its terminator.
 *
 * @param text the line, cut to the requested number of characters when longer
 * @param truncated true when the line was longer than requested
 * @param ascii true when every character is below U+0080, so that its UTF-8 length is its length (false when not
 *        known)
 */
public record TextLine(String text, boolean truncated, boolean ascii) {

    /** A line whose characters were not checked for ASCII. */
    public TextLine(String text, boolean truncated) {
        this(text, truncated, false);
    }
}
