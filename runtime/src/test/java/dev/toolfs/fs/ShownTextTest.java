package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShownTextTest {

    @Test
    void whatWouldNotShowAsItIsIsEscaped() {
        assertThat(ShownText.escaped("plain/path é 😀")).isEqualTo("plain/path é 😀");
        assertThat(ShownText.escaped("a\nb\u0085c\u2028d\u202ee\u2066f\u061cg\u007f"))
                .isEqualTo("a\\x0ab\\x85c\\u2028d\\u202ee\\u2066f\\u061cg\\x7f");
        // Right-to-left letters are text like any other.
        assertThat(ShownText.escaped("\u05e9\u05dc\u05d5\u05dd")).isEqualTo("\u05e9\u05dc\u05d5\u05dd");
    }

    @Test
    void aCutSaysItCutOnlyWhenItDid() {
        assertThat(ShownText.cut("abc", 3)).isEqualTo("abc");
        assertThat(ShownText.cut("abcd", 3)).isEqualTo("abc…");
        assertThat(ShownText.cut("ab\uD83D\uDE00", 3)).isEqualTo("ab\uD83D\uDE00");
    }

    @Test
    void firstCharsCountsCodePoints() {
        assertThat(ShownText.firstChars("ab\uD83D\uDE00c", 3)).isEqualTo("ab\uD83D\uDE00");
        assertThat(ShownText.firstChars("abc", 5)).isEqualTo("abc");
        assertThat(ShownText.firstChars("\uD83D\uDE00\uD83D\uDE00", 1)).isEqualTo("\uD83D\uDE00");
    }

    /** Found by black-box testing: a family emoji was cut to a man and a joiner, a flag to its first letter. */
    @Test
    void aCutDoesNotEndInsideACharacterDrawnFromSeveral() {
        String man = "\uD83D\uDC68";
        String woman = "\uD83D\uDC69";
        String family = man + "\u200D" + woman;
        assertThat(ShownText.firstChars("ab" + family, 3)).isEqualTo("ab"); // "ab", the man: then the joiner
        assertThat(ShownText.firstChars("ab" + family, 4)).isEqualTo("ab"); // ends with the joiner
        assertThat(ShownText.firstChars("ab" + family + "c", 5)).isEqualTo("ab" + family);
        String france = "\uD83C\uDDEB\uD83C\uDDF7";
        String germany = "\uD83C\uDDE9\uD83C\uDDEA";
        assertThat(ShownText.firstChars("x" + france + germany, 2)).isEqualTo("x");
        assertThat(ShownText.firstChars("x" + france + germany, 3)).isEqualTo("x" + france);
        assertThat(ShownText.firstChars("x" + france + germany, 4)).isEqualTo("x" + france);
        // An accent written as its own mark, a skin tone, a presentation selector stay with their character.
        assertThat(ShownText.firstChars("cafe\u0301!", 4)).isEqualTo("caf");
        assertThat(ShownText.firstChars("a\uD83D\uDC4D\uD83C\uDFFD", 2)).isEqualTo("a");
        assertThat(ShownText.firstChars("a\u2764\uFE0F", 2)).isEqualTo("a");
        assertThat(ShownText.firstChars("a\u2764\uFE0Fb", 3)).isEqualTo("a\u2764\uFE0F");
    }
}
