package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The linear search finds exactly the places String.indexOf finds, one after the other, overlapping ones included. */
class TextSearchPropertyTest {

    /** Few letters, so that texts repeat and places overlap: where a naive search does the most work. */
    @Provide
    Arbitrary<String> text() {
        return Arbitraries.strings().withChars("ab\n\u00e9").ofMinLength(0).ofMaxLength(60);
    }

    @Provide
    Arbitrary<String> needle() {
        return Arbitraries.strings().withChars("ab\n\u00e9").ofMinLength(1).ofMaxLength(6);
    }

    private static List<Integer> naive(String hay, String needle, int from) {
        List<Integer> places = new ArrayList<>();
        for (int at = hay.indexOf(needle, from); at >= 0; at = hay.indexOf(needle, at + 1)) {
            places.add(at);
        }
        return places;
    }

    @Property
    void findsWhatIndexOfFinds(@ForAll("text") String hay, @ForAll("needle") String needle,
            @ForAll @net.jqwik.api.constraints.IntRange(min = 0, max = 70) int from) {
        List<Integer> found = new ArrayList<>();
        TextSearch search = new TextSearch(hay, needle, from);
        for (int at = search.next(); at >= 0; at = search.next()) {
            found.add(at);
        }
        assertThat(found).isEqualTo(naive(hay, needle, Math.min(from, hay.length() + 1)));
        assertThat(TextSearch.indexOf(hay, needle)).isEqualTo(hay.indexOf(needle));
    }

    @Example
    void aLongNeedleInARepetitiveTextIsFoundOrNotInOnePass() {
        String hay = "a".repeat(1_000_000);
        assertThat(TextSearch.indexOf(hay, "a".repeat(5000) + "b")).isEqualTo(-1);
        assertThat(TextSearch.indexOf(hay + "b", "a".repeat(5000) + "b")).isEqualTo(1_000_000 - 5000);
        assertThatThrownBy(() -> new TextSearch(hay, "", 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
