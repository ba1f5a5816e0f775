package dev.toolfs.transport.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class HeaderTextTest {

    /** A header as HTTP hands it over: each byte one character. */
    private static String asReceived(String sent) {
        return new String(sent.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
    }

    @Test
    void utf8BytesAreReadAsTheTextTheyWrite() {
        assertThat(HeaderText.utf8(asReceived("visión"))).isEqualTo("visión");
        assertThat(HeaderText.utf8(asReceived("/ws/日本/😀"))).isEqualTo("/ws/日本/😀");
        assertThat(HeaderText.utf8("plain")).isEqualTo("plain");
        assertThat(HeaderText.utf8(null)).isNull();
        // Bytes that are no UTF-8 (a Latin-1 client), and text already decoded, stay as they are.
        assertThat(HeaderText.utf8("caf\u00e9")).isEqualTo("caf\u00e9");
        assertThat(HeaderText.utf8("\u65e5")).isEqualTo("\u65e5");
    }

    @Test
    void aTokenWithNonAsciiCharactersIsAcceptedAsAClientSendsIt() {
        Optional<String> token = Optional.of("sécret");
        assertThat(BearerToken.accepts(token, HeaderText.utf8(asReceived("Bearer sécret")))).isTrue();
        assertThat(BearerToken.accepts(token, HeaderText.utf8("Bearer s\u00e9cret"))).as("sent as Latin-1").isTrue();
        assertThat(BearerToken.accepts(token, HeaderText.utf8(asReceived("Bearer secret")))).isFalse();
    }
}
