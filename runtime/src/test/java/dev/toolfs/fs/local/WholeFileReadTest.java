package dev.toolfs.fs.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class WholeFileReadTest {

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + 7);
        }
        return b;
    }

    @Test
    void aFileAsLargeAsItsStatIsOneRead() throws IOException {
        for (int n : new int[] {1, 100, 8192, 8193, 50_000}) {
            CountingStream in = new CountingStream(bytes(n));
            assertThat(WholeFileRead.read(in, n, 1 << 20)).isEqualTo(bytes(n));
            assertThat(in.reads).as(n + " bytes").isEqualTo(1);
        }
    }

    @Test
    void anEmptyFileIsOneReadToo() throws IOException {
        CountingStream in = new CountingStream(new byte[0]);
        assertThat(WholeFileRead.read(in, 0, 100)).isEmpty();
        assertThat(in.reads).isEqualTo(1);
    }

    @Test
    void aFileThatGrewSinceItsStatIsReadToItsEnd() throws IOException {
        assertThat(WholeFileRead.read(new CountingStream(bytes(30_000)), 100, 1 << 20)).isEqualTo(bytes(30_000));
        // A stat of 0 (a file the system sizes as it reads it) reads the whole too.
        assertThat(WholeFileRead.read(new CountingStream(bytes(5000)), 0, 1 << 20)).isEqualTo(bytes(5000));
    }

    @Test
    void aFileThatShrankEndsWhereItEnds() throws IOException {
        assertThat(WholeFileRead.read(new CountingStream(bytes(10)), 5000, 1 << 20)).isEqualTo(bytes(10));
    }

    @Test
    void theLimitCapsTheRead() throws IOException {
        // The caller asks for one byte over its maximum to see a file over it.
        assertThat(WholeFileRead.read(new CountingStream(bytes(1000)), 1000, 101)).isEqualTo(bytes(101));
        assertThat(WholeFileRead.read(new CountingStream(bytes(1000)), 50, 101)).isEqualTo(bytes(101));
    }

    @Property(tries = 500)
    void theBytesAreTheStreamsUpToTheLimit(@ForAll @Size(max = 20_000) byte[] content,
            @ForAll @IntRange(min = 0, max = 40_000) int statSize, @ForAll @IntRange(min = 1, max = 30_000) int limit)
            throws IOException {
        byte[] read = WholeFileRead.read(new CountingStream(content), statSize, limit);
        assertThat(read).isEqualTo(Arrays.copyOf(content, Math.min(content.length, limit)));
    }
}
