package dev.toolfs.fs.local;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A file's stream that knows its end without one more system call when it can: once a read has delivered less than
 * was asked for, and all that was delivered is exactly the size the file's stat gave, the file ended there when that
 * read ran. The read the stream saves would only confirm it (a small file is then one read, not two). A file that
 * grew or shrank since its stat is read on to its real end, as before.
 */
final class EndAtStatSize extends FilterInputStream {
    private final long statSize;
    private long delivered;
    private boolean ended;

    EndAtStatSize(InputStream in, long statSize) {
        super(in);
        this.statSize = statSize;
    }

    @Override
    public int read() throws IOException {
        if (ended) {
            return -1;
        }
        int b = in.read();
        if (b >= 0) {
            delivered++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (ended) {
            return -1;
        }
        int n = in.read(b, off, len);
        if (n > 0) {
            delivered += n;
            ended = n < len && delivered == statSize;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        if (ended) {
            return 0;
        }
        long skipped = in.skip(n);
        delivered += Math.max(skipped, 0);
        return skipped;
    }
}
