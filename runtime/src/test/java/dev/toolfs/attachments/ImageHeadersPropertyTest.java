package dev.toolfs.attachments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;

/**
 * Whatever the bytes, {@link ImageHeaders#parse} either answers or throws {@link ImageHeaderException} with a
 * one-line message: never another exception, never a hang.
 */
class ImageHeadersPropertyTest {

    /** Long enough for any image loop to show itself, short enough that 1000 tries stay quick. */
    private static final Duration TIME_LIMIT = Duration.ofSeconds(2);

    /** Valid files of every kind, made once: ImageIO for PNG/JPEG/GIF, hand-built headers for WebP. */
    private static final List<byte[]> SAMPLES = List.of(
            ImageHeadersTest.imageIo("png", 1, 1),
            ImageHeadersTest.imageIo("png", 17, 5),
            ImageHeadersTest.imageIo("jpeg", 1, 1),
            ImageHeadersTest.imageIo("jpeg", 64, 48),
            ImageHeadersTest.progressiveJpeg(9, 30),
            ImageHeadersTest.imageIo("gif", 1, 1),
            ImageHeadersTest.imageIo("gif", 30, 7),
            ImageHeadersTest.webpLossy(640, 480),
            ImageHeadersTest.webpLossless(3, 1000),
            ImageHeadersTest.webpExtended(1000, 3));

    /** The magic bytes of each format, so random tails reach the format parsers instead of "not an image". */
    private static final List<byte[]> MAGICS = List.of(
            new byte[0],
            ImageHeadersTest.bytes(0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'),
            ImageHeadersTest.bytes(0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'),
            ImageHeadersTest.bytes(0xFF, 0xD8, 0xFF),
            ImageHeadersTest.ascii("GIF87a"),
            ImageHeadersTest.ascii("GIF89a"),
            ImageHeadersTest.ascii("RIFF\0\0\0\0WEBP"),
            ImageHeadersTest.ascii("RIFF\0\0\0\0WEBPVP8 "),
            ImageHeadersTest.ascii("RIFF\0\0\0\0WEBPVP8L"),
            ImageHeadersTest.ascii("RIFF\0\0\0\0WEBPVP8X"));

    enum Kind { FLIP, REPLACE, TRUNCATE, INSERT, DELETE }

    /** One edit; {@code position} is reduced modulo the current length when applied. */
    record Mutation(Kind kind, int position, byte value) {

        byte[] applyTo(byte[] bytes) {
            int n = bytes.length;
            return switch (kind) {
                case FLIP -> n == 0 ? bytes : set(bytes, position % n, (byte) (bytes[position % n] ^ 1 << (value & 7)));
                case REPLACE -> n == 0 ? bytes : set(bytes, position % n, value);
                case TRUNCATE -> Arrays.copyOf(bytes, position % (n + 1));
                case INSERT -> splice(bytes, position % (n + 1), 0, new byte[] { value });
                case DELETE -> n == 0 ? bytes : splice(bytes, position % n, 1, new byte[0]);
            };
        }

        private static byte[] set(byte[] bytes, int at, byte value) {
            byte[] copy = bytes.clone();
            copy[at] = value;
            return copy;
        }

        private static byte[] splice(byte[] bytes, int at, int removed, byte[] inserted) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(bytes, 0, at);
            out.writeBytes(inserted);
            out.write(bytes, at + removed, bytes.length - at - removed);
            return out.toByteArray();
        }
    }

    @Provide
    Arbitrary<byte[]> randomBytes() {
        return Arbitraries.bytes().array(byte[].class).ofMaxSize(512);
    }

    @Provide
    Arbitrary<byte[]> magicThenRandomBytes() {
        return Combinators.combine(Arbitraries.of(MAGICS), randomBytes()).as(ImageHeadersTest::concat);
    }

    @Provide
    Arbitrary<byte[]> mutatedImages() {
        // Headers sit in the first few hundred bytes, so most edits land there; a few go anywhere.
        Arbitrary<Integer> position = Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.integers().between(0, 300)),
                Tuple.of(1, Arbitraries.integers().between(0, Integer.MAX_VALUE)));
        Arbitrary<Mutation> mutation = Combinators.combine(
                Arbitraries.of(Kind.class), position, Arbitraries.bytes()).as(Mutation::new);
        return Combinators.combine(Arbitraries.of(SAMPLES), mutation.list().ofMinSize(1).ofMaxSize(8))
                .as(ImageHeadersPropertyTest::mutate);
    }

    private static byte[] mutate(byte[] sample, List<Mutation> mutations) {
        byte[] bytes = sample;
        for (Mutation mutation : mutations) {
            bytes = mutation.applyTo(bytes);
        }
        return bytes;
    }

    @Property(tries = 1000)
    void randomBytesOnlyEverFailWithImageHeaderException(@ForAll("randomBytes") byte[] bytes) {
        assertParsesOrFailsCleanly(bytes);
    }

    @Property(tries = 1000)
    void randomBytesAfterMagicOnlyEverFailWithImageHeaderException(@ForAll("magicThenRandomBytes") byte[] bytes) {
        assertParsesOrFailsCleanly(bytes);
    }

    @Property(tries = 1000)
    void mutatedImagesParseOrFailWithImageHeaderException(@ForAll("mutatedImages") byte[] bytes) {
        assertParsesOrFailsCleanly(bytes);
    }

    @Property(tries = 200)
    void unmutatedSamplesAllParse(@ForAll("samples") byte[] bytes) {
        assertThat(ImageHeaders.parse(bytes).format()).isEqualTo(ImageFormat.sniff(bytes).orElseThrow());
    }

    @Provide
    Arbitrary<byte[]> samples() {
        return Arbitraries.of(SAMPLES);
    }

    @Property(tries = 1000)
    void prefixesOfValidImagesFailOrGiveTheWholeFilesAnswer(
            @ForAll("samples") byte[] sample, @ForAll @IntRange(max = 100_000) int cut) {
        byte[] prefix = Arrays.copyOf(sample, cut % (sample.length + 1));
        Object outcome = parseOrCatch(prefix);
        if (outcome instanceof ImageInfo info) {
            assertThat(info).isEqualTo(ImageHeaders.parse(sample));
        } else {
            // Only "not an image" (shorter than the magic bytes) or "truncated": never a made-up malformation.
            assertThat(((ImageHeaderException) outcome).getMessage())
                    .matches("the bytes are not a PNG, JPEG, WebP or GIF image"
                            + "|the (PNG|JPEG|GIF|WebP) header is truncated");
        }
    }

    /**
     * Runs the parser on another thread with a time limit, so a loop that never ends fails the property instead of
     * hanging the build. Any exception other than ImageHeaderException escapes and fails the property.
     */
    private static void assertParsesOrFailsCleanly(byte[] bytes) {
        Object outcome = assertTimeoutPreemptively(TIME_LIMIT, () -> parseOrCatch(bytes));
        if (outcome instanceof ImageInfo info) {
            assertThat(info.width()).isPositive();
            assertThat(info.height()).isPositive();
            assertThat(ImageFormat.sniff(bytes)).contains(info.format());
        } else {
            String message = ((ImageHeaderException) outcome).getMessage();
            assertThat(message).isNotBlank().doesNotContain("\n").doesNotContain("\r");
        }
    }

    private static Object parseOrCatch(byte[] bytes) {
        try {
            return ImageHeaders.parse(bytes);
        } catch (ImageHeaderException e) {
            return e;
        }
    }
}
