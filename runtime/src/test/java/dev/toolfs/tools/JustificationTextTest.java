package dev.toolfs.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class JustificationTextTest {

    @Test
    void aJustificationMustShowSomething() {
        // Found by adversarial tests: each of these reached a person as an apparently empty text.
        for (String blank : List.of("", " \t\n", "\u200b\u00a0", "\u3164", "\uffa0", "\u115f\u1160", "\ufe0f", "\u034f",
                "\u2800", "\u200b\u2060", "\u180e", "\u00ad", "\u061c", "\udb40\udc20")) {
            assertThat(SandboxEscalation.hasVisibleText(blank)).as(blank.codePoints().mapToObj(Integer::toHexString).toList()
                    .toString()).isFalse();
        }
        for (String shown : List.of("x", "the hook must run", "\u00e9", "\u4e2d", "?", "\u2192", "7", "\ud83d\ude00")) {
            assertThat(SandboxEscalation.hasVisibleText(shown)).as(shown).isTrue();
        }
    }
}
