package dev.toolfs.fs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Splits a UTF-8 byte stream into lines without ever holding more than one buffer and one (cut) line: skipped lines
 * are only scanned for terminators, and a line longer than asked for is decoded only as far as needed. Every byte
 * read also feeds an optional digest, so the caller gets the hash of what it read in the same pass.
 *
 * <p>
 * Pure Java (no Quarkus), unit-tested directly.
 */
public final class Utf8LineScanner implements LineSource {

    /** The bytes are not UTF-8 text. */
    public static final class NotTextException extends RuntimeException {
        public NotTextException(String why) {
            super(why, null, false, false);
        }
    }

    private static final int HEAD_CHECK_BYTES = 8192;
    private static final byte[] BOM = { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF };

    private final InputStream in;
    private final ContentHash digest;
    private final Cancellation cancel;
    private final byte[] buf;
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private int pos;
    private int lim;
    private boolean eof;
    private long bytesRead;
    private long linesConsumed;
    private boolean started;
    private byte[] acc = new byte[256];

    public Utf8LineScanner(InputStream in, ContentHash digest, int bufferSize) {
        this(in, digest, bufferSize, Cancellation.NONE);
    }

    /**
     * @param cancel looked at before every read of the stream: one call (counting the rest of a file for a footer,
     *        one very long line) may go through a whole file, which must stop when its caller has gone
     *        ({@link java.util.concurrent.CancellationException})
     */
    public Utf8LineScanner(InputStream in, ContentHash digest, int bufferSize, Cancellation cancel) {
        // At least a whole byte-order mark fits, so that it can be recognised and skipped.
        this(in, digest, new byte[Math.max(bufferSize, BOM.length)], cancel);
    }

    /**
     * @param buffer the scanner's buffer, at least 3 bytes, which it owns until its caller is done with it (a caller
     *        may keep one buffer for reading file after file)
     */
    public Utf8LineScanner(InputStream in, ContentHash digest, byte[] buffer, Cancellation cancel) {
        if (buffer.length < BOM.length) {
            throw new IllegalArgumentException("a buffer of " + buffer.length + " bytes cannot hold a byte-order mark");
        }
        this.in = in;
        this.digest = digest;
        this.cancel = cancel;
        this.buf = buffer;
    }

    public Utf8LineScanner(InputStream in) {
        this(in, null, 64 * 1024);
    }

    /**
     * Checks the first bytes of the stream for NUL bytes and invalid UTF-8, so that a binary file is refused even
     * when the window asked for starts past its first line.
     */
    public void checkHead() {
        if (pos == lim && !fill()) {
            return;
        }
        String otherEncoding = markedEncoding();
        if (otherEncoding != null) {
            // Named, so that the model converts it rather than taking it for a binary file (found by black-box testing:
            // it was said to contain NUL bytes).
            throw new NotTextException("it is " + otherEncoding + " text, as its byte-order mark says");
        }
        int n = Math.min(lim - pos, HEAD_CHECK_BYTES);
        if (ByteScan.indexOfNulOrNonAscii(buf, pos, pos + n) < 0) {
            return; // plain ASCII, the common case: valid UTF-8 without NUL
        }
        if (ByteScan.contains(buf, (byte) 0, pos, pos + n)) {
            throw new NotTextException("it contains NUL bytes");
        }
        decoder.reset();
        // Decoded only to be checked: through a small buffer, emptied whenever it fills.
        CharBuffer out = CharBuffer.allocate(Math.min(n, 256));
        ByteBuffer in = ByteBuffer.wrap(buf, pos, n);
        // endOfInput=false: a sequence cut by the sample's end is not an error.
        boolean end = eof && n == lim - pos;
        for (CoderResult r = decoder.decode(in, out, end);; r = decoder.decode(in, out, end)) {
            if (r.isError()) {
                // Its line, as read numbers them (found by black-box testing: "in the first 22 bytes" of a file of 22
                // bytes said neither where nor that the whole file was looked at).
                throw new NotTextException("invalid UTF-8 in line "
                        + (linesConsumed + 1 + ByteScan.count(buf, (byte) '\n', pos, in.position())));
            }
            if (!r.isOverflow()) {
                break;
            }
            out.clear();
        }
        // A sequence cut by the end of the sample: the end of the file, where it is invalid, or more bytes that were
        // not read yet. Rare (text not ASCII, its sample cut mid-character, little in the buffer), so only then is the
        // stream read on to tell: up to a whole character past the sample.
        if (!end && in.hasRemaining() && readOn()) {
            checkHead();
        }
    }

    /**
     * The encoding a byte-order mark of UTF-16 or UTF-32 at the start of the file names, or null. A UTF-8 mark has been
     * skipped by then; these are not valid UTF-8 at all.
     */
    private String markedEncoding() {
        if (bytesRead - lim + pos != 0) {
            return null; // not the start of the file
        }
        int n = lim - pos;
        if (n >= 4 && buf[pos] == (byte) 0xFF && buf[pos + 1] == (byte) 0xFE && buf[pos + 2] == 0 && buf[pos + 3] == 0) {
            return "UTF-32LE";
        }
        if (n >= 4 && buf[pos] == 0 && buf[pos + 1] == 0 && buf[pos + 2] == (byte) 0xFE && buf[pos + 3] == (byte) 0xFF) {
            return "UTF-32BE";
        }
        if (n >= 2 && buf[pos] == (byte) 0xFF && buf[pos + 1] == (byte) 0xFE) {
            return "UTF-16LE";
        }
        if (n >= 2 && buf[pos] == (byte) 0xFE && buf[pos + 1] == (byte) 0xFF) {
            return "UTF-16BE";
        }
        return null;
    }

    /**
     * Reads on into the buffer after what it holds, to the end of the stream or until it holds a character more than the
     * head check's bytes; whether anything was learnt (bytes, or the end).
     */
    private boolean readOn() {
        boolean learnt = false;
        try {
            while (!eof && lim - pos < HEAD_CHECK_BYTES + 4 && lim < buf.length) {
                learnt |= append() != 0;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return learnt;
    }

    /**
     * Reads more of the stream into the buffer after what it holds (fed to the digest); the bytes read, or -1 at the end
     * of the stream, which is then noted.
     */
    private int append() throws IOException {
        int n = in.read(buf, lim, buf.length - lim);
        if (n < 0) {
            eof = true;
            return -1;
        }
        took(lim, n);
        lim += n;
        return n;
    }

    /** Bytes read from the stream so far. */
    public long bytesRead() {
        return bytesRead;
    }

    /** Reads the rest of the stream (feeding the digest) without splitting it into lines. */
    public void drain() {
        while (fill()) {
            pos = lim;
        }
        pos = lim;
    }

    private boolean fill() {
        try {
            while (!eof) {
                if (cancel.isCancelled()) {
                    throw new java.util.concurrent.CancellationException("the read was cancelled");
                }
                int n;
                do {
                    n = in.read(buf, 0, buf.length);
                } while (n == 0);
                if (n < 0) {
                    eof = true;
                    break;
                }
                took(0, n);
                pos = 0;
                lim = n;
                if (!started) {
                    started = true;
                    skipByteOrderMark();
                }
                if (pos < lim) {
                    return true;
                }
                // A file of only a byte-order mark: nothing to show, read on (to the end).
            }
            pos = lim = 0;
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A byte-order mark is not text: edit matches without it, so read neither shows it nor counts a file of only a
     * mark as one empty line. Skipped here, before any line is split, so that every way through the lines agrees.
     */
    private void skipByteOrderMark() throws IOException {
        while (lim < BOM.length && isBomPrefix(lim)) {
            if (append() < 0) { // the first read may stop inside the mark
                return;
            }
        }
        if (lim >= BOM.length && isBomPrefix(BOM.length)) {
            pos = BOM.length;
        }
    }

    private boolean isBomPrefix(int len) {
        for (int k = 0; k < len; k++) {
            if (buf[k] != BOM[k]) {
                return false;
            }
        }
        return true;
    }

    private void took(int off, int n) {
        if (digest != null) {
            digest.update(buf, off, n);
        }
        bytesRead += n;
    }

    private int indexOfNewline(int from, int to) {
        return ByteScan.indexOf(buf, (byte) '\n', from, to);
    }

    @Override
    public boolean skipLine() {
        boolean any = false;
        while (true) {
            if (pos == lim && !fill()) {
                if (any) {
                    linesConsumed++;
                }
                return any;
            }
            any = true;
            int i = indexOfNewline(pos, lim);
            if (i >= 0) {
                pos = i + 1;
                linesConsumed++;
                return true;
            }
            pos = lim;
        }
    }

    @Override
    public TextLine nextLine(int maxChars) {
        if (pos < lim) {
            TextLine inBuffer = lineInBuffer(maxChars, cap(maxChars));
            if (inBuffer != null) {
                return inBuffer;
            }
        }
        return decodedLine(maxChars);
    }

    /** Three bytes per UTF-16 char at most, so this many bytes always decode to more than maxChars chars. */
    private static int cap(int maxChars) {
        return (int) Math.min(((long) maxChars + 1) * 3, Integer.MAX_VALUE - 16);
    }

    /**
     * The next line through the general path: its bytes gathered across buffers (up to the cap), decoded, and checked
     * for NUL and invalid UTF-8; null at the end of the text.
     */
    private TextLine decodedLine(int maxChars) {
        int cap = cap(maxChars);
        int accLen = 0;
        boolean overflow = false;
        boolean any = false;
        boolean terminated = false;
        while (true) {
            if (pos == lim && !fill()) {
                break;
            }
            any = true;
            int i = indexOfNewline(pos, lim);
            int end = i >= 0 ? i : lim;
            int room = cap - accLen;
            int take = Math.min(end - pos, room);
            if (end - pos > room) {
                overflow = true;
            }
            if (take > 0) {
                if (accLen + take > acc.length) {
                    byte[] bigger = new byte[Math.max(acc.length * 2, accLen + take)];
                    System.arraycopy(acc, 0, bigger, 0, accLen);
                    acc = bigger;
                }
                System.arraycopy(buf, pos, acc, accLen, take);
                accLen += take;
            }
            if (i >= 0) {
                pos = i + 1;
                terminated = true;
                break;
            }
            pos = lim;
        }
        if (!any) {
            return null;
        }
        linesConsumed++;
        int len = accLen;
        if (!overflow && terminated && len > 0 && acc[len - 1] == '\r') {
            len--;
        }
        String s = asciiOrNull(acc, 0, len);
        boolean ascii = s != null;
        if (!ascii) {
            s = decodeUtf8(len, overflow);
        }
        return line(s, maxChars, overflow, ascii);
    }

    @Override
    public boolean nextLines(int maxChars, LineSink sink) {
        while (true) {
            // The common case, a whole ASCII line terminated inside the buffer, is handed over as the buffer's bytes.
            // A line break is below 0x20, so one scan finds the end of a line that needs no JSON escape.
            if (pos < lim) {
                int start = pos;
                int special = ByteScan.indexOfJsonSpecial(buf, start, lim);
                int i;
                int end;
                boolean plain;
                if (special >= 0 && buf[special] == '\n') {
                    i = special;
                    end = i;
                    plain = true;
                } else if (special >= 0 && buf[special] == '\r' && special + 1 < lim && buf[special + 1] == '\n') {
                    i = special + 1;
                    end = special;
                    plain = true;
                } else {
                    i = special < 0 ? -1 : indexOfNewline(special, lim);
                    end = i > start && buf[i - 1] == '\r' ? i - 1 : i;
                    plain = false;
                    // A NUL or a byte beyond ASCII: the general path decodes the line, or refuses its NUL.
                    if (i >= 0 && ByteScan.indexOfNulOrNonAscii(buf, special, end) >= 0) {
                        i = -1;
                    }
                }
                if (i >= 0) {
                    linesConsumed++;
                    pos = i + 1;
                    boolean cut = end - start > maxChars;
                    int shownEnd = cut ? start + maxChars : end;
                    if (!sink.ascii(buf, start, shownEnd, cut, plain || special >= shownEnd)) {
                        return true;
                    }
                    continue;
                }
            }
            // The line is not whole in the buffer, or holds a NUL or bytes beyond ASCII (which the scan above found,
            // so the in-buffer shortcut of nextLine would not take it either).
            TextLine line = decodedLine(maxChars);
            if (line == null) {
                return false;
            }
            if (!sink.line(line)) {
                return true;
            }
        }
    }

    /**
     * The common case without copying the bytes first: a whole ASCII line, terminated inside the buffer, that fits.
     * Null (and nothing consumed) otherwise.
     */
    private TextLine lineInBuffer(int maxChars, int cap) {
        int i = indexOfNewline(pos, lim);
        if (i < 0 || i - pos > cap) {
            return null;
        }
        int len = i > pos && buf[i - 1] == '\r' ? i - pos - 1 : i - pos;
        if (ByteScan.indexOfNulOrNonAscii(buf, pos, pos + len) >= 0) {
            return null; // the general path decodes it, or refuses its NUL
        }
        linesConsumed++;
        String s = new String(buf, pos, len, StandardCharsets.ISO_8859_1);
        pos = i + 1;
        return line(s, maxChars, false, true);
    }

    private TextLine line(String s, int maxChars, boolean overflow, boolean ascii) {
        if (s.length() > maxChars) {
            int cut = maxChars;
            if (cut > 0 && Character.isHighSurrogate(s.charAt(cut - 1))) {
                cut--;
            }
            return new TextLine(s.substring(0, cut), true, ascii);
        }
        return new TextLine(s, overflow, ascii);
    }

    /** Most source lines are ASCII: those need no decoder, only the NUL check. */
    private String asciiOrNull(byte[] bytes, int off, int len) {
        int bad = ByteScan.indexOfNulOrNonAscii(bytes, off, off + len);
        if (bad < 0) {
            return new String(bytes, off, len, StandardCharsets.ISO_8859_1);
        }
        if (bytes[bad] == 0) {
            throw new NotTextException("line " + linesConsumed + " contains NUL bytes");
        }
        return null;
    }

    private String decodeUtf8(int len, boolean overflow) {
        decoder.reset();
        CharBuffer out = CharBuffer.allocate(len + 1);
        CoderResult r = decoder.decode(ByteBuffer.wrap(acc, 0, len), out, !overflow);
        if (r.isError()) {
            throw new NotTextException("invalid UTF-8 in line " + linesConsumed);
        }
        out.flip();
        for (int k = 0; k < out.limit(); k++) {
            if (out.get(k) == '\0') {
                throw new NotTextException("line " + linesConsumed + " contains NUL bytes");
            }
        }
        return out.toString();
    }

    @Override
    public long countRemainingLines() {
        long count = 0;
        boolean any = false;
        boolean endsWithNewline = false;
        while (true) {
            if (pos == lim && !fill()) {
                break;
            }
            any = true;
            count += ByteScan.count(buf, (byte) '\n', pos, lim);
            endsWithNewline = buf[lim - 1] == '\n';
            pos = lim;
        }
        if (any && !endsWithNewline) {
            count++;
        }
        linesConsumed += count;
        return count;
    }

    /** Lines consumed so far (skipped, read or counted). */
    public long linesConsumed() {
        return linesConsumed;
    }
}
