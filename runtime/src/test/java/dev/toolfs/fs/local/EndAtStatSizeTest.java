package dev.toolfs.fs.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import org.junit.jupiter.api.Test;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class EndAtStatSizeTest {

    private static final byte[] TEN = "0123456789".getBytes();

    @Test
    void aFileOfTheSizeItsStatGaveIsOneReadWhenTheReadAskedForMore() throws IOException {
        CountingStream file = new CountingStream(TEN);
        InputStream in = new EndAtStatSize(file, 10);
        byte[] buf = new byte[11];
        assertThat(in.read(buf, 0, 11)).isEqualTo(10);
        assertThat(in.read(buf, 0, 11)).isEqualTo(-1);
        assertThat(in.read()).isEqualTo(-1);
        assertThat(in.skip(5)).isZero();
        assertThat(file.reads).isEqualTo(1);
    }

    @Test
    void aReadThatFilledItsBufferAsksTheSystemForTheEnd() throws IOException {
        CountingStream file = new CountingStream(TEN);
        InputStream in = new EndAtStatSize(file, 10);
        byte[] buf = new byte[10];
        assertThat(in.read(buf, 0, 10)).isEqualTo(10);
        assertThat(in.read(buf, 0, 10)).isEqualTo(-1);
        assertThat(file.reads).isEqualTo(2);
    }

    @Test
    void aFileThatGrewOrShrankSinceItsStatIsReadToItsRealEnd() throws IOException {
        for (long statSize : List.of(0L, 4L, 9L, 11L, 100L)) {
            CountingStream file = new CountingStream(TEN);
            assertThat(readAll(new EndAtStatSize(file, statSize), 64)).as("stat size %d", statSize).isEqualTo(TEN);
            assertThat(file.reads).as("stat size %d", statSize).isEqualTo(2);
        }
    }

    @Test
    void anEmptyFileIsAskedForItsEnd() throws IOException {
        CountingStream file = new CountingStream(new byte[0]);
        assertThat(readAll(new EndAtStatSize(file, 0), 8)).isEmpty();
        assertThat(file.reads).isEqualTo(1);
    }

    /**
     * Whatever the stat said and however the reader asks (reads of any length, single bytes, skips), the reader gets
     * the file's bytes, all of them, in order.
     */
    @Property(tries = 500)
    void theReaderGetsTheWholeFileWhateverItsStatSaid(@ForAll @Size(max = 300) byte[] content,
            @ForAll @IntRange(min = 0, max = 310) int statSize, @ForAll("steps") List<Integer> steps) throws IOException {
        InputStream in = new EndAtStatSize(new ByteArrayInputStream(content), statSize);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        int position = 0;
        int step = 0;
        while (true) {
            int s = steps.isEmpty() ? 7 : steps.get(step++ % steps.size());
            if (s == 0) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                got.write(b);
                position++;
            } else if (s < 0) {
                long skipped = in.skip(-s);
                got.write(content, position, (int) skipped);
                position += (int) skipped;
                if (position == content.length && in.read() < 0) {
                    break;
                }
            } else {
                byte[] buf = new byte[s];
                int n = in.read(buf, 0, s);
                if (n < 0) {
                    break;
                }
                got.write(buf, 0, n);
                position += n;
            }
        }
        assertThat(got.toByteArray()).isEqualTo(content);
    }

    @Provide
    Arbitrary<List<Integer>> steps() {
        // Positive: a read of that many bytes; 0: one byte; negative: a skip.
        return Arbitraries.integers().between(-20, 400).list().ofMaxSize(8);
    }

    private static byte[] readAll(InputStream in, int chunk) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[chunk];
        for (int n = in.read(buf, 0, chunk); n >= 0; n = in.read(buf, 0, chunk)) {
            out.write(buf, 0, n);
        }
        return out.toByteArray();
    }
}
