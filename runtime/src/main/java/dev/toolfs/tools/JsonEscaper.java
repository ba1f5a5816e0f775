package dev.toolfs.tools;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import dev.toolfs.fs.ByteScan;

/**
 * Builds the inside of a JSON string (its escaped UTF-8 bytes, without the quotes) exactly as Jackson writes it to
 * UTF-8 with its default settings: a quote and a backslash after a backslash; the control characters below 0x20 as
 * {@code \b \t \n \f \r} or <code>&#92;u00XX</code> (upper-case hex); each UTF-16 surrogate as
 * <code>&#92;uXXXX</code>, as Jackson writes the characters beyond the Basic Multilingual Plane; every other character
 * as its UTF-8 bytes. Pure Java, so that a tool can hand over its text already encoded (a read's numbered lines are
 * mostly copied as they are) and a test can hold it to Jackson's own output.
 */
public final class JsonEscaper {

    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    private byte[] out;
    private int length;

    public JsonEscaper(int capacity) {
        out = new byte[Math.max(capacity, 16)];
    }

    /** Empties it, keeping its room. */
    public JsonEscaper reset() {
        length = 0;
        return this;
    }

    /** The room it holds. */
    public int capacity() {
        return out.length;
    }

    /** The bytes built so far. */
    public byte[] bytes() {
        return out;
    }

    public int length() {
        return length;
    }

    /** Appends bytes that need no escaping, as they are. */
    public JsonEscaper raw(byte[] b, int from, int to) {
        int n = to - from;
        room(n);
        System.arraycopy(b, from, out, length, n);
        length += n;
        return this;
    }

    /** Appends one ASCII byte that needs no escaping. */
    public JsonEscaper raw(char c) {
        room(1);
        out[length++] = (byte) c;
        return this;
    }

    /** Appends {@code s}, escaped. */
    public JsonEscaper string(String s) {
        room(s.length()); // the common case: one byte per character
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                ascii(c);
            } else if (c < 0x800) {
                room(2);
                out[length++] = (byte) (0xC0 | c >> 6);
                out[length++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isSurrogate(c)) {
                unicodeEscape(c);
            } else {
                room(3);
                out[length++] = (byte) (0xE0 | c >> 12);
                out[length++] = (byte) (0x80 | c >> 6 & 0x3F);
                out[length++] = (byte) (0x80 | c & 0x3F);
            }
        }
        return this;
    }

    /** Appends the valid UTF-8 text {@code b[from, to)}, escaped. */
    public JsonEscaper utf8(byte[] b, int from, int to) {
        int i = from;
        while (i < to) {
            // The bytes up to the next one that needs a look are copied as they are.
            int special = ByteScan.indexOfJsonSpecial(b, i, to);
            int run = special < 0 ? to : special;
            raw(b, i, run);
            i = run;
            if (i == to) {
                break;
            }
            int c = b[i] & 0xFF;
            if (c < 0x80) {
                ascii((char) c);
                i++;
            } else if (c >= 0xF0) {
                // Four bytes: a character beyond the Basic Multilingual Plane, written as its two surrogates.
                int cp = (c & 0x07) << 18 | (b[i + 1] & 0x3F) << 12 | (b[i + 2] & 0x3F) << 6 | b[i + 3] & 0x3F;
                unicodeEscape(Character.highSurrogate(cp));
                unicodeEscape(Character.lowSurrogate(cp));
                i += 4;
            } else {
                int n = c >= 0xE0 ? 3 : 2;
                raw(b, i, i + n);
                i += n;
            }
        }
        return this;
    }

    private void ascii(char c) {
        if (c >= 0x20 && c != '"' && c != '\\') {
            room(1);
            out[length++] = (byte) c;
            return;
        }
        char shortForm = shortEscape(c);
        if (shortForm == 0) {
            unicodeEscape(c);
            return;
        }
        room(2);
        out[length++] = '\\';
        out[length++] = (byte) shortForm;
    }

    /**
     * The letter after the backslash of the two-character escape Jackson writes for {@code c} (a quote, a backslash,
     * or one of {@code \b \t \n \f \r}), or 0 when it has none.
     */
    static char shortEscape(int c) {
        return switch (c) {
            case '"' -> '"';
            case '\\' -> '\\';
            case '\n' -> 'n';
            case '\t' -> 't';
            case '\r' -> 'r';
            case '\b' -> 'b';
            case '\f' -> 'f';
            default -> 0;
        };
    }

    private void unicodeEscape(char c) {
        room(6);
        out[length++] = '\\';
        out[length++] = 'u';
        out[length++] = HEX[c >> 12 & 0xF];
        out[length++] = HEX[c >> 8 & 0xF];
        out[length++] = HEX[c >> 4 & 0xF];
        out[length++] = HEX[c & 0xF];
    }

    /**
     * Makes room for {@code n} more bytes and returns the array to write them into, from {@link #length()}; then
     * {@link #advance} by as many as were written (which need no escaping).
     */
    byte[] room(int n) {
        if (length + n > out.length) {
            out = Arrays.copyOf(out, Math.max(out.length * 2, length + n));
        }
        return out;
    }

    /** Counts {@code n} bytes written into the array {@link #room} returned. */
    void advance(int n) {
        length += n;
    }
}
