package dev.toolfs.transport.rest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BodyLimitsTest {

    private static final String QUARKUS = "the request body is over the size limit (quarkus.http.limits.max-body-size)";

    @Test
    void theSmallerLimitAppliesAndIsTheOneNamed() {
        BodyLimits own = new BodyLimits(64 * 1024, 10 << 20);
        assertThat(own.effective()).isEqualTo(64 * 1024);
        assertThat(own.tooLarge()).isEqualTo("the request body is over the 65536-byte limit (quarkus.tool-fs.rest.max-body-size)");
        // Quarkus' own limit the smaller: a chunked body over it was said to be over Tool FS's larger one.
        BodyLimits quarkus = new BodyLimits(10 << 20, 1 << 20);
        assertThat(quarkus.effective()).isEqualTo(1 << 20);
        assertThat(quarkus.tooLarge()).isEqualTo(QUARKUS);
        // No limit of Tool FS's own: Quarkus' still holds (a declared length over it was answered with an empty 413).
        BodyLimits none = new BodyLimits(0, 1 << 20);
        assertThat(none.effective()).isEqualTo(1 << 20);
        assertThat(none.tooLarge()).isEqualTo(QUARKUS);
    }
}
