package dev.toolfs.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import dev.toolfs.fs.LineSource;
import dev.toolfs.fs.TextLine;
import dev.toolfs.fs.Utf8LineScanner;

class ReadRenderTest {

    private static String read(String content, long offset, int limit) {
        return read(content, offset, limit, 2000, 51200);
    }

    private static String read(String content, long offset, int limit, int maxLine, long maxBytes) {
        ReadRender.Window w = window(content, offset, limit, maxLine, maxBytes);
        return ReadRender.render("f.txt", w);
    }

    private static ReadRender.Window window(String content, long offset, int limit, int maxLine, long maxBytes) {
        Utf8LineScanner s = new Utf8LineScanner(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)), null, 7);
        return ReadRender.window(s, offset, limit, maxLine, maxBytes, true);
    }

    @Test
    void wholeFileEndsWithEndOfFileFooter() {
        assertThat(read("first line\nsecond line\n", 1, 2000)).isEqualTo("""
                <path>f.txt</path>
                <type>file</type>
                <content>
                1: first line
                2: second line

                (End of file - total 2 lines)
                </content>""");
    }

    @Test
    void noFinalNewlineStillCountsTheLastLine() {
        assertThat(read("a\nb", 1, 2000)).contains("1: a\n2: b\n\n(End of file - total 2 lines)\n</content>");
    }

    @Test
    void crlfIsSplitOnAndNotShown() {
        assertThat(read("a\r\nb\r\n", 1, 2000)).contains("1: a\n2: b\n\n(End of file - total 2 lines)");
    }

    @Test
    void loneCarriageReturnIsText() {
        ReadRender.Window w = window("a\rb\n", 1, 10, 2000, 51200);
        assertThat(w.lines()).hasSize(1);
        assertThat(w.lines().get(0).text()).isEqualTo("a\rb");
    }

    @Test
    void aByteOrderMarkIsNotShown() {
        assertThat(read("\uFEFFfirst\nsecond\n", 1, 2000)).contains("<content>\n1: first\n2: second\n");
        assertThat(read("\uFEFF\uFEFFx\n", 1, 2000)).contains("1: \uFEFFx\n");
    }

    @Test
    void emptyFileHasZeroLinesAndOffsetOneIsValid() {
        assertThat(read("", 1, 2000)).isEqualTo("<path>f.txt</path>\n<type>file</type>\n<content>\n\n(End of file - total 0 lines)\n</content>");
    }

    @Test
    void singleNewlineIsOneEmptyLine() {
        assertThat(read("\n", 1, 2000)).contains("<content>\n1: \n\n(End of file - total 1 lines)");
    }

    @Test
    void limitWithMoreRemainingShowsTotalAndNextOffset() {
        assertThat(read("1\n2\n3\n4\n5\n", 2, 2)).contains("2: 2\n3: 3\n\n(Showing lines 2-3 of 5. Use offset=4 to continue.)\n</content>");
    }

    @Test
    void limitReachingTheEndExactlyIsEndOfFile() {
        assertThat(read("1\n2\n3\n", 2, 2)).endsWith("3: 3\n\n(End of file - total 3 lines)\n</content>");
    }

    @Test
    void numbersCountUpAcrossTheirDigits() {
        StringBuilder file = new StringBuilder();
        for (int i = 1; i <= 1002; i++) {
            file.append('l').append(i).append('\n');
        }
        assertThat(read(file.toString(), 97, 6)).contains("<content>\n97: l97\n98: l98\n99: l99\n100: l100\n101: l101\n"
                + "102: l102\n\n(Showing lines 97-102 of 1002. Use offset=103 to continue.)\n</content>");
        assertThat(read(file.toString(), 998, 10)).contains("<content>\n998: l998\n999: l999\n1000: l1000\n1001: l1001\n"
                + "1002: l1002\n\n(End of file - total 1002 lines)\n</content>");
        ReadRender.Window w = window(file.toString(), 8, 4, 2000, 51200);
        assertThat(w.lines()).containsExactly(new ReadRender.NumberedLine(8, "l8"), new ReadRender.NumberedLine(9, "l9"),
                new ReadRender.NumberedLine(10, "l10"), new ReadRender.NumberedLine(11, "l11"));
    }

    /** A source other than the file scanner may hand over a lone surrogate, which UTF-8 cannot hold. */
    @Test
    void aLoneSurrogateFromAnotherSourceIsShownAsTheReplacementCharacter() {
        java.util.Iterator<String> lines = java.util.List.of("a\uD800b", "ok \uD83D\uDE00", "\uDC00").iterator();
        LineSource source = new LineSource() {
            @Override
            public boolean skipLine() {
                return lines.hasNext() && lines.next() != null;
            }

            @Override
            public TextLine nextLine(int maxChars) {
                return lines.hasNext() ? new TextLine(lines.next(), false) : null;
            }

            @Override
            public long countRemainingLines() {
                return 0;
            }
        };
        ReadRender.Window w = ReadRender.window(source, 1, 10, 2000, 51200, true);
        assertThat(w.lines()).containsExactly(new ReadRender.NumberedLine(1, "a\uFFFDb"),
                new ReadRender.NumberedLine(2, "ok \uD83D\uDE00"), new ReadRender.NumberedLine(3, "\uFFFD"));
    }

    @Test
    void offsetOnLastLine() {
        assertThat(read("1\n2\n3", 3, 5)).contains("<content>\n3: 3\n\n(End of file - total 3 lines)");
    }

    @Test
    void offsetPastTheEndIsOutOfRange() {
        ReadRender.Window w = window("1\n2\n", 3, 10, 2000, 51200);
        assertThat(w.outOfRange()).isTrue();
        assertThat(w.totalLines()).isEqualTo(2);
        assertThat(ReadRender.outOfRange(3, "f.txt", w.totalLines())).isEqualTo("offset 3 is out of range for \"f.txt\" (2 lines)");
        assertThat(window("1\n2\n", 9, 10, 2000, 51200).totalLines()).isEqualTo(2);
        assertThat(window("", 2, 10, 2000, 51200).outOfRange()).isTrue();
    }

    @Test
    void longLinesAreCutWithTheSuffix() {
        String text = read("abcdefghij\nshort\n", 1, 10, 4, 51200);
        assertThat(text).contains("1: abcd... (line truncated to 4 chars)\n2: shor... (line truncated to 4 chars)\n");
        assertThat(read("abcd\n", 1, 10, 4, 51200)).contains("1: abcd\n");
    }

    @Test
    void truncationNeverSplitsASurrogatePair() {
        String text = read("ab\uD83D\uDE00cd\n", 1, 10, 3, 51200);
        assertThat(text).contains("1: ab... (line truncated to 3 chars)");
    }

    @Test
    void byteCapStopsTheWindowEarly() {
        // Each rendered line "n: xxxxxxxx\n" is 12 bytes; 30 bytes fit two.
        String text = read("xxxxxxxx\nxxxxxxxx\nxxxxxxxx\nxxxxxxxx\n", 1, 2000, 2000, 30);
        assertThat(text).endsWith("1: xxxxxxxx\n2: xxxxxxxx\n\n(Output capped. Showing lines 1-2. Use offset=3 to continue.)\n</content>");
        ReadRender.Window w = window("xxxxxxxx\nxxxxxxxx\nxxxxxxxx\nxxxxxxxx\n", 1, 2000, 2000, 30);
        assertThat(w.totalLines()).isEqualTo(4);
    }

    @Test
    void byteCapCountsUtf8Bytes() {
        // "1: é\n" is 6 bytes in UTF-8 (é is two bytes).
        assertThat(window("é\né\n", 1, 10, 2000, 11).lines()).hasSize(1);
        assertThat(window("é\né\n", 1, 10, 2000, 12).lines()).hasSize(2);
    }

    @Test
    void oneLineIsAlwaysShownEvenOverTheCap() {
        assertThat(read("a very long line\nnext\n", 1, 10, 2000, 5))
                .contains("1: a very long line\n\n(Output capped. Showing lines 1-1. Use offset=2 to continue.)");
    }

    @Test
    void cappedWindowOfAHugeFileNeedNotCount() {
        Utf8LineScanner s = new Utf8LineScanner(new ByteArrayInputStream("a\nb\nc\n".getBytes(StandardCharsets.UTF_8)));
        ReadRender.Window w = ReadRender.window(s, 1, 10, 2000, 4, false);
        assertThat(w.footer()).isEqualTo(ReadRender.Footer.CAPPED);
        assertThat(w.totalLines()).isEqualTo(-1);
    }

    @Test
    void theLinesLeaveRoomForTheHeaderAndTheLongestFooter() {
        // SPEC.md's read-max-bytes is of the rendered output: the header and the footer count too (found in a review).
        // The longest tail, "(Showing lines <n>-<n> of <n>. Use offset=<n> to continue.)" with 19-digit numbers between
        // its blank line and </content>: the room tools.adoc and the bench count with.
        assertThat(ReadRender.TAIL_RESERVE).isEqualTo(135);
        assertThat(ReadRender.lineBudget("src/é.txt", 51200)).isEqualTo(51200 - "<path>src/é.txt</path>\n<type>file</type>\n<content>\n"
                .getBytes(StandardCharsets.UTF_8).length - ReadRender.TAIL_RESERVE);
        assertThat(ReadRender.lineBudget("a", 10)).isEqualTo(1);
    }
}
