package dev.toolfs.fs;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;

/**
 * Reads and writes of a file channel in slices of at most {@link #SLICE} bytes. A channel copies a heap buffer through
 * a temporary direct buffer of the whole request, which the JDK keeps for its thread: reading or writing a 5 MB file in
 * one request left 5 MB outside the heap for each worker thread, until direct memory ran out and calls failed (found by
 * black-box testing: 60 MB held for good under a 64 MiB heap, and HTTP 500s).
 */
public final class SlicedIo {

    /** The most bytes one read or write asks of a channel: the direct buffer a thread keeps is at most this large. */
    public static final int SLICE = 64 * 1024;

    private SlicedIo() {
    }

    /** Writes all of {@code data}, a slice at a time. */
    public static void writeFully(WritableByteChannel channel, byte[] data) throws IOException {
        ByteBuffer all = ByteBuffer.wrap(data);
        while (all.hasRemaining()) {
            ByteBuffer slice = all.slice();
            slice.limit(Math.min(SLICE, slice.remaining()));
            int n = channel.write(slice);
            all.position(all.position() + n);
        }
    }

    /** {@code in}, each of whose reads asks at most {@link #SLICE} bytes of it. */
    public static InputStream inSlices(InputStream in) {
        return new FilterInputStream(in) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return in.read(b, off, Math.min(len, SLICE));
            }
        };
    }
}
