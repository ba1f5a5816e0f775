package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.text.Normalizer;
import java.util.Locale;

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
        // Letters whose lower case alone would not meet their usual form.
        assertThat(CaseFold.fold("Stra\u00dfe")).isEqualTo(CaseFold.fold("STRASSE")).isEqualTo(CaseFold.fold("STRA\u1e9eE"));
        assertThat(CaseFold.fold("\u017fecret")).isEqualTo("secret");
        assertThat(CaseFold.fold("\u039f\u03a3")).isEqualTo(CaseFold.fold("\u03bf\u03c2"));
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
    }

    @Property(tries = 500)
    void caseAndCompositionDoNotChangeTheFold(@ForAll String s) {
        String folded = CaseFold.fold(s);
        assertThat(CaseFold.fold(s.toUpperCase(Locale.ROOT))).as("upper").isEqualTo(folded);
        assertThat(CaseFold.fold(s.toLowerCase(Locale.ROOT))).as("lower").isEqualTo(folded);
        assertThat(CaseFold.fold(Normalizer.normalize(s, Normalizer.Form.NFD))).as("NFD").isEqualTo(folded);
        assertThat(CaseFold.fold(folded)).as("a fold is folded").isEqualTo(folded);
    }
}
