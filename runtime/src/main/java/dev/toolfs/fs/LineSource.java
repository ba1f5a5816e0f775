package dev.toolfs.fs;

/**
 * Lines of a text in order, read lazily so that a window of a huge file costs memory bounded by the window.
 * Lines are split on {@code \n} and {@code \r\n}; a final terminator does not start an extra line.
 */
public interface LineSource {

    /** Skips one line without decoding it; false at the end of the text. */
    boolean skipLine();

    /** The next line cut to at most {@code maxChars} characters, or null at the end of the text. */
    TextLine nextLine(int maxChars);

    /**
     * Hands the next line, cut to at most {@code maxChars} characters, to {@code sink}; false (and nothing handed
     * over) at the end of the text. A source that holds the bytes of its lines passes ASCII lines as bytes.
     */
    default boolean nextLine(int maxChars, LineSink sink) {
        TextLine line = nextLine(maxChars);
        if (line == null) {
            return false;
        }
        sink.line(line);
        return true;
    }

    /** Counts the lines not yet consumed, consuming them. */
    long countRemainingLines();
}
