package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

class LineReaderTest {

    @Test
    void linesEndWithLfOrCrLfAndTheLastMayHaveNone() throws IOException {
        assertThat(read("a\nb\r\n\nlast", 100)).containsExactly("a", "b", "", "last");
        assertThat(read("", 100)).isEmpty();
        assertThat(read("only\n", 100)).containsExactly("only");
        assertThat(read("x\r", 100)).containsExactly("x");
        assertThat(read("é€\uD83D\uDE00\r\n", 100)).containsExactly("é€\uD83D\uDE00");
    }

    @Test
    void aTooLongLineIsSkippedWholeAndTheNextOneIsRead() throws IOException {
        List<byte[]> lines = readBytes("short\n" + "x".repeat(50) + "\nnext\n" + "y".repeat(11), 10, 1000);
        assertThat(lines).hasSize(4);
        assertThat(new String(lines.get(0), StandardCharsets.UTF_8)).isEqualTo("short");
        assertThat(lines.get(1)).isSameAs(StdioChannel.LineReader.TOO_LONG);
        assertThat(new String(lines.get(2), StandardCharsets.UTF_8)).isEqualTo("next");
        assertThat(lines.get(3)).isSameAs(StdioChannel.LineReader.TOO_LONG);
        // The limit counts bytes: five two-byte characters are ten bytes, six are too many.
        assertThat(read("éééééé\nééééé\n", 10)).containsExactly("(too long)", "ééééé");
        // The CR of a CRLF is no part of the line: a line of exactly the limit fits with either break, in one read or
        // several, and one byte more does not.
        for (int chunk : new int[] { 1000, 3 }) {
            List<byte[]> crlf = readBytes("x".repeat(10) + "\r\n" + "y".repeat(11) + "\r\n" + "z".repeat(10) + "\r", 10, chunk);
            assertThat(crlf).hasSize(3);
            assertThat(new String(crlf.get(0), StandardCharsets.UTF_8)).as("chunk " + chunk).isEqualTo("x".repeat(10));
            assertThat(crlf.get(1)).as("chunk " + chunk).isSameAs(StdioChannel.LineReader.TOO_LONG);
            assertThat(new String(crlf.get(2), StandardCharsets.UTF_8)).as("chunk " + chunk).isEqualTo("z".repeat(10));
        }
    }

    @Property
    void givesBackTheLinesWhateverTheReadSizes(@ForAll @Size(max = 20) List<@StringLength(max = 30) String> lines,
            @ForAll @IntRange(min = 1, max = 7) int chunk) throws IOException {
        // Whole characters only (no lone surrogates), as a client's UTF-8 holds them.
        List<String> clean = lines.stream().map(l -> l.replace("\n", "").replace("\r", ""))
                .map(l -> new String(l.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).toList();
        String text = String.join("\n", clean) + (clean.isEmpty() ? "" : "\n");
        List<String> got = new ArrayList<>();
        for (byte[] line : readBytes(text, 1000, chunk)) {
            got.add(new String(line, StandardCharsets.UTF_8));
        }
        assertThat(got).isEqualTo(clean);
    }

    private static List<String> read(String text, int max) throws IOException {
        List<String> lines = new ArrayList<>();
        for (byte[] line : readBytes(text, max, 1000)) {
            lines.add(line == StdioChannel.LineReader.TOO_LONG ? "(too long)" : new String(line, StandardCharsets.UTF_8));
        }
        return lines;
    }

    /** The lines of {@code text}, from a stream that hands out at most {@code chunk} bytes a time, as a pipe may. */
    private static List<byte[]> readBytes(String text, int max, int chunk) throws IOException {
        InputStream slow = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
        List<byte[]> lines = new ArrayList<>();
        StdioChannel.LineReader reader = new StdioChannel.LineReader(slow, max);
        for (byte[] line; (line = reader.next()) != null;) {
            lines.add(line);
        }
        return lines;
    }
}
