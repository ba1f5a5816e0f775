package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The scanner's lines are those of the decoded text split at {@code \n}, without a final {@code \r}, without a
 * leading byte-order mark, and cut to the characters asked for, whatever the buffer size cuts through.
 */
class Utf8LineScannerPropertyTest {

    private int stopAfter;

    @Property(tries = 1000)
    void linesAreTheSplitTextCut(@ForAll("texts") String text, @ForAll @IntRange(min = 1, max = 40) int bufferSize,
            @ForAll @IntRange(min = 1, max = 30) int maxChars) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Utf8LineScanner scanner = new Utf8LineScanner(new ByteArrayInputStream(bytes), null, bufferSize);
        scanner.checkHead();

        List<String> expected = expectedLines(text, maxChars);
        List<String> actual = new ArrayList<>();
        for (TextLine line = scanner.nextLine(maxChars); line != null; line = scanner.nextLine(maxChars)) {
            String shown = line.text() + (line.truncated() ? "…" : "");
            actual.add(shown);
            if (line.ascii()) {
                assertThat(line.text().chars().allMatch(c -> c < 0x80)).as("ascii flag of %s", shown).isTrue();
            }
        }
        assertThat(actual).isEqualTo(expected);
        assertThat(scanner.linesConsumed()).isEqualTo(expected.size());
    }

    /**
     * Handed to a sink, the lines are the same, each ASCII line as bytes with a true mark of whether JSON must escape
     * any of them, every other line as the scanner's own line.
     */
    @Property(tries = 1000)
    void aSinkGetsTheSameLines(@ForAll("texts") String text, @ForAll @IntRange(min = 1, max = 40) int bufferSize,
            @ForAll @IntRange(min = 1, max = 30) int maxChars, @ForAll @IntRange(min = 1, max = 4) int batch) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Utf8LineScanner scanner = new Utf8LineScanner(new ByteArrayInputStream(bytes), null, bufferSize);
        scanner.checkHead();
        List<String> actual = new ArrayList<>();
        stopAfter = batch;
        LineSink sink = new LineSink() {
            @Override
            public boolean ascii(byte[] b, int from, int to, boolean truncated, boolean jsonPlain) {
                String shown = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
                assertThat(shown.chars().allMatch(c -> c >= 1 && c < 0x80)).as("ASCII: %s", shown).isTrue();
                assertThat(jsonPlain).as("plain: %s", shown)
                        .isEqualTo(shown.chars().noneMatch(c -> c < 0x20 || c == '"' || c == '\\'));
                actual.add(shown + (truncated ? "…" : ""));
                return actual.size() < stopAfter;
            }

            @Override
            public boolean line(TextLine line) {
                actual.add(line.text() + (line.truncated() ? "…" : ""));
                return actual.size() < stopAfter;
            }
        };
        // Taken in batches of stopAfter lines, as windows take them.
        while (scanner.nextLines(maxChars, sink)) {
            stopAfter += batch;
        }
        List<String> expected = expectedLines(text, maxChars);
        assertThat(actual).isEqualTo(expected);
        assertThat(scanner.linesConsumed()).isEqualTo(expected.size());
    }

    private static List<String> expectedLines(String text, int maxChars) {
        List<String> lines = new ArrayList<>();
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1); // a byte-order mark is not text, not even an empty line
        }
        if (text.isEmpty()) {
            return lines;
        }
        String[] parts = text.split("\n", -1);
        int n = text.endsWith("\n") ? parts.length - 1 : parts.length;
        for (int k = 0; k < n; k++) {
            String line = parts[k];
            boolean terminated = k < parts.length - 1;
            if (terminated && line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            if (line.length() > maxChars) {
                int cut = maxChars;
                if (Character.isHighSurrogate(line.charAt(cut - 1))) {
                    cut--;
                }
                line = line.substring(0, cut) + "…";
            }
            lines.add(line);
        }
        return lines;
    }

    /** Lines of ASCII, carriage returns, two- to four-byte characters, sometimes a byte-order mark first. */
    @Provide
    Arbitrary<String> texts() {
        Arbitrary<String> line = Arbitraries.strings().withChars("abcxyz \t\r\"\\é中".toCharArray())
                .withChars("\uD83D\uDE00".toCharArray()).ofMaxLength(50)
                .filter(Utf8LineScannerPropertyTest::wellFormed);
        return Arbitraries.oneOf(line.list().ofMaxSize(8).map(ls -> String.join("\n", ls)),
                line.list().ofMaxSize(8).map(ls -> String.join("\n", ls) + "\n"),
                line.list().ofMinSize(1).ofMaxSize(4).map(ls -> "\uFEFF" + String.join("\r\n", ls) + "\r\n"),
                line.list().ofMaxSize(3).map(ls -> "\uFEFF" + String.join("\n", ls)));
    }

    /** No lone surrogates: the text must be encodable as UTF-8 and back. */
    private static boolean wellFormed(String s) {
        return new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8).equals(s);
    }
}
