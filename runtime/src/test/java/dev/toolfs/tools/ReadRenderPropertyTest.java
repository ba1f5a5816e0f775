package dev.toolfs.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.toolfs.fs.LineSource;
import dev.toolfs.fs.TextLine;
import dev.toolfs.fs.Utf8LineScanner;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** The byte cap's shortcuts (ASCII lines, line-number digits) give the windows the plain counts give. */
class ReadRenderPropertyTest {

    @Property(tries = 400)
    void asciiLinesCostWhatTheirUtf8LengthSays(@ForAll("lines") List<String> lines,
            @ForAll @IntRange(min = 1, max = 400) int maxBytes, @ForAll @IntRange(min = 1, max = 30) int maxLineLength) {
        byte[] file = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        ReadRender.Window withFlags = ReadRender.window(new Utf8LineScanner(new ByteArrayInputStream(file), null, 16),
                1, 2000, maxLineLength, maxBytes, true);
        ReadRender.Window without = ReadRender.window(
                new Unflagged(new Utf8LineScanner(new ByteArrayInputStream(file), null, 16)), 1, 2000, maxLineLength,
                maxBytes, true);
        assertThat(withFlags).isEqualTo(without);
    }

    /**
     * The window is the one its definition gives, worked out here a line at a time from the split text (as the first
     * version of the read did): the lines shown, cut with their note, their UTF-8 bytes as the cap counts them, the
     * footer and the total, for any offset, limit, cap, cut and read buffer, with the lines as bytes or as strings.
     */
    @Property(tries = 1000)
    void theWindowIsTheOneItsDefinitionGives(@ForAll("lines") List<String> lines,
            @ForAll @IntRange(min = 1, max = 45) int offset, @ForAll @IntRange(min = 1, max = 50) int limit,
            @ForAll @IntRange(min = 1, max = 400) int maxBytes, @ForAll @IntRange(min = 1, max = 30) int maxLineLength,
            @ForAll @IntRange(min = 3, max = 40) int bufferSize, @ForAll boolean flagged) {
        byte[] file = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        LineSource source = new Utf8LineScanner(new ByteArrayInputStream(file), null, bufferSize);
        ReadRender.Window w = ReadRender.window(flagged ? source : new Unflagged(source), offset, limit, maxLineLength,
                maxBytes, true, file.length);

        List<String> all = new java.util.ArrayList<>();
        for (String line : lines) {
            all.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line); // CRLF is a line break
        }
        if (offset > all.size()) {
            assertThat(w.outOfRange()).isTrue();
            assertThat(w.totalLines()).isEqualTo(all.size());
            assertThat(w.lines()).isEmpty();
            return;
        }
        List<ReadRender.NumberedLine> shown = new java.util.ArrayList<>();
        long bytes = 0;
        ReadRender.Footer footer = null;
        for (int i = offset - 1; i < all.size() && shown.size() < limit; i++) {
            String text = all.get(i);
            if (text.length() > maxLineLength) {
                int cut = Character.isHighSurrogate(text.charAt(maxLineLength - 1)) ? maxLineLength - 1 : maxLineLength;
                text = text.substring(0, cut) + "... (line truncated to " + maxLineLength + " chars)";
            }
            long cost = (i + 1 + ": " + text + "\n").getBytes(StandardCharsets.UTF_8).length;
            if (!shown.isEmpty() && bytes + cost > maxBytes) {
                footer = ReadRender.Footer.CAPPED;
                break;
            }
            bytes += cost;
            shown.add(new ReadRender.NumberedLine(i + 1, text));
        }
        if (footer == null) {
            footer = offset - 1 + shown.size() < all.size() ? ReadRender.Footer.MORE : ReadRender.Footer.END;
        }
        assertThat(w.outOfRange()).isFalse();
        assertThat(w.lines()).isEqualTo(shown);
        assertThat(w.lineBytes()).isEqualTo(bytes);
        assertThat(w.footer()).isEqualTo(footer);
        assertThat(w.totalLines()).isEqualTo(all.size());
    }

    /**
     * The text is the numbered lines between the head and the footer, and the JSON form of a window's text is what
     * Jackson writes for the text, whichever way its lines came (as bytes or as strings), whatever they hold and
     * however the window is cut.
     */
    @Property(tries = 400)
    void theTextAndItsJsonFormHoldTheWindowsLines(@ForAll("lines") List<String> lines, @ForAll("paths") String path,
            @ForAll @IntRange(min = 1, max = 5) int offset, @ForAll @IntRange(min = 1, max = 50) int limit,
            @ForAll @IntRange(min = 1, max = 400) int maxBytes, @ForAll @IntRange(min = 1, max = 30) int maxLineLength)
            throws Exception {
        byte[] file = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        for (boolean flagged : new boolean[] { true, false }) {
            LineSource source = new Utf8LineScanner(new ByteArrayInputStream(file), null, 16);
            // With the text's size, and with a size far too small, so that the lines outgrow their first room.
            ReadRender.Window w = ReadRender.window(flagged ? source : new Unflagged(source), offset, limit,
                    maxLineLength, maxBytes, true, flagged ? file.length : 1);
            if (w.outOfRange()) {
                continue;
            }
            String text = ReadRender.render(path, w);
            StringBuilder expected = new StringBuilder("<path>" + path + "</path>\n<type>file</type>\n<content>\n");
            for (ReadRender.NumberedLine line : w.lines()) {
                expected.append(line.number()).append(": ").append(line.text()).append('\n');
            }
            expected.append('\n').append(ReadRender.footer(w)).append("\n</content>");
            assertThat(text).isEqualTo(expected.toString());
            JsonEscaper json = ReadRender.json(path, w, new JsonEscaper(0));
            assertThat(new String(json.bytes(), 0, json.length(), StandardCharsets.UTF_8))
                    .isEqualTo(utf8(JsonEscaperPropertyTest.jackson(text)));
        }
    }

    private static String utf8(JsonEscaper e) {
        return new String(e.bytes(), 0, e.length(), StandardCharsets.UTF_8);
    }

    @Provide
    Arbitrary<String> paths() {
        return Arbitraries.oneOf(Arbitraries.of("f.txt", "src/Main.java"),
                Arbitraries.strings().withCharRange('a', 'z').ofMinLength(250).ofMaxLength(300),
                Arbitraries.strings().withChars("a/\"\\\t é中\uD83D\uDE00".toCharArray()).ofMinLength(1).ofMaxLength(12));
    }

    @Property
    void digitsCountsTheDecimalDigits(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long n) {
        assertThat(ReadRender.digits(n)).isEqualTo(Long.toString(n).length());
    }

    @Provide
    Arbitrary<List<String>> lines() {
        return Arbitraries.oneOf(Arbitraries.strings().withChars("ab xyz-é€\u00ff").ofMaxLength(40),
                Arbitraries.strings().withChars("ab {}();=\"\\\t\r\u0001\u007f").ofMaxLength(40),
                Arbitraries.of("a", "b", "\"", "é", "\uD83D\uDE00").list().ofMaxSize(20).map(t -> String.join("", t)))
                .list().ofMinSize(1).ofMaxSize(40);
    }

    /** The same lines with the ASCII mark dropped: every cost is then counted character by character. */
    private record Unflagged(LineSource source) implements LineSource {

        @Override
        public boolean skipLine() {
            return source.skipLine();
        }

        @Override
        public TextLine nextLine(int maxChars) {
            TextLine line = source.nextLine(maxChars);
            return line == null ? null : new TextLine(line.text(), line.truncated(), false);
        }

        @Override
        public long countRemainingLines() {
            return source.countRemainingLines();
        }
    }
}
