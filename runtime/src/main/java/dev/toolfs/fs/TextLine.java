package dev.toolfs.fs;

/**
 * One line of a text file, without its terminator.
 *
 * @param text the line, cut to the requested number of characters when longer
 * @param truncated true when the line was longer than requested
 */
public record TextLine(String text, boolean truncated) {
}
