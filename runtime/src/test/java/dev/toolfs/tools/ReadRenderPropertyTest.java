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

    @Property
    void digitsCountsTheDecimalDigits(@ForAll @LongRange(min = 1, max = Long.MAX_VALUE) long n) {
        assertThat(ReadRender.digits(n)).isEqualTo(Long.toString(n).length());
    }

    @Provide
    Arbitrary<List<String>> lines() {
        return Arbitraries.strings().withChars("ab xyz-é€\u00ff").ofMaxLength(40).list().ofMinSize(1).ofMaxSize(40);
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
