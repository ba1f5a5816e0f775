package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class Utf8LineScannerTest {

    private static Utf8LineScanner scanner(byte[] bytes) {
        return new Utf8LineScanner(new ByteArrayInputStream(bytes), null, 5);
    }

    private static Utf8LineScanner scanner(String s) {
        return scanner(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void splitsOnLfAndCrlfAcrossBufferBoundaries() {
        Utf8LineScanner s = scanner("alpha\r\nbeta\ngamma");
        assertThat(s.nextLine(100)).isEqualTo(new TextLine("alpha", false, true));
        assertThat(s.nextLine(100)).isEqualTo(new TextLine("beta", false, true));
        assertThat(s.nextLine(100)).isEqualTo(new TextLine("gamma", false, true));
        assertThat(s.nextLine(100)).isNull();
    }

    @Test
    void marksTheLinesThatAreAscii() {
        Utf8LineScanner s = scanner("\uFEFFplain\nplain\ncafé\n\n");
        assertThat(s.nextLine(100)).isEqualTo(new TextLine("plain", false, true)); // its BOM is not part of the line
        assertThat(s.nextLine(100)).isEqualTo(new TextLine("plain", false, true));
        assertThat(s.nextLine(100)).isEqualTo(new TextLine("café", false, false));
        assertThat(s.nextLine(100)).isEqualTo(new TextLine("", false, true));
    }

    @Test
    void aByteOrderMarkAloneIsNoLine() {
        byte[] bom = { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF };
        assertThat(scanner(bom).nextLine(100)).isNull();
        assertThat(scanner(bom).skipLine()).isFalse();
        assertThat(scanner(bom).countRemainingLines()).isZero();
        Utf8LineScanner whole = scanner(bom);
        whole.checkHead();
        whole.drain();
        assertThat(whole.bytesRead()).isEqualTo(3); // the mark is still part of what was read (and hashed)
    }

    @Test
    void aByteOrderMarkSplitAcrossReadsIsStillSkipped() {
        // A stream that hands out one byte per read, as a pipe or a slow disk may.
        InputStream trickle = new ByteArrayInputStream("\uFEFFx\ny".getBytes(StandardCharsets.UTF_8)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
        Utf8LineScanner s = new Utf8LineScanner(trickle, null, 64);
        assertThat(s.nextLine(100)).isEqualTo(new TextLine("x", false, true));
        assertThat(s.nextLine(100)).isEqualTo(new TextLine("y", false, true));
        assertThat(s.nextLine(100)).isNull();
        // Only a whole mark is skipped: a first byte that merely looks like one is text (here: not UTF-8).
        Utf8LineScanner half = scanner(new byte[] { (byte) 0xEF, (byte) 0xBB, 'a', '\n' });
        assertThatThrownBy(() -> half.nextLine(100)).isInstanceOf(Utf8LineScanner.NotTextException.class);
    }

    @Test
    void countsRemainingLines() {
        Utf8LineScanner s = scanner("a\nb\nc\nd");
        assertThat(s.skipLine()).isTrue();
        assertThat(s.countRemainingLines()).isEqualTo(3);
        assertThat(scanner("a\nb\n").countRemainingLines()).isEqualTo(2);
        assertThat(scanner("").countRemainingLines()).isZero();
    }

    @Test
    void aHugeLineIsCutWithoutBeingHeldWhole() {
        // 50 MB in one line, streamed: the scanner keeps only the first (max+1)*3 bytes of it.
        long size = 50L * 1024 * 1024;
        InputStream huge = new InputStream() {
            long left = size;

            @Override
            public int read() {
                return left-- > 0 ? 'x' : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (left <= 0) {
                    return -1;
                }
                int n = (int) Math.min(len, left);
                java.util.Arrays.fill(b, off, off + n, (byte) 'x');
                left -= n;
                return n;
            }
        };
        Utf8LineScanner s = new Utf8LineScanner(huge, null, 64 * 1024);
        TextLine line = s.nextLine(10);
        assertThat(line.truncated()).isTrue();
        assertThat(line.text()).isEqualTo("xxxxxxxxxx");
        assertThat(s.nextLine(10)).isNull();
        assertThat(s.bytesRead()).isEqualTo(size);
    }

    /** An endless stream of {@code b}, and a cancellation that comes after {@code reads} reads of it. */
    private static Utf8LineScanner endless(byte b, int reads) {
        java.util.concurrent.atomic.AtomicInteger done = new java.util.concurrent.atomic.AtomicInteger();
        java.io.InputStream forever = new java.io.InputStream() {
            @Override
            public int read() {
                return b;
            }

            @Override
            public int read(byte[] into, int off, int len) {
                done.incrementAndGet();
                java.util.Arrays.fill(into, off, off + len, b);
                return len;
            }
        };
        return new Utf8LineScanner(forever, null, 1024, () -> done.get() >= reads);
    }

    @Test
    @org.junit.jupiter.api.Timeout(20)
    void aCallThatWouldGoThroughAWholeFileStopsWhenCancelled() {
        java.util.List<java.util.function.Consumer<Utf8LineScanner>> calls = java.util.List.of(
                Utf8LineScanner::countRemainingLines, Utf8LineScanner::drain, s -> s.nextLine(10), Utf8LineScanner::skipLine);
        for (java.util.function.Consumer<Utf8LineScanner> call : calls) {
            Utf8LineScanner lines = endless((byte) '\n', 100);
            Utf8LineScanner oneLine = endless((byte) 'x', 100);
            assertThatThrownBy(() -> call.accept(oneLine)).isInstanceOf(java.util.concurrent.CancellationException.class);
            assertThat(oneLine.bytesRead()).isEqualTo(100 * 1024);
            if (call != calls.get(2) && call != calls.get(3)) {
                assertThatThrownBy(() -> call.accept(lines)).isInstanceOf(java.util.concurrent.CancellationException.class);
            }
        }
    }

    @Test
    void multiByteCharactersSplitByTheCapAreNotErrors() {
        Utf8LineScanner s = scanner("ééééééééééé\n");
        TextLine line = s.nextLine(2);
        assertThat(line).isEqualTo(new TextLine("éé", true, false));
    }

    @Test
    void invalidUtf8IsNotText() {
        byte[] bytes = { 'o', 'k', '\n', (byte) 0xC3, (byte) 0x28, '\n' };
        Utf8LineScanner s = scanner(bytes);
        assertThatThrownBy(s::checkHead).isInstanceOf(Utf8LineScanner.NotTextException.class)
                .hasMessage("invalid UTF-8 in line 2");
        Utf8LineScanner lines = scanner(bytes);
        lines.nextLine(10);
        assertThatThrownBy(() -> lines.nextLine(10)).hasMessage("invalid UTF-8 in line 2");
    }

    /**
     * Found by black-box testing: the head's error said "in the first 22 bytes" of a file of 22 bytes, where the line
     * is what the model needs. Counted as read numbers lines, after a byte-order mark.
     */
    @Test
    void theHeadsErrorNamesItsLine() {
        byte[] marked = { (byte) 0xEF, (byte) 0xBB, (byte) 0xBF, 'a', 'b', (byte) 0xFF, '\n' };
        assertThatThrownBy(new Utf8LineScanner(new ByteArrayInputStream(marked), null, 64 * 1024)::checkHead)
                .hasMessage("invalid UTF-8 in line 1");
        assertThatThrownBy(new Utf8LineScanner(new ByteArrayInputStream(new byte[] { (byte) 0xFF }), null, 64 * 1024)::checkHead)
                .hasMessage("invalid UTF-8 in line 1");
        byte[] crlf = "one\r\ntwo\r\nthr\u00e9e\r\n".getBytes(StandardCharsets.ISO_8859_1);
        assertThatThrownBy(new Utf8LineScanner(new ByteArrayInputStream(crlf), null, 64 * 1024)::checkHead)
                .hasMessage("invalid UTF-8 in line 3");
    }

    /** Found by black-box testing: UTF-16 and UTF-32 text was said to contain NUL bytes, as a binary file is. */
    @Test
    void aByteOrderMarkOfUtf16OrUtf32IsNamed() {
        java.util.List<java.util.Map.Entry<String, byte[]>> marked = java.util.List.of(
                java.util.Map.entry("UTF-16LE", "\uFEFFhi\n".getBytes(StandardCharsets.UTF_16LE)),
                java.util.Map.entry("UTF-16BE", "\uFEFFhi\n".getBytes(StandardCharsets.UTF_16BE)),
                java.util.Map.entry("UTF-32LE", "\uFEFFhi\n".getBytes(java.nio.charset.Charset.forName("UTF-32LE"))),
                java.util.Map.entry("UTF-32BE", "\uFEFFhi\n".getBytes(java.nio.charset.Charset.forName("UTF-32BE"))),
                java.util.Map.entry("UTF-16LE", new byte[] { (byte) 0xFF, (byte) 0xFE })); // a mark alone
        marked.forEach(m -> assertThatThrownBy(scanner(m.getValue())::checkHead)
                .hasMessage("it is " + m.getKey() + " text, as its byte-order mark says"));
        // Without a mark, the same text is judged by its bytes.
        assertThatThrownBy(scanner("hi\n".getBytes(StandardCharsets.UTF_16LE))::checkHead).hasMessage("it contains NUL bytes");
        // Not at the start of the file: no mark, invalid UTF-8.
        assertThatThrownBy(scanner(new byte[] { 'a', '\n', (byte) 0xFF, (byte) 0xFE })::checkHead)
                .hasMessage("invalid UTF-8 in line 2");
    }

    /**
     * A character cut by the end of the file is invalid, also when the whole file is in the head (found by black-box
     * testing: a window of the first line passed it, and recorded a version write could then replace).
     */
    @Test
    void aCharacterCutByTheEndOfTheFileIsNotText() {
        for (byte[] tail : new byte[][] { { (byte) 0xE2 }, { (byte) 0xE2, (byte) 0x82 }, { (byte) 0xF0, (byte) 0x9F, (byte) 0x98 } }) {
            byte[] bytes = java.util.Arrays.copyOf("ok\nab".getBytes(StandardCharsets.UTF_8), 5 + tail.length);
            System.arraycopy(tail, 0, bytes, 5, tail.length);
            Utf8LineScanner s = new Utf8LineScanner(new ByteArrayInputStream(bytes), null, 64 * 1024);
            assertThatThrownBy(s::checkHead).isInstanceOf(Utf8LineScanner.NotTextException.class)
                    .hasMessage("invalid UTF-8 in line 2");
        }
        // Exactly 8 KiB, the last character cut by the end of the file (found by black-box testing).
        byte[] full = new byte[8192];
        java.util.Arrays.fill(full, (byte) 'a');
        full[1] = '\n';
        full[8190] = (byte) 0xE2;
        full[8191] = (byte) 0x82;
        Utf8LineScanner exact = new Utf8LineScanner(new ByteArrayInputStream(full), null, 64 * 1024);
        assertThatThrownBy(exact::checkHead).hasMessage("invalid UTF-8 in line 2");
        // A character cut by the sample's end, whose rest follows: text.
        byte[] longer = java.util.Arrays.copyOf(full, 8200);
        longer[8192] = (byte) 0xAC;
        java.util.Arrays.fill(longer, 8193, 8200, (byte) 'b');
        Utf8LineScanner on = new Utf8LineScanner(new java.io.ByteArrayInputStream(longer) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 8192)); // a read that stops at the sample's end
            }
        }, null, 64 * 1024);
        on.checkHead();
        // Cut only by a read that stopped early: the rest of the character follows, and it is text.
        byte[] whole = "ok\nab\u20ac\n".getBytes(StandardCharsets.UTF_8);
        InputStream twoReads = new ByteArrayInputStream(whole) {
            private boolean first = true;

            @Override
            public synchronized int read(byte[] b, int off, int len) {
                int n = super.read(b, off, first ? Math.min(len, 6) : len);
                first = false;
                return n;
            }
        };
        Utf8LineScanner s = new Utf8LineScanner(twoReads, null, 64 * 1024);
        s.checkHead();
        assertThat(s.nextLine(10).text()).isEqualTo("ok");
        assertThat(s.nextLine(10).text()).isEqualTo("ab\u20ac");
        assertThat(s.nextLine(10)).isNull();
    }

    @Test
    void invalidUtf8AnywhereInTheHeadIsFound() {
        // Deep in the 8 KiB head, past the checker's first chunks of decoded characters, and at chunk boundaries.
        for (int at : new int[] { 255, 256, 1023, 5000, 8190 }) {
            byte[] bytes = new byte[20_000];
            java.util.Arrays.fill(bytes, (byte) 'a');
            bytes[at] = (byte) 0xC3;
            bytes[at + 1] = (byte) 0x28;
            Utf8LineScanner s = new Utf8LineScanner(new ByteArrayInputStream(bytes), null, 64 * 1024);
            assertThatThrownBy(s::checkHead).hasMessage("invalid UTF-8 in line 1");
        }
    }

    @Test
    void nulBytesAreNotText() {
        assertThatThrownBy(scanner(new byte[] { 'a', 0, 'b' })::checkHead).hasMessage("it contains NUL bytes");
        assertThatThrownBy(() -> scanner(new byte[] { 'a', 0, 'b' }).nextLine(10)).hasMessage("line 1 contains NUL bytes");
        LineSink oneAtATime = new LineSink() {
            @Override
            public boolean ascii(byte[] b, int from, int to, boolean truncated, boolean jsonPlain) {
                return false;
            }

            @Override
            public boolean line(TextLine line) {
                return false;
            }
        };
        Utf8LineScanner s = new Utf8LineScanner(new ByteArrayInputStream(new byte[] { 'a', '\n', 'b', 0, '\n' }), null, 64);
        assertThat(s.nextLines(10, oneAtATime)).isTrue();
        assertThatThrownBy(() -> s.nextLines(10, oneAtATime)).hasMessage("line 2 contains NUL bytes");
    }

    @Test
    void aUtf8SequenceCutByTheHeadSampleIsFine() {
        byte[] bytes = new byte[8192 + 1];
        java.util.Arrays.fill(bytes, (byte) 'a');
        bytes[8191] = (byte) 0xC3;
        bytes[8192] = (byte) 0xA9;
        Utf8LineScanner s = new Utf8LineScanner(new ByteArrayInputStream(bytes), null, 64 * 1024);
        s.checkHead();
    }

    @Test
    void digestCoversEveryByteEvenWhenLinesAreSkipped() throws Exception {
        byte[] bytes = "one\ntwo\nthree\n".getBytes(StandardCharsets.UTF_8);
        ContentHash d = new ContentHash();
        Utf8LineScanner s = new Utf8LineScanner(new ByteArrayInputStream(bytes), d, 4);
        s.skipLine();
        s.nextLine(1);
        s.drain();
        assertThat(d.hex()).isEqualTo(ContentHash.of(bytes));
    }
}
