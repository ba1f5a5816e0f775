package dev.toolfs.fs.local;

import java.io.ByteArrayInputStream;

/** A file's stream as the system gives it: short reads only at the end; counts the reads that reach it. */
final class CountingStream extends ByteArrayInputStream {
    int reads;

    CountingStream(byte[] content) {
        super(content);
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) {
        reads++;
        return super.read(b, off, len);
    }

    @Override
    public synchronized int read() {
        reads++;
        return super.read();
    }
}
