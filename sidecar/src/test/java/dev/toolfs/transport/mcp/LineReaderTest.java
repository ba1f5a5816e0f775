package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
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
    }

    @Test
    void aTooLongLineIsSkippedWholeAndTheNextOneIsRead() throws IOException {
        List<String> lines = read("short\n" + "x".repeat(50) + "\nnext\n" + "y".repeat(11), 10);
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).isEqualTo("short");
        assertThat(lines.get(1)).isSameAs(StdioChannel.LineReader.TOO_LONG);
        assertThat(lines.get(2)).isEqualTo("next");
        assertThat(lines.get(3)).isSameAs(StdioChannel.LineReader.TOO_LONG);
    }

    @Property
    void givesBackTheLinesWhateverTheReadSizes(@ForAll @Size(max = 20) List<@StringLength(max = 30) String> lines,
            @ForAll @IntRange(min = 1, max = 7) int chunk) throws IOException {
        List<String> clean = lines.stream().map(l -> l.replace("\n", "").replace("\r", "")).toList();
        String text = String.join("\n", clean) + (clean.isEmpty() ? "" : "\n");
        // A reader that hands out at most `chunk` characters a time, as a pipe may.
        Reader slow = new StringReader(text) {
            @Override
            public int read(char[] cbuf, int off, int len) throws IOException {
                return super.read(cbuf, off, Math.min(len, chunk));
            }
        };
        List<String> got = new ArrayList<>();
        StdioChannel.LineReader reader = new StdioChannel.LineReader(slow, 1000);
        for (String line; (line = reader.next()) != null;) {
            got.add(line);
        }
        assertThat(got).isEqualTo(clean);
    }

    private static List<String> read(String text, int max) throws IOException {
        List<String> lines = new ArrayList<>();
        StdioChannel.LineReader reader = new StdioChannel.LineReader(new StringReader(text), max);
        for (String line; (line = reader.next()) != null;) {
            lines.add(line);
        }
        return lines;
    }
}
