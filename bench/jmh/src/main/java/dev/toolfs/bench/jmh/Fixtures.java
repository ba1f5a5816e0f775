package dev.toolfs.bench.jmh;

import java.nio.charset.StandardCharsets;

/**
 * Deterministic, code-like ASCII text for the benchmarks: the same bytes on every run, so runs compare. The shapes
 * follow the end-to-end bench (100 lines; 200,000 lines of about 55 bytes, ~11 MB).
 */
final class Fixtures {

    private static final String[] WORDS = ("const let return function value index result buffer stream window offset "
            + "limit count total line file path read write edit token string number array object error check state next "
            + "first last size byte session server client request response handler options config").split(" ");

    private Fixtures() {
    }

    /** {@code count} LF-terminated lines of 20 to 90 characters. */
    static String lines(int count, long seed) {
        StringBuilder sb = new StringBuilder(count * 60);
        long s = seed;
        for (int i = 0; i < count; i++) {
            s = next(s);
            int target = 20 + (int) ((s >>> 33) % 71);
            int start = sb.length();
            s = next(s);
            sb.append("  ".repeat((int) ((s >>> 33) % 4)));
            while (sb.length() - start < target) {
                s = next(s);
                sb.append(WORDS[(int) ((s >>> 33) % WORDS.length)]).append(' ');
            }
            sb.setLength(start + target);
            // No trailing blank: a line ends in a word, as code does.
            while (sb.charAt(sb.length() - 1) == ' ') {
                sb.setLength(sb.length() - 1);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** A 64-bit LCG (Knuth's MMIX constants); plenty for filler text. */
    private static long next(long s) {
        return s * 6364136223846793005L + 1442695040888963407L;
    }
}
