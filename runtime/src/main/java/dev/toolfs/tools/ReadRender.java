package dev.toolfs.tools;

import java.util.ArrayList;
import java.util.List;

import dev.toolfs.fs.LineSource;
import dev.toolfs.fs.TextLine;

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
     * @param lineBytes the UTF-8 bytes of the numbered lines ({@code "n: text\n"}), as the byte cap counted them
     */
    public record Window(long offset, List<NumberedLine> lines, long totalLines, Footer footer, boolean outOfRange,
            long lineBytes) {

        /** The file's line total, or null when the window did not count it (the byte cap ended a huge file's window). */
        public Long knownTotal() {
            return totalLines < 0 ? null : totalLines;
        }

        public long end() {
            return lines.isEmpty() ? offset - 1 : lines.get(lines.size() - 1).number();
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
        for (long skipped = 0; skipped < offset - 1; skipped++) {
            if (!source.skipLine()) {
                return new Window(offset, List.of(), skipped, Footer.END, true, 0);
            }
        }
        // Grows as lines come: most windows are far shorter than the limit.
        List<NumberedLine> lines = new ArrayList<>(Math.min(limit, 128));
        long bytes = 0;
        while (lines.size() < limit) {
            TextLine line = source.nextLine(maxLineLength);
            if (line == null) {
                if (lines.isEmpty() && offset > 1) {
                    return new Window(offset, List.of(), offset - 1, Footer.END, true, 0);
                }
                return new Window(offset, lines, offset - 1 + lines.size(), Footer.END, false, bytes);
            }
            long number = offset + lines.size();
            String text = line.truncated() ? line.text() + "... (line truncated to " + maxLineLength + " chars)"
                    : line.text();
            // "n: " + text + "\n"; the truncation note is ASCII, so an ASCII line stays ASCII with it.
            long cost = (line.ascii() ? text.length() : utf8Length(text)) + digits(number) + 3;
            if (!lines.isEmpty() && bytes + cost > maxBytes) {
                // The line just taken is not shown; it still counts towards the total.
                long total = countWhenCapped ? number + source.countRemainingLines() : -1;
                return new Window(offset, lines, total, Footer.CAPPED, false, bytes);
            }
            bytes += cost;
            lines.add(new NumberedLine(number, text));
        }
        long end = offset - 1 + lines.size();
        long rest = source.countRemainingLines();
        return new Window(offset, lines, end + rest, rest > 0 ? Footer.MORE : Footer.END, false, bytes);
    }

    /** The model-facing text of a window. */
    public static String render(String displayPath, Window w) {
        // Sized so that it never grows (each growth copies it): tags and footer, then the lines, whose UTF-8 bytes
        // the window counted (never fewer than their characters).
        StringBuilder sb = new StringBuilder((int) Math.min(160 + displayPath.length() + w.lineBytes(),
                Integer.MAX_VALUE - 16));
        sb.append("<path>").append(displayPath).append("</path>\n");
        sb.append("<type>file</type>\n");
        sb.append("<content>\n");
        for (NumberedLine l : w.lines()) {
            sb.append(l.number()).append(": ").append(l.text()).append('\n');
        }
        sb.append('\n').append(footer(w)).append("\n</content>");
        return sb.toString();
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

    static long utf8Length(CharSequence s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                n++;
            } else if (c < 0x800) {
                n += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                n += 4;
                i++;
            } else {
                n += 3;
            }
        }
        return n;
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
