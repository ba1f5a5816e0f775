package dev.toolfs.tools;

import java.nio.charset.StandardCharsets;
import java.util.AbstractList;
import java.util.Arrays;

import dev.toolfs.fs.ByteScan;
import dev.toolfs.fs.LineSink;
import dev.toolfs.fs.TextLine;

/**
 * The numbered lines of a read window as the model sees them ({@code "n: text\n"} each), kept as their UTF-8 bytes
 * with, for each line, whether its text holds a byte a JSON string must escape. The model's text and its JSON are
 * both made from these bytes by copying; a {@link ReadRender.NumberedLine} is made only when the list is read (the
 * canonical result, a card), which most calls never do.
 */
public final class RenderedLines extends AbstractList<ReadRender.NumberedLine> {

    /** The room the builder leaves before the lines and after them, for the text's head and tail. */
    private static final int HEAD_ROOM = 256;
    private static final int TAIL_ROOM = 192;

    private final long first;
    private final byte[] bytes;
    /** Where the lines start in {@code bytes}, and where they end. */
    private final int origin;
    private final int length;
    /** The end of each line's bytes, after its line break. */
    private final int[] ends;
    /** One bit per line: its text needs escaping in JSON, or is not ASCII. */
    private final long[] escaped;
    private final int count;
    private final boolean ascii;

    private RenderedLines(long first, byte[] bytes, int origin, int length, int[] ends, long[] escaped, int count,
            boolean ascii) {
        this.first = first;
        this.bytes = bytes;
        this.origin = origin;
        this.length = length;
        this.ends = ends;
        this.escaped = escaped;
        this.count = count;
        this.ascii = ascii;
    }

    /** No lines, the first one that would be shown being {@code first}. */
    static RenderedLines none(long first) {
        return new RenderedLines(first, new byte[0], 0, 0, new int[0], new long[0], 0, true);
    }

    @Override
    public ReadRender.NumberedLine get(int index) {
        if (index < 0 || index >= count) {
            throw new IndexOutOfBoundsException("line " + index + " of " + count);
        }
        long number = first + index;
        int from = start(index) + ReadRender.digits(number) + 2; // after "n: "
        int to = ends[index] - 1; // before the line break
        return new ReadRender.NumberedLine(number,
                new String(bytes, from, to - from, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8));
    }

    @Override
    public int size() {
        return count;
    }

    /** The UTF-8 length of all the lines, as the byte cap counts them. */
    public int byteLength() {
        return length - origin;
    }

    /** All the lines as one text. */
    String text() {
        return new String(bytes, origin, length - origin, ascii ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
    }

    /**
     * {@code head}, the lines and {@code tail} as one text. An ASCII text is made in one copy, its head and tail
     * written into the room the builder left around the lines (the lines' bytes themselves are never changed; the
     * room is one text's at a time).
     */
    synchronized String text(String head, String tail) {
        if (ascii && origin >= head.length() && bytes.length - length >= tail.length() && ByteScan.isAscii(head)
                && ByteScan.isAscii(tail)) {
            int from = origin - head.length();
            putAscii(head, from);
            putAscii(tail, length);
            return new String(bytes, from, length - from + tail.length(), StandardCharsets.ISO_8859_1);
        }
        return head + text() + tail;
    }

    private void putAscii(String s, int at) {
        for (int k = 0; k < s.length(); k++) {
            bytes[at + k] = (byte) s.charAt(k);
        }
    }

    /** Appends all the lines to {@code out}, escaped for a JSON string: a line that needs no escape is copied. */
    void appendJson(JsonEscaper out) {
        int i = 0;
        while (i < count) {
            // A run of lines that need no escape, in room made once: each is copied with its break written as \n.
            int run = i;
            while (run < count && (escaped[run >>> 6] & 1L << run) == 0) {
                run++;
            }
            if (run > i) {
                byte[] to = out.room(ends[run - 1] - start(i) + (run - i));
                int at = out.length();
                for (int k = i; k < run; k++) {
                    int from = start(k);
                    int n = ends[k] - 1 - from;
                    System.arraycopy(bytes, from, to, at, n);
                    at += n;
                    to[at++] = '\\';
                    to[at++] = 'n';
                }
                out.advance(at - out.length());
                i = run;
            } else {
                out.utf8(bytes, start(i), ends[i]);
                i++;
            }
        }
    }

    private int start(int index) {
        return index == 0 ? origin : ends[index - 1];
    }

    /**
     * Takes the lines a source hands over and renders each one, numbered, after the ones kept, until the window is
     * full: {@code limit} lines, or a line that would take the lines past the byte cap (which is taken from the
     * source but not kept; the first line is always kept, so that paging makes progress). Copies the bytes it is
     * handed at once: a source may reuse them.
     */
    static final class Builder implements LineSink {

        private final long first;
        private final int limit;
        private final long maxBytes;
        private final byte[] note;
        private byte[] bytes;
        private int length;
        private int kept;
        private int[] ends = new int[64];
        private long[] escaped = new long[1];
        private int count;
        private boolean ascii = true;
        private boolean capped;
        /** The next line's number in decimal, right-aligned: {@code digitCount} digits (none before the first line). */
        private final byte[] digits = new byte[20];
        private int digitCount;

        /**
         * @param first the number of the first line
         * @param limit the most lines to keep
         * @param maxLineLength the cut of a long line, which its truncation note names
         * @param maxBytes the most UTF-8 bytes the kept lines may take (numbered, with their line breaks)
         * @param capacity the bytes to make room for at first
         */
        Builder(long first, int limit, int maxLineLength, long maxBytes, int capacity) {
            this.first = first;
            this.limit = limit;
            this.maxBytes = maxBytes;
            this.note = ("... (line truncated to " + maxLineLength + " chars)").getBytes(StandardCharsets.US_ASCII);
            this.bytes = new byte[HEAD_ROOM + Math.max(capacity, 64) + TAIL_ROOM];
            this.length = HEAD_ROOM;
            this.kept = HEAD_ROOM;
        }

        @Override
        public boolean ascii(byte[] b, int from, int to, boolean truncated, boolean jsonPlain) {
            render(b, from, to, truncated);
            return keepOrDrop(true, jsonPlain);
        }

        @Override
        public boolean line(TextLine line) {
            byte[] text = line.ascii() ? line.text().getBytes(StandardCharsets.ISO_8859_1)
                    : wellFormed(line.text()).getBytes(StandardCharsets.UTF_8);
            // The source's ASCII mark may be missing: the bytes say what the line is.
            int special = ByteScan.indexOfJsonSpecial(text, 0, text.length);
            render(text, 0, text.length, line.truncated());
            return keepOrDrop(special < 0 || ByteScan.indexOfNulOrNonAscii(text, special, text.length) < 0,
                    special < 0);
        }

        /**
         * Writes the next line after the ones kept, {@code "n: text\n"} with the truncation note when cut: its room
         * made once, its bytes written in one go (this runs for nearly every line shown).
         */
        private void render(byte[] b, int from, int to, boolean truncated) {
            int n = to - from;
            if (digitCount == 0) {
                startNumbering(first + count);
            }
            int need = length + digitCount + 3 + n + (truncated ? note.length : 0);
            if (need > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, need + TAIL_ROOM));
            }
            byte[] out = bytes;
            int at = length;
            for (int k = digits.length - digitCount; k < digits.length; k++) {
                out[at++] = digits[k];
            }
            out[at++] = ':';
            out[at++] = ' ';
            System.arraycopy(b, from, out, at, n);
            at += n;
            if (truncated) {
                System.arraycopy(note, 0, out, at, note.length);
                at += note.length;
            }
            out[at++] = '\n';
            length = at;
        }

        /**
         * The text with each lone surrogate (which UTF-8 cannot hold, and which a file read as strict UTF-8 never
         * yields; another source might) as U+FFFD, the replacement character: the encoder would make it a question mark.
         */
        private static String wellFormed(String s) {
            StringBuilder out = null;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                boolean paired = Character.isHighSurrogate(c) && i + 1 < s.length()
                        && Character.isLowSurrogate(s.charAt(i + 1));
                if (paired) {
                    if (out != null) {
                        out.append(c).append(s.charAt(i + 1));
                    }
                    i++;
                } else if (Character.isSurrogate(c)) {
                    if (out == null) {
                        out = new StringBuilder(s.length()).append(s, 0, i);
                    }
                    out.append('\uFFFD');
                } else if (out != null) {
                    out.append(c);
                }
            }
            return out == null ? s : out.toString();
        }

        /** Lines kept so far. */
        int size() {
            return count;
        }

        /** Whether the byte cap ended the window: the last line handed over was not kept. */
        boolean capped() {
            return capped;
        }

        /** Keeps the line just rendered, unless it takes the lines past the byte cap; whether to take another. */
        private boolean keepOrDrop(boolean lineAscii, boolean plain) {
            if (count > 0 && length - HEAD_ROOM > maxBytes) { // the line's cost is length - kept
                length = kept;
                capped = true;
                return false;
            }
            if (count == ends.length) {
                ends = Arrays.copyOf(ends, count * 2);
            }
            if (count >>> 6 == escaped.length) {
                escaped = Arrays.copyOf(escaped, escaped.length * 2);
            }
            ends[count] = length;
            if (!plain) {
                escaped[count >>> 6] |= 1L << count;
            }
            ascii &= lineAscii;
            count++;
            kept = length;
            countUp();
            return count < limit;
        }

        RenderedLines build() {
            return new RenderedLines(first, bytes, HEAD_ROOM, kept, ends, escaped, count, ascii);
        }

        /** The lines are numbered in turn: the decimal digits are counted up, not divided out of each number. */
        private void startNumbering(long n) {
            String s = Long.toString(n);
            digitCount = s.length();
            for (int k = 0; k < digitCount; k++) {
                digits[digits.length - digitCount + k] = (byte) s.charAt(k);
            }
        }

        /** Counts the digits up to the number of the line after the one kept. */
        private void countUp() {
            int k = digits.length - 1;
            while (k >= digits.length - digitCount && digits[k] == '9') {
                digits[k--] = '0';
            }
            if (k < digits.length - digitCount) {
                digitCount++; // 99 becomes 100
                digits[k] = '1';
            } else {
                digits[k]++;
            }
        }
    }
}
