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

    /** A heap that a body of the configured size would run out is the limit, and the one named. */
    @Test
    void aSmallHeapLowersTheLimitAndIsNamed() {
        assertThat(BodyLimits.forHeap(48L << 20)).isEqualTo(4L << 20);
        assertThat(BodyLimits.forHeap(120L << 20)).isEqualTo(10L << 20);
        assertThat(BodyLimits.forHeap(4L << 20)).isEqualTo(1L << 20); // never under 1 MiB
        BodyLimits small = new BodyLimits(10 << 20, 100 << 20, BodyLimits.forHeap(48L << 20));
        assertThat(small.effective()).isEqualTo(4L << 20);
        assertThat(small.tooLarge()).isEqualTo("the request body is over the 4194304-byte limit that the server's maximum"
                + " heap allows (a twelfth of it); give the JVM more heap (-Xmx) to send larger ones");
        // No limit of Tool FS's own: the heap's still holds.
        assertThat(new BodyLimits(0, 100 << 20, 4L << 20).effective()).isEqualTo(4L << 20);
        // A heap that takes the configured limit changes nothing.
        BodyLimits large = new BodyLimits(64 * 1024, 10 << 20, BodyLimits.forHeap(1L << 30));
        assertThat(large.effective()).isEqualTo(64 * 1024);
        assertThat(large.tooLarge()).isEqualTo("the request body is over the 65536-byte limit (quarkus.tool-fs.rest.max-body-size)");
        assertThat(new BodyLimits(10 << 20, 1 << 20, 4L << 20).tooLarge()).isEqualTo(QUARKUS);
    }
}
