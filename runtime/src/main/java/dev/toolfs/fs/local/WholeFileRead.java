package dev.toolfs.fs.local;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * A whole file's bytes, read into an array sized by its stat (then cut to the bytes read): one read for the file and
 * none to find its end (see {@link EndAtStatSize}), where {@code InputStream.readNBytes(int)} reads 8 KiB pieces (seven
 * for a 50 KB source file) and copies them together. A file that grew since its stat is read on, up to the limit.
 */
final class WholeFileRead {

    /** The largest array the JVM makes reliably. */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 16;

    private WholeFileRead() {
    }

    /**
     * The stream's bytes up to {@code limit} of them (fewer when it ends first), {@code statSize} being what the file's
     * stat said it holds. The caller tells a file over its own maximum by asking for one byte more than that.
     */
    static byte[] read(InputStream file, long statSize, int limit) throws IOException {
        // One byte over the stat's size: a read that stops short of it and delivered exactly that size ended the file.
        int first = (int) Math.min(statSize + 1, limit);
        InputStream in = new EndAtStatSize(file, statSize);
        byte[] bytes = new byte[first];
        int n = in.readNBytes(bytes, 0, first);
        if (n < first) {
            return Arrays.copyOf(bytes, n);
        }
        byte[] rest = in.readNBytes(limit - n);
        if (rest.length == 0) {
            return bytes;
        }
        byte[] all = Arrays.copyOf(bytes, n + rest.length);
        System.arraycopy(rest, 0, all, n, rest.length);
        return all;
    }
}
