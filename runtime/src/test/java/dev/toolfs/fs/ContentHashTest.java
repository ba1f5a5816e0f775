package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class ContentHashTest {

    @Test
    void isCrc32cThenCrc32() {
        assertThat(ContentHash.of("123456789".getBytes(StandardCharsets.US_ASCII))).isEqualTo("e3069283cbf43926");
        assertThat(ContentHash.of(new byte[0])).isEqualTo("0000000000000000");
    }

    @Property
    void feedingInPiecesGivesTheSameChecksum(@ForAll @Size(max = 300) byte[] bytes, @ForAll @IntRange(min = 1, max = 64) int piece) {
        ContentHash h = new ContentHash();
        for (int off = 0; off < bytes.length; off += piece) {
            h.update(bytes, off, Math.min(piece, bytes.length - off));
        }
        assertThat(h.hex()).isEqualTo(ContentHash.of(bytes));
    }

    @Property
    void anyChangeOfOneByteIsSeen(@ForAll @Size(min = 1, max = 300) byte[] bytes, @ForAll @IntRange(max = 299) int at,
            @ForAll @IntRange(min = 1, max = 255) int delta) {
        byte[] changed = bytes.clone();
        int i = at % bytes.length;
        changed[i] = (byte) (changed[i] + delta);
        assertThat(ContentHash.of(changed)).isNotEqualTo(ContentHash.of(bytes));
    }
}
