package dev.toolfs.bench.jmh;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import dev.toolfs.fs.Utf8LineScanner;
import dev.toolfs.tools.ReadRender;

/**
 * The read tool's window and text ({@link Utf8LineScanner} + {@link ReadRender}) against the plainest JDK code that
 * produces the same text: a {@link BufferedReader} reading the same lines, formatting them the same way, and counting
 * the remaining lines only when the footer needs the total.
 *
 * <p>
 * The bytes come from memory, so the numbers are the code's, not the disk's. No content hash is computed (the sidecar
 * hashes files up to 8 MiB for versioning; that is not windowing).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ReadBench {

    private static final int LIMIT = 2000;
    private static final int MAX_LINE = 2000;
    /** The sidecar's default byte cap, and the one the end-to-end bench uses so that 2000 lines fit. */
    private static final long DEFAULT_CAP = 51_200;
    private static final long WIDE_CAP = 262_144;
    /** Files above this are not counted to the end when the cap stops the window (the sidecar's hash limit). */
    private static final long COUNT_LIMIT = 8L * 1024 * 1024;

    /**
     * small: 100 lines, whole file. huge: the first 2000 of 200,000 lines with a wide cap, so the footer needs the
     * total (the whole file is scanned). huge-capped: the sidecar's default cap, which stops the window after ~50 KiB
     * and, on a file this size, skips the count.
     */
    @Param({ "small", "huge", "huge-capped" })
    public String shape;

    private byte[] bytes;
    private long cap;
    private boolean countWhenCapped;
    /** What the window shows and whether its footer needs the total, so the baseline does exactly the same. */
    private int shown;
    private boolean capped;
    private boolean counts;

    @Setup
    public void setup() {
        bytes = Fixtures.utf8(Fixtures.lines(shape.equals("small") ? 100 : 200_000, 42));
        cap = shape.equals("huge-capped") ? DEFAULT_CAP : WIDE_CAP;
        countWhenCapped = bytes.length <= COUNT_LIMIT;
        ReadRender.Window w = window();
        shown = w.lines().size();
        capped = w.footer() == ReadRender.Footer.CAPPED;
        counts = !capped || w.totalLines() >= 0;
        String expected = ReadRender.render("file.txt", w);
        String baseline;
        try {
            baseline = jdk();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        // A baseline that produced something else would not be a baseline.
        if (!expected.equals(baseline)) {
            throw new IllegalStateException("the baseline's text differs from the read tool's for " + shape);
        }
    }

    private ReadRender.Window window() {
        Utf8LineScanner scanner = new Utf8LineScanner(new ByteArrayInputStream(bytes), null, 64 * 1024);
        // The sidecar checks the head for binary content before the first line; so does this.
        scanner.checkHead();
        return ReadRender.window(scanner, 1, LIMIT, MAX_LINE, cap, countWhenCapped);
    }

    @Benchmark
    public String ours() {
        return ReadRender.render("file.txt", window());
    }

    @Benchmark
    public String jdk() throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8),
                64 * 1024);
        StringBuilder sb = new StringBuilder(64 + shown * 64);
        sb.append("<path>file.txt</path>\n<type>file</type>\n<content>\n");
        int n = 0;
        String line;
        while (n < shown && (line = in.readLine()) != null) {
            n++;
            sb.append(n).append(": ").append(line).append('\n');
        }
        sb.append('\n');
        // Count the rest exactly when the read tool does: for a MORE/END footer, or a capped one it chose to count.
        long total = counts ? n + remainingLines(in) : -1;
        if (capped) {
            sb.append("(Output capped. Showing lines 1-").append(n).append(". Use offset=").append(n + 1)
                    .append(" to continue.)");
        } else {
            if (total > n) {
                sb.append("(Showing lines 1-").append(n).append(" of ").append(total).append(". Use offset=")
                        .append(n + 1).append(" to continue.)");
            } else {
                sb.append("(End of file - total ").append(total).append(" lines)");
            }
        }
        return sb.append("\n</content>").toString();
    }

    /** Counts newlines in bulk reads, not line by line: no String per line, the least the JDK reader allows. */
    private static long remainingLines(BufferedReader in) throws IOException {
        char[] buf = new char[64 * 1024];
        long count = 0;
        char last = '\n';
        for (int k; (k = in.read(buf)) > 0;) {
            for (int i = 0; i < k; i++) {
                if (buf[i] == '\n') {
                    count++;
                }
            }
            last = buf[k - 1];
        }
        return last == '\n' ? count : count + 1;
    }
}
