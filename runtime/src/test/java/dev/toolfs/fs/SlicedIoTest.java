package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/** No read or write asks a channel for more than a slice: the direct buffer a thread keeps stays that small. */
class SlicedIoTest {

    @Test
    void aWriteGoesInSlicesAndWritesEveryByte() throws IOException {
        byte[] data = new byte[5 * SlicedIo.SLICE + 123];
        new Random(7).nextBytes(data);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AtomicInteger largest = new AtomicInteger();
        WritableByteChannel channel = new WritableByteChannel() {
            @Override
            public int write(ByteBuffer src) {
                largest.accumulateAndGet(src.remaining(), Math::max);
                int n = Math.min(src.remaining(), 10_000); // a channel may write less than it is given
                byte[] b = new byte[n];
                src.get(b);
                out.write(b, 0, n);
                return n;
            }

            @Override
            public boolean isOpen() {
                return true;
            }

            @Override
            public void close() {
            }
        };
        SlicedIo.writeFully(channel, data);
        assertThat(out.toByteArray()).isEqualTo(data);
        assertThat(largest.get()).isEqualTo(SlicedIo.SLICE);
        SlicedIo.writeFully(channel, new byte[0]);
        assertThat(out.size()).isEqualTo(data.length);
    }

    @Test
    void aReadAsksForASliceAtMost() throws IOException {
        byte[] data = new byte[3 * SlicedIo.SLICE + 5];
        new Random(8).nextBytes(data);
        AtomicInteger largest = new AtomicInteger();
        InputStream source = new ByteArrayInputStream(data) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                largest.accumulateAndGet(len, Math::max);
                return super.read(b, off, len);
            }
        };
        byte[] all = new byte[data.length];
        assertThat(SlicedIo.inSlices(source).readNBytes(all, 0, all.length)).isEqualTo(data.length);
        assertThat(all).isEqualTo(data);
        assertThat(largest.get()).isEqualTo(SlicedIo.SLICE);
    }
}
