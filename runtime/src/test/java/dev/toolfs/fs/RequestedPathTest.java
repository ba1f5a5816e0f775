package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

/** The checks of a path's text, before anything is looked up, and how a refused path is shown. */
class RequestedPathTest {

    private static final Path CWD = Path.of("/ws");

    private static String refusal(String path) {
        FsException e = catchThrowableOfType(() -> RequestedPath.of("read", path, CWD), FsException.class);
        assertThat(e).as(path).isNotNull();
        assertThat(e.code()).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        return e.messageFor(Path::toString);
    }

    @Test
    void c1ControlCharactersAreControlCharactersToo() {
        assertThat(refusal("a\u0085b.txt")).isEqualTo(
                "cannot read \"a\\x85b.txt\": the path contains a control character; use a plain path inside the workspace");
        assertThat(refusal("a\u009bb.txt")).startsWith("cannot read \"a\\x9bb.txt\": the path contains a control character");
        assertThat(refusal("a\u007fb")).startsWith("cannot read \"a\\x7fb\": the path contains a control character");
    }

    /** Found by black-box testing: they ended a message's line for a reader, and turned a name around for a person. */
    @Test
    void lineSeparatorsAndDirectionMarksAreRefusedAndShownEscaped() {
        assertThat(refusal("miss\u2028ing.txt")).isEqualTo("cannot read \"miss\\u2028ing.txt\": the path contains a line or"
                + " paragraph separator; use a plain path inside the workspace");
        assertThat(refusal("p\u2029")).startsWith("cannot read \"p\\u2029\": the path contains a line or paragraph separator");
        assertThat(refusal("evil\u202etxt.exe")).isEqualTo("cannot read \"evil\\u202etxt.exe\": the path contains a mark"
                + " that changes the direction text is shown in; use a plain path inside the workspace");
        for (char mark : new char[] { '\u061c', '\u200e', '\u200f', '\u202a', '\u202d', '\u2066', '\u2069' }) {
            assertThat(refusal("a" + mark + "b")).contains(String.format("\\u%04x", (int) mark))
                    .contains("changes the direction text is shown in");
        }
        // Right-to-left text itself is a name like any other.
        assertThat(RequestedPath.of("read", "\u05e9\u05dc\u05d5\u05dd.txt", CWD)).isEqualTo(CWD.resolve("\u05e9\u05dc\u05d5\u05dd.txt"));
    }

    /** Found by black-box testing: 2100 emoji are 4200 UTF-16 units, but not "longer than 4096 characters". */
    @Test
    void theLengthIsCountedInCharacters() {
        String emoji = "\uD83D\uDE00";
        // Its 16 KiB in UTF-8 are the provider's to refuse, with the system's limit in bytes.
        String path = (emoji.repeat(50) + "/").repeat(42) + "f";
        assertThat(path.length()).isGreaterThan(4096);
        assertThat(RequestedPath.of("read", path, CWD)).isEqualTo(CWD.resolve(path));
        assertThat(refusal(emoji.repeat(4097))).contains("the path is longer than 4096 characters");
    }

    /** Found by black-box testing: a 5 MB path with a line break at its end came back whole, four times over escaped. */
    @Test
    void aHugePathIsShownCutWhateverElseItHolds() {
        String message = refusal("a".repeat(5_000_000) + "\n");
        assertThat(message).isEqualTo("cannot read \"" + "a".repeat(64) + "…\": the path is longer than 4096 characters;"
                + " use a plain path inside the workspace");
        assertThat(refusal("\u0001".repeat(1_000_000))).isEqualTo("cannot read \"" + "\\x01".repeat(64) + "…\": the path"
                + " is longer than 4096 characters; use a plain path inside the workspace");
    }

    /** Found by black-box testing: the cut split an emoji, and left half of it, which is not valid Unicode. */
    @Test
    void aCutKeepsEveryCharacterWhole() {
        String emoji = "\uD83D\uDE00";
        String message = refusal("L/x" + emoji.repeat(80));
        assertThat(message).isEqualTo("cannot read \"L/x" + emoji.repeat(61) + "…\": a name in the path is longer than 255"
                + " bytes; use a plain path inside the workspace");
        assertThat(message.codePoints().noneMatch(cp -> Character.isSurrogate((char) cp) && cp <= 0xFFFF)).isTrue();
        // A path of 64 characters or fewer is shown whole, without "…".
        assertThat(refusal(emoji.repeat(64))).startsWith("cannot read \"" + emoji.repeat(64) + "\": a name in the path");
    }
}
