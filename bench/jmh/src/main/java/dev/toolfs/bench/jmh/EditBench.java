package dev.toolfs.bench.jmh;

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

import dev.toolfs.fs.LiteralEdit;
import dev.toolfs.fs.TextEdit;

/**
 * The edit tool's literal match and splice ({@link LiteralEdit#apply}) on a 10 MB text with one unique occurrence in
 * the middle, against {@code String.indexOf} (twice: the edit must also prove the match is unique) and a substring
 * concatenation. Both return the new file text; LiteralEdit also maps line endings and keeps the text the model sees
 * before and after (for the diff), which is the overhead this measures. With {@code input=bytes} LiteralEdit is also
 * given the file's bytes, as the sidecar gives them after reading the file: an ASCII text without a CR is then searched
 * in its bytes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class EditBench {

    private static final String OLD = "return \"ALPHA-MARKER-7f3a\";";
    private static final String NEW = "return \"OMEGA-MARKER-7f3a\";";

    /** {@code text}: the text alone; {@code bytes}: the text and its UTF-8 bytes, as the sidecar edits a file. */
    @Param({ "text", "bytes" })
    public String input;

    private String text;
    private byte[] bytes;
    private TextEdit edit;

    @Setup
    public void setup() {
        // ~10 MB: 180,000 lines of ~58 bytes, the needle on the middle line.
        String half = Fixtures.lines(90_000, 7);
        text = half + "    " + OLD + "\n" + Fixtures.lines(90_000, 8);
        bytes = "bytes".equals(input) ? text.getBytes(java.nio.charset.StandardCharsets.UTF_8) : null;
        edit = new TextEdit(OLD, NEW, false);
        if (!ours().equals(jdk())) {
            throw new IllegalStateException("the baseline's result differs from LiteralEdit's");
        }
    }

    @Benchmark
    public String ours() {
        return LiteralEdit.apply(text, bytes, edit, Long.MAX_VALUE).physicalAfter();
    }

    @Benchmark
    public String jdk() {
        int at = text.indexOf(OLD);
        if (at < 0 || text.indexOf(OLD, at + OLD.length()) >= 0) {
            throw new IllegalStateException("not exactly one match");
        }
        return text.substring(0, at) + NEW + text.substring(at + OLD.length());
    }
}
