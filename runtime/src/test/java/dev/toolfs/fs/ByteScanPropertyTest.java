package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.ByteRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** The word-at-a-time scans agree with the obvious byte loop, for any value and at any alignment. */
class ByteScanPropertyTest {

    @Property(tries = 2000)
    void countsAndFindsLikeTheByteLoop(@ForAll @Size(max = 200) byte[] bytes, @ForAll @IntRange(max = 16) int skip,
            @ForAll @IntRange(max = 16) int cut, @ForAll("values") byte value) {
        int from = Math.min(skip, bytes.length);
        int to = Math.max(from, bytes.length - cut);
        long expected = 0;
        for (int i = from; i < to; i++) {
            if (bytes[i] == value) {
                expected++;
            }
        }
        assertThat(ByteScan.count(bytes, value, from, to)).isEqualTo(expected);
        assertThat(ByteScan.contains(bytes, value, from, to)).isEqualTo(expected > 0);
    }

    @Property(tries = 2000)
    void findsTheFirstByteJsonMustEscapeOrThatIsNotAscii(@ForAll("jsonish") byte[] bytes,
            @ForAll @IntRange(max = 16) int skip, @ForAll @IntRange(max = 16) int cut) {
        int from = Math.min(skip, bytes.length);
        int to = Math.max(from, bytes.length - cut);
        int expected = -1;
        for (int i = from; i < to && expected < 0; i++) {
            int c = bytes[i] & 0xFF;
            if (c < 0x20 || c == '"' || c == '\\' || c >= 0x80) {
                expected = i;
            }
        }
        assertThat(ByteScan.indexOfJsonSpecial(bytes, from, to)).isEqualTo(expected);
    }

    @Property(tries = 3000)
    void findsANeedleWhereTheNaiveSearchFindsIt(@ForAll("fewLetters") byte[] bytes, @ForAll("fewLetters") byte[] free,
            @ForAll boolean fromTheBytes, @ForAll @IntRange(max = 40) int at, @ForAll @IntRange(max = 12) int length,
            @ForAll @IntRange(max = 16) int skip, @ForAll @IntRange(max = 16) int cut) {
        // From the bytes themselves (found at least there) or free (mostly not found), of any length up to 12.
        byte[] needle;
        if (fromTheBytes && bytes.length > 0) {
            int start = Math.min(at, bytes.length - 1);
            needle = Arrays.copyOfRange(bytes, start, Math.min(bytes.length, start + length));
        } else {
            needle = Arrays.copyOf(free, Math.min(free.length, length));
        }
        int from = Math.min(skip, bytes.length);
        int to = Math.max(from, bytes.length - cut);
        int expected = -1;
        for (int i = from; i + needle.length <= to && expected < 0; i++) {
            if (Arrays.equals(bytes, i, i + needle.length, needle, 0, needle.length)) {
                expected = i;
            }
        }
        assertThat(ByteScan.indexOf(bytes, needle, from, to)).isEqualTo(expected);
    }

    /** Few byte values, so that a needle's first and last bytes often match where the rest does not. */
    @Provide
    Arbitrary<byte[]> fewLetters() {
        return Arbitraries.of((byte) 'a', (byte) 'b', (byte) '\n', (byte) 0x80, (byte) 0xFF, (byte) 0)
                .array(byte[].class).ofMaxSize(100);
    }

    /** Mostly plain ASCII, with now and then a byte to find or one next to it in value. */
    @Provide
    Arbitrary<byte[]> jsonish() {
        Arbitrary<Byte> plain = Arbitraries.bytes().between((byte) 0x20, (byte) 0x7E);
        Arbitrary<Byte> edge = Arbitraries.of((byte) 0, (byte) 0x1F, (byte) 0x20, (byte) '"', (byte) '!', (byte) '#',
                (byte) '\\', (byte) '[', (byte) ']', (byte) 0x7F, (byte) 0x80, (byte) 0xFF, (byte) '\n', (byte) '\t');
        return Arbitraries.frequencyOf(Tuple.of(12, plain), Tuple.of(1, edge)).array(byte[].class).ofMaxSize(80);
    }

    /** Newlines, NULs and the bytes whose bits the trick could confuse with them (high bit set, neighbours). */
    @Provide
    Arbitrary<Byte> values() {
        return Arbitraries.of((byte) '\n', (byte) 0, (byte) 0x80, (byte) 0x8A, (byte) 0x0B, (byte) 0xFF,
                (byte) 0x01);
    }

    @Property(tries = 500)
    void countsDenseMatches(@ForAll @IntRange(max = 300) int n, @ForAll @ByteRange byte value) {
        byte[] bytes = new byte[n];
        Arrays.fill(bytes, value);
        assertThat(ByteScan.count(bytes, value, 0, n)).isEqualTo(n);
        assertThat(ByteScan.contains(bytes, value, 0, n)).isEqualTo(n > 0);
    }

    @Property(tries = 2000)
    void wordTricksAgreeWithEachByte(@ForAll long x, @ForAll @IntRange(min = 1, max = 0x80) int below,
            @ForAll("values") byte spread) {
        long y = x ^ ByteScan.repeated(spread);
        long zeros = 0;
        long nonAscii = 0;
        boolean anyBelow = false;
        for (int k = 0; k < 8; k++) {
            int b = (int) (y >>> (8 * k)) & 0xFF;
            if (b == 0) {
                zeros |= 0x80L << (8 * k);
            }
            if (b >= 0x80) {
                nonAscii |= 0x80L << (8 * k);
            }
            anyBelow |= b < below;
        }
        assertThat(ByteScan.zeroBytes(y)).isEqualTo(zeros);
        assertThat(ByteScan.nonAsciiBytes(y)).isEqualTo(nonAscii);
        assertThat(ByteScan.anyBelow(y, below) != 0).isEqualTo(anyBelow);
    }

    @Property(tries = 200)
    void aWordIsItsEightBytesFirstLowest(@ForAll @Size(min = 8, max = 8) byte[] bytes) {
        long expected = 0;
        for (int k = 7; k >= 0; k--) {
            expected = (expected << 8) | (bytes[k] & 0xFF);
        }
        assertThat(ByteScan.word(bytes, 0)).isEqualTo(expected);
    }

    /** The JDK's strict decoder is the reference: it refuses overlong forms, surrogates and what is above U+10FFFF. */
    private static boolean strictlyDecodes(byte[] b, int from, int to) {
        try {
            java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(b, from, to - from));
            return true;
        } catch (java.nio.charset.CharacterCodingException e) {
            return false;
        }
    }

    @Property(tries = 3000)
    void utf8IsCheckedAsTheStrictDecoderChecksIt(@ForAll("utf8ish") byte[] bytes, @ForAll @IntRange(max = 9) int skip) {
        int from = Math.min(skip, bytes.length);
        assertThat(ByteScan.isUtf8(bytes, from, bytes.length)).as(Arrays.toString(bytes))
                .isEqualTo(strictlyDecodes(bytes, from, bytes.length));
    }

    @Property(tries = 3000)
    void theFirstInvalidByteEndsTheLongestValidStart(@ForAll("utf8ish") byte[] bytes, @ForAll @IntRange(max = 9) int skip) {
        int from = Math.min(skip, bytes.length);
        int bad = ByteScan.indexOfInvalidUtf8(bytes, from, bytes.length);
        if (bad < 0) {
            assertThat(strictlyDecodes(bytes, from, bytes.length)).as(Arrays.toString(bytes)).isTrue();
        } else {
            // All before it is UTF-8, and no sequence starting at it is.
            assertThat(bad).isBetween(from, bytes.length - 1);
            assertThat(strictlyDecodes(bytes, from, bad)).as(Arrays.toString(bytes)).isTrue();
            for (int end = bad + 1; end <= Math.min(bytes.length, bad + 4); end++) {
                assertThat(strictlyDecodes(bytes, bad, end)).as(Arrays.toString(bytes) + " " + end).isFalse();
            }
        }
    }

    /** Mostly ASCII with the bytes that make and break multi-byte sequences. */
    @Provide
    Arbitrary<byte[]> utf8ish() {
        Arbitrary<Byte> b = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, Arbitraries.bytes().between((byte) 0x20, (byte) 0x7E)),
                net.jqwik.api.Tuple.of(3, Arbitraries.of((byte) 0x80, (byte) 0x8F, (byte) 0x90, (byte) 0x9F, (byte) 0xA0,
                        (byte) 0xBF)),
                net.jqwik.api.Tuple.of(3, Arbitraries.of((byte) 0xC0, (byte) 0xC1, (byte) 0xC2, (byte) 0xDF, (byte) 0xE0,
                        (byte) 0xED, (byte) 0xEF, (byte) 0xF0, (byte) 0xF4, (byte) 0xF5, (byte) 0xFF)),
                net.jqwik.api.Tuple.of(1, Arbitraries.bytes()));
        return b.array(byte[].class).ofMaxSize(40);
    }

    @org.junit.jupiter.api.Test
    void overlongFormsAreNotUtf8() {
        byte[] slash = { 'a', (byte) 0xC0, (byte) 0xAF, 'b' };
        assertThat(ByteScan.isUtf8(slash, 0, slash.length)).isFalse();
        byte[] above = { (byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80 };
        assertThat(ByteScan.isUtf8(above, 0, above.length)).isFalse();
        byte[] fine = "caf\u00e9 \ud83d\ude00 plain ascii longer than eight".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(ByteScan.isUtf8(fine, 0, fine.length)).isTrue();
    }

    @org.junit.jupiter.api.Test
    void jsonTextIsUtf8WithoutANul() {
        String json = "{\"file_path\":\"caf\u00e9.txt\"}";
        for (java.nio.charset.Charset wide : java.util.List.of(java.nio.charset.StandardCharsets.UTF_16BE,
                java.nio.charset.StandardCharsets.UTF_16LE, java.nio.charset.Charset.forName("UTF-32"))) {
            byte[] b = json.getBytes(wide);
            assertThat(ByteScan.isJsonText(b, 0, b.length)).as(wide.name()).isFalse();
        }
        byte[] utf8 = json.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(ByteScan.isJsonText(utf8, 0, utf8.length)).isTrue();
        byte[] withNul = "{\"a\":\"x\u0000\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(ByteScan.isJsonText(withNul, 0, withNul.length)).as("a raw NUL in a string").isFalse();
        byte[] overlong = { '"', (byte) 0xC0, (byte) 0xAF, '"' };
        assertThat(ByteScan.isJsonText(overlong, 0, overlong.length)).isFalse();
    }
}
