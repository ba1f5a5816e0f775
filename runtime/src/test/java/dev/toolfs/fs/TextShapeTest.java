package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TextShapeTest {

    @Test
    void tellsTheLineEndingsAndTheMark() {
        assertThat(TextShape.of("")).isEqualTo(new TextShape(TextShape.NONE, false));
        assertThat(TextShape.of("one line")).isEqualTo(new TextShape(TextShape.NONE, false));
        assertThat(TextShape.of("a\nb\n")).isEqualTo(new TextShape(TextShape.LF, false));
        assertThat(TextShape.of("\uFEFFa\r\nb\r\n")).isEqualTo(new TextShape(TextShape.CRLF, true));
        assertThat(TextShape.of("a\r\nb\nc")).isEqualTo(new TextShape(TextShape.MIXED, false));
        assertThat(TextShape.of("a\rb\n")).isEqualTo(new TextShape(TextShape.LF, false)); // a lone CR is text
        assertThat(TextShape.of("\r\n")).isEqualTo(new TextShape(TextShape.CRLF, false));
    }

    @Test
    void theLogicalTextIsWhatAReadShows() {
        assertThat(TextShape.logical("\uFEFFa\r\nb\r\n")).isEqualTo("a\nb\n");
        assertThat(TextShape.logical("a\rb\n")).isEqualTo("a\rb\n");
        assertThat(TextShape.logical("\uFEFF\uFEFFx")).isEqualTo("\uFEFFx"); // only one mark is not text
    }

    @Test
    void endingsDifferWhenTheDiffOfTheTextsAsReadDoesNotShowIt() {
        TextShape crlf = TextShape.of("a\r\n");
        assertThat(crlf.endingsDifferFrom(TextShape.of("a\n"))).isTrue();
        assertThat(crlf.endingsDifferFrom(TextShape.of("a\r\nb\n"))).isTrue();
        assertThat(crlf.endingsDifferFrom(TextShape.of("b\r\nc\r\n"))).isFalse();
        assertThat(crlf.endingsDifferFrom(TextShape.of("a"))).isFalse(); // the diff shows a removed last line break
        TextShape oneLine = TextShape.of("a\rb");
        // A first line break: the diff shows it as an LF, so only a CRLF one is said.
        assertThat(oneLine.endingsDifferFrom(TextShape.of("a\nb"))).isFalse();
        assertThat(oneLine.endingsDifferFrom(TextShape.of("a\r\nb"))).isTrue();
        assertThat(oneLine.endingsDifferFrom(TextShape.of("a\r\nb\nc"))).isTrue();
        assertThat(oneLine.endingsDifferFrom(TextShape.of("ab"))).isFalse();
    }

    /** A model that writes a file back whole cannot give what a read does not show: its CRLF endings and its mark. */
    @Test
    void aWholeFileWriteKeepsTheCrlfEndingsAndTheMarkTheModelCouldNotSee() {
        TextShape crlfMarked = TextShape.of("\uFEFFa\r\nb\r\n");
        assertThat(crlfMarked.keptIn("x\ny\n")).isEqualTo("\uFEFFx\r\ny\r\n");
        assertThat(crlfMarked.keptIn("x\ny")).isEqualTo("\uFEFFx\r\ny");
        assertThat(crlfMarked.keptIn("one line")).isEqualTo("\uFEFFone line");
        // Content that gives a CR or a mark of its own says what it wants.
        assertThat(crlfMarked.keptIn("x\r\ny\n")).isEqualTo("\uFEFFx\r\ny\n");
        assertThat(crlfMarked.keptIn("x\ry\n")).isEqualTo("\uFEFFx\ry\n");
        assertThat(crlfMarked.keptIn("\uFEFFx\n")).isEqualTo("\uFEFFx\r\n");
        // Emptying a file empties it.
        assertThat(crlfMarked.keptIn("")).isEmpty();
        // Files of other shapes take content as it is.
        for (String file : new String[] { "a\nb\n", "a\r\nb\n", "one line", "", "a\rb\n" }) {
            TextShape shape = TextShape.of(file);
            for (String content : new String[] { "x\ny\n", "x\r\ny", "", "z" }) {
                assertThat(shape.keptIn(content)).as("%s over %s", content, file).isSameAs(content);
            }
        }
        assertThat(TextShape.of("\uFEFFa\nb\n").keptIn("x\ny\n")).isEqualTo("\uFEFFx\ny\n");
        // What a read of the result shows is what the model wrote.
        assertThat(TextShape.logical(crlfMarked.keptIn("x\ny\n"))).isEqualTo("x\ny\n");
    }
}
