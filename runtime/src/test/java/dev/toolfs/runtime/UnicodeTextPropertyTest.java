package dev.toolfs.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The fast test finds exactly the first lone surrogate a plain walk over the characters finds. */
class UnicodeTextPropertyTest {

    @Property(tries = 1000)
    void findsTheFirstLoneSurrogate(@ForAll("texts") String text) {
        assertThat(UnicodeText.loneSurrogate(text)).isEqualTo(naive(text));
    }

    @Property(tries = 300)
    void textWithoutLoneSurrogatesSurvivesUtf8(@ForAll("texts") String text) {
        if (UnicodeText.loneSurrogate(text) < 0) {
            assertThat(new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(text);
        }
    }

    /** Short and long texts of ASCII, '?', Latin-1, other BMP characters, whole pairs and lone halves. */
    @Provide
    Arbitrary<String> texts() {
        Arbitrary<String> piece = Arbitraries.of("a", "?", "\u00e9", "\u4e2d", "\uD83D\uDE00", "\uD83D", "\uDE00", "\n",
                "plain ascii text ");
        Arbitrary<String> mostlyAscii = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(30, Arbitraries.just("x")), net.jqwik.api.Tuple.of(1, piece));
        return Arbitraries.oneOf(piece.list().ofMaxSize(40), mostlyAscii.list().ofMaxSize(300))
                .map(list -> String.join("", list));
    }

    private static int naive(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return i;
            }
        }
        return -1;
    }
}
