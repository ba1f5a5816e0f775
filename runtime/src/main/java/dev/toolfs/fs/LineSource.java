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
     * Hands the next lines, each cut to at most {@code maxChars} characters, to {@code sink} until it takes no more or
     * the text ends. A source that holds the bytes of its lines passes ASCII lines as bytes. One call for a whole
     * window: the lines go from the source's buffer to the window without a call through the layers per line.
     *
     * @return false when the text ended (every line was handed over), true when the sink stopped taking them
     */
    default boolean nextLines(int maxChars, LineSink sink) {
        while (true) {
            TextLine line = nextLine(maxChars);
            if (line == null) {
                return false;
            }
            if (!sink.line(line)) {
                return true;
            }
        }
    }

    /** Counts the lines not yet consumed, consuming them. */
    long countRemainingLines();
}
