package dev.toolfs.transport.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;

import org.junit.jupiter.api.Test;

class BearerTokenTest {

    private static final Optional<String> TOKEN = Optional.of("s3cret");

    @Test
    void theSchemeIsCaseInsensitiveAndTheTokenIsNot() {
        assertThat(BearerToken.accepts(TOKEN, "Bearer s3cret")).isTrue();
        assertThat(BearerToken.accepts(TOKEN, "bearer s3cret")).isTrue();
        assertThat(BearerToken.accepts(TOKEN, "BEARER  s3cret")).isTrue();
        assertThat(BearerToken.accepts(TOKEN, "Bearer S3CRET")).isFalse();
        assertThat(BearerToken.accepts(TOKEN, "Bearer s3cret ")).isFalse();
        assertThat(BearerToken.accepts(TOKEN, "Bearers3cret")).isFalse();
        assertThat(BearerToken.accepts(TOKEN, "Basic s3cret")).isFalse();
        assertThat(BearerToken.accepts(TOKEN, "s3cret")).isFalse();
        assertThat(BearerToken.accepts(TOKEN, "Bearer ")).isFalse();
        assertThat(BearerToken.accepts(TOKEN, null)).isFalse();
    }

    @Test
    void withoutATokenEveryRequestIsAccepted() {
        assertThat(BearerToken.accepts(Optional.empty(), null)).isTrue();
        assertThat(BearerToken.accepts(Optional.of(" "), "anything")).isTrue();
    }
}
