package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The word-at-a-time newline count agrees with the obvious byte loop, at any alignment. */
class NewlineCountPropertyTest {

    @Property(tries = 2000)
    void countsLikeTheByteLoop(@ForAll @Size(max = 200) byte[] bytes, @ForAll @IntRange(max = 16) int skip) {
        int from = Math.min(skip, bytes.length);
        long expected = 0;
        for (int i = from; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                expected++;
            }
        }
        assertThat(Utf8LineScanner.countNewlines(bytes, from, bytes.length)).isEqualTo(expected);
    }

    @Property(tries = 500)
    void countsDenseNewlines(@ForAll @IntRange(max = 300) int n) {
        byte[] bytes = new byte[n];
        java.util.Arrays.fill(bytes, (byte) '\n');
        assertThat(Utf8LineScanner.countNewlines(bytes, 0, n)).isEqualTo(n);
    }
}
