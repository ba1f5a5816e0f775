package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.text.Normalizer;

import org.junit.jupiter.api.Test;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

class CaseFoldTest {

    @Test
    void spellingsThatAppleVolumesTakeForOneNameFoldAlike() {
        assertThat(CaseFold.fold(".GIT/Hooks")).isEqualTo(".git/hooks");
        assertThat(CaseFold.fold("Config/Application.properties")).isEqualTo("config/application.properties");
        // A composed and a decomposed accent.
        assertThat(CaseFold.fold("Jos\u00e9/.env")).isEqualTo(CaseFold.fold("JOSE\u0301/.ENV")).isEqualTo("jos\u00e9/.env");
        // HFS+ leaves joiners, direction marks and the byte-order mark out of a name.
        assertThat(CaseFold.fold(".g\u200cit/hooks")).isEqualTo(".git/hooks");
        assertThat(CaseFold.fold("\ufeff.e\u200dnv\u202e")).isEqualTo(".env");
        // Letters whose lower case alone would not meet their usual form; none becomes two (a glob's ? still fits).
        assertThat(CaseFold.fold("Stra\u00dfe")).isEqualTo(CaseFold.fold("STRA\u1e9eE")).hasSize(6);
        assertThat(CaseFold.fold("\u017fecret")).isEqualTo("secret");
        assertThat(CaseFold.fold("\u039f\u03a3")).isEqualTo(CaseFold.fold("\u03bf\u03c2"));
        assertThat(CaseFold.fold("a\u03a3b")).isEqualTo(CaseFold.fold("a\u03c3b"));
        assertThat(CaseFold.fold("\u0130")).isEqualTo("i");
        // Other names stay apart.
        assertThat(CaseFold.fold(".gitignore")).isNotEqualTo(CaseFold.fold(".git"));
        assertThat(CaseFold.fold("caf\u00e9")).isNotEqualTo(CaseFold.fold("cafe"));
    }

    @Test
    void aPathIsFoldedNameByNameAndKeptWhenAlreadyFolded() {
        Path plain = Path.of("/ws/app/.env");
        assertThat(CaseFold.of(plain)).isSameAs(plain);
        assertThat(CaseFold.of(Path.of("/WS/App/.ENV"))).isEqualTo(plain);
        assertThat(CaseFold.of(Path.of("/ws/APP/.env/x")).startsWith(CaseFold.of(Path.of("/ws/app/.env")))).isTrue();
        assertThat(CaseFold.of(Path.of("/ws/.G\u200cIT/hooks"))).isEqualTo(Path.of("/ws/.git/hooks"));
        // A name of ignored code points only stays: no name drops out of the path.
        assertThat(CaseFold.of(Path.of("src/\u200c/Generated/k"))).isEqualTo(Path.of("src/\u200c/generated/k"));
    }

    @Property(tries = 500)
    void caseAndCompositionDoNotChangeTheFold(@ForAll String s) {
        String folded = CaseFold.fold(s);
        assertThat(CaseFold.fold(eachCodePoint(s, Character::toUpperCase))).as("upper").isEqualTo(folded);
        assertThat(CaseFold.fold(eachCodePoint(s, Character::toLowerCase))).as("lower").isEqualTo(folded);
        assertThat(CaseFold.fold(eachCodePoint(s, Character::toTitleCase))).as("title").isEqualTo(folded);
        assertThat(CaseFold.fold(Normalizer.normalize(s, Normalizer.Form.NFD))).as("NFD").isEqualTo(folded);
        assertThat(CaseFold.fold(folded)).as("a fold is folded").isEqualTo(folded);
    }

    private static String eachCodePoint(String s, java.util.function.IntUnaryOperator map) {
        StringBuilder b = new StringBuilder();
        s.codePoints().map(map).forEach(b::appendCodePoint);
        return b.toString();
    }
}
