package dev.toolfs.tools;

import dev.toolfs.fs.LineSource;

/**
 * Read windowing and formatting, byte-exact to SPEC.md. Pure Java: it pulls lines from a {@link LineSource} and
 * stops as soon as the window and its footer are known, so the cost follows the window, not the file (except for
 * the line total a footer needs).
 */
public final class ReadRender {

    private ReadRender() {
    }

    /** A numbered line as shown (already cut, with the truncation suffix). */
    public record NumberedLine(long number, String text) {
    }

    public enum Footer {
        /** {@code (Output capped. Showing lines a-b. Use offset=n to continue.)} */
        CAPPED,
        /** {@code (Showing lines a-b of t. Use offset=n to continue.)} */
        MORE,
        /** {@code (End of file - total t lines)} */
        END
    }

    /**
     * @param offset the first line asked for (1-based)
     * @param lines the lines shown
     * @param totalLines the file's line count, or -1 when the window was capped and counting was not worth it
     * @param footer which footer closes the window
     * @param outOfRange true when {@code offset} lies past the last line (lines is then empty)
     */
    public record Window(long offset, RenderedLines lines, long totalLines, Footer footer, boolean outOfRange) {

        /** The file's line total, or null when the window did not count it (the byte cap ended a huge file's window). */
        public Long knownTotal() {
            return totalLines < 0 ? null : totalLines;
        }

        public long end() {
            return offset - 1 + lines.size();
        }

        /** The UTF-8 bytes of the numbered lines ({@code "n: text\n"}), as the byte cap counted them. */
        public long lineBytes() {
            return lines.byteLength();
        }
    }

    /**
     * Cuts the window {@code [offset, offset + limit)} out of {@code source}.
     *
     * @param maxLineLength longer lines are cut to this many characters
     * @param maxBytes the rendered lines ({@code "n: text\n"}, UTF-8) stop before exceeding this; at least one line
     *        is always shown so that paging makes progress
     * @param countWhenCapped whether to count the remaining lines when the byte cap ends the window (its footer
     *        needs no total)
     */
    public static Window window(LineSource source, long offset, int limit, int maxLineLength, long maxBytes,
            boolean countWhenCapped) {
        return window(source, offset, limit, maxLineLength, maxBytes, countWhenCapped, -1);
    }

    /**
     * The same, with the size of the text when known ({@code -1} if not), so that the rendered lines are given the
     * room they will take at once rather than grown into it copy by copy.
     */
    public static Window window(LineSource source, long offset, int limit, int maxLineLength, long maxBytes,
            boolean countWhenCapped, long textBytes) {
        for (long skipped = 0; skipped < offset - 1; skipped++) {
            if (!source.skipLine()) {
                return new Window(offset, RenderedLines.none(offset), skipped, Footer.END, true);
            }
        }
        RenderedLines.Builder lines = lines(offset, limit, maxLineLength, maxBytes, textBytes);
        boolean ended = limit > 0 && !source.nextLines(maxLineLength, lines);
        if (lines.capped()) {
            // The line that did not fit is not shown; it still counts towards the total.
            long total = countWhenCapped ? offset + lines.size() + source.countRemainingLines() : -1;
            return new Window(offset, lines.build(), total, Footer.CAPPED, false);
        }
        if (ended) {
            if (lines.size() == 0 && offset > 1) {
                return new Window(offset, RenderedLines.none(offset), offset - 1, Footer.END, true);
            }
            return new Window(offset, lines.build(), offset - 1 + lines.size(), Footer.END, false);
        }
        long end = offset - 1 + lines.size();
        long rest = source.countRemainingLines();
        return new Window(offset, lines.build(), end + rest, rest > 0 ? Footer.MORE : Footer.END, false);
    }

    /**
     * Takes the lines of the window {@code [1, 1 + limit)} from {@code source} as {@link #window} does, decoding and
     * checking each, without the line total its footer would need: for a look at what a read would refuse.
     */
    public static void takeFirstLines(LineSource source, int limit, int maxLineLength, long maxBytes, long textBytes) {
        if (limit > 0) {
            source.nextLines(maxLineLength, lines(1, limit, maxLineLength, maxBytes, textBytes));
        }
    }

    /**
     * The builder of a window's lines, given the room it will take: the cap (and a line past it), or the text and some
     * numbers when it is smaller, or 128 bytes a line for a short window, up to 1 MiB (a cap set far higher is grown
     * into only by a window that needs it); grown as lines come when the size is not known. The window's lines keep
     * this room while its result lives.
     */
    private static RenderedLines.Builder lines(long offset, int limit, int maxLineLength, long maxBytes, long textBytes) {
        long room = textBytes < 0 ? Math.min(maxBytes, 16 * 1024)
                : Math.min(Math.min(maxBytes + 64, textBytes + textBytes / 8 + 64), 128L * Math.max(limit, 1));
        return new RenderedLines.Builder(offset, limit, maxLineLength, maxBytes, (int) Math.min(room, 1 << 20));
    }

    /** The model-facing text of a window. */
    public static String render(String displayPath, Window w) {
        return w.lines().text(head(displayPath), tail(w));
    }

    /**
     * Appends the model-facing text of a window as the inside of a JSON string, the same bytes Jackson would write
     * for {@link #render}'s text: the lines that need no escape are copied as they are.
     */
    public static JsonEscaper json(String displayPath, Window w, JsonEscaper out) {
        out.string(head(displayPath));
        w.lines().appendJson(out);
        return out.string(tail(w));
    }

    /** The most the text after the lines can take: the longest tail there is, each of its numbers as long as a long's. */
    static final int TAIL_RESERVE = java.util.Arrays.stream(Footer.values())
            .mapToInt(kind -> tail(new Window(Long.MAX_VALUE - 1, RenderedLines.none(Long.MAX_VALUE - 1), Long.MAX_VALUE,
                    kind, false)).length()) // ASCII: its length is its bytes
            .max().getAsInt();

    /**
     * What a window's numbered lines may take so that its whole rendered text (the header with {@code displayPath},
     * the lines, the footer) stays within {@code maxBytes}, as the read limit is meant; at least 1 (the first line is
     * always shown).
     */
    public static long lineBudget(String displayPath, long maxBytes) {
        long frame = head(displayPath).getBytes(java.nio.charset.StandardCharsets.UTF_8).length + TAIL_RESERVE;
        return Math.max(1, maxBytes - frame);
    }

    private static String head(String displayPath) {
        return "<path>" + displayPath + "</path>\n<type>file</type>\n<content>\n";
    }

    private static String tail(Window w) {
        return "\n" + footer(w) + "\n</content>";
    }

    public static String footer(Window w) {
        long next = w.end() + 1;
        return switch (w.footer()) {
            case CAPPED -> "(Output capped. Showing lines " + w.offset() + "-" + w.end() + ". Use offset=" + next
                    + " to continue.)";
            case MORE -> "(Showing lines " + w.offset() + "-" + w.end() + " of " + w.totalLines() + ". Use offset=" + next
                    + " to continue.)";
            case END -> "(End of file - total " + w.totalLines() + " lines)";
        };
    }

    /** The error text for an offset past the end. */
    public static String outOfRange(long offset, String displayPath, long totalLines) {
        return "offset " + offset + " is out of range for \"" + displayPath + "\" (" + totalLines + " lines)";
    }

    /** The decimal digits of a positive line number, without building its string. */
    static int digits(long n) {
        int d = 1;
        for (long limit = 10; n >= limit && d < 19; limit *= 10) {
            d++;
        }
        return d;
    }
}
