package dev.toolfs.attachments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real PNG, JPEG and GIF files come from ImageIO at test time; WebP ones are built by hand below, since the JDK
 * has no WebP writer. The parser itself must not use ImageIO, only the tests do.
 */
class ImageHeadersTest {

    static final String NOT_AN_IMAGE = "the bytes are not a PNG, JPEG, WebP or GIF image";

    // ---------------------------------------------------------------- image builders (shared with the property test)

    /** A real file written by ImageIO ("png", "jpeg" or "gif") with a gradient, so it is not a trivial encoding. */
    static byte[] imageIo(String formatName, int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, ((x * 7) & 0xF0) << 16 | ((y * 5) & 0xF0) << 8 | ((x + y) & 0xF0));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            if (!ImageIO.write(image, formatName, out)) {
                throw new IllegalStateException("no ImageIO writer for " + formatName);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** A progressive JPEG, whose size lives in an SOF2 segment instead of SOF0. */
    static byte[] progressiveJpeg(int width, int height) {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_GRAY);
        ImageWriter writer = ImageIO.getImageWritersByFormatName("jpeg").next();
        ImageWriteParam param = writer.getDefaultWriteParam();
        param.setProgressiveMode(ImageWriteParam.MODE_DEFAULT);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ImageOutputStream stream = ImageIO.createImageOutputStream(out)) {
            writer.setOutput(stream);
            writer.write(null, new IIOImage(image, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            writer.dispose();
        }
        return out.toByteArray();
    }

    /**
     * A lossy WebP: one "VP8 " chunk holding a key frame header (RFC 6386, section 9.1).
     * <ul>
     * <li>frame tag, 24 bits little-endian: bit 0 = 0 for a key frame, bits 1-3 = version (0), bit 4 = show_frame
     * (1), bits 5-23 = size of the first partition;</li>
     * <li>the start code 9D 01 2A;</li>
     * <li>width and height, 16 bits little-endian each: 14 bits of size, 2 top bits of upscaling hint.</li>
     * </ul>
     * The first partition is zeros: enough for a header reader, not for a decoder.
     */
    static byte[] webpLossy(int width, int height) {
        return riff(chunk("VP8 ", vp8Payload(vp8Tag(16), width, height, 16)));
    }

    static int vp8Tag(int firstPartitionSize) {
        return firstPartitionSize << 5 | 0x10;
    }

    static byte[] vp8Payload(int tag, int rawWidth, int rawHeight, int partitionSize) {
        byte[] header = bytes(tag, tag >> 8, tag >> 16, 0x9D, 0x01, 0x2A,
                rawWidth, rawWidth >> 8, rawHeight, rawHeight >> 8);
        return concat(header, new byte[partitionSize]);
    }

    /**
     * A lossless WebP: one "VP8L" chunk whose header is the signature byte 0x2F, then 32 bits little-endian holding
     * width-1 (bits 0-13), height-1 (bits 14-27), alpha_is_used (bit 28) and version (bits 29-31, must be 0). Zeros
     * stand in for the entropy-coded image.
     */
    static byte[] webpLossless(int width, int height) {
        return riff(chunk("VP8L", vp8lPayload(0x2F, vp8lBits(width, height, 0))));
    }

    static long vp8lBits(int width, int height, int version) {
        return (width - 1) | (long) (height - 1) << 14 | 1L << 28 | (long) version << 29;
    }

    static byte[] vp8lPayload(int signature, long bits) {
        return concat(bytes(signature, (int) bits, (int) (bits >> 8), (int) (bits >> 16), (int) (bits >> 24)),
                new byte[8]);
    }

    /**
     * An extended WebP: a "VP8X" chunk (flags byte, 3 reserved bytes, canvas width-1 and height-1 as 24 bits
     * little-endian), then the image itself as a VP8L chunk when the canvas fits a single VP8L frame.
     */
    static byte[] webpExtended(int width, int height) {
        int w = width - 1;
        int h = height - 1;
        // Flags 0x10: the alpha bit, as VP8X files with a VP8L image usually carry.
        byte[] vp8x = chunk("VP8X", bytes(0x10, 0, 0, 0, w, w >> 8, w >> 16, h, h >> 8, h >> 16));
        if (width > 16384 || height > 16384) {
            return riff(vp8x);
        }
        return riff(vp8x, chunk("VP8L", vp8lPayload(0x2F, vp8lBits(width, height, 0))));
    }

    /** "RIFF", the little-endian size of everything after these 8 bytes, "WEBP", then the chunks. */
    static byte[] riff(byte[]... chunks) {
        byte[] body = concat(ascii("WEBP"), concat(chunks));
        return concat(ascii("RIFF"), le32(body.length), body);
    }

    /** A RIFF chunk: FourCC, little-endian payload size, payload, and a pad byte when the size is odd. */
    static byte[] chunk(String fourCc, byte[] payload) {
        byte[] pad = new byte[payload.length % 2];
        return concat(ascii(fourCc), le32(payload.length), payload, pad);
    }

    static byte[] bytes(int... values) {
        byte[] result = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            result[i] = (byte) values[i];
        }
        return result;
    }

    static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] le32(int value) {
        return bytes(value, value >> 8, value >> 16, value >> 24);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    static byte[] patched(byte[] original, int offset, int... values) {
        byte[] copy = original.clone();
        for (int i = 0; i < values.length; i++) {
            copy[offset + i] = (byte) values[i];
        }
        return copy;
    }

    private static void assertFails(byte[] bytes, String message) {
        assertThatThrownBy(() -> ImageHeaders.parse(bytes))
                .isExactlyInstanceOf(ImageHeaderException.class)
                .hasMessage(message);
    }

    /**
     * Every prefix shorter than the magic bytes is "not an image", every longer one shorter than the header is
     * "truncated", and every prefix holding the whole header parses to the full file's answer.
     */
    /**
     * @param tellsFrom the fewest bytes of the signature that name the format: below, not an image; from there on, a
     *        truncated header of it
     */
    private static void assertEveryPrefix(byte[] file, int tellsFrom, int headerLength, ImageInfo expected) {
        String truncated = "the " + expected.format().displayName() + " header is truncated";
        for (int n = 0; n <= file.length; n++) {
            byte[] prefix = Arrays.copyOf(file, n);
            if (n < tellsFrom) {
                assertFails(prefix, NOT_AN_IMAGE);
            } else if (n < headerLength) {
                assertFails(prefix, truncated);
            } else {
                assertThat(ImageHeaders.parse(prefix)).as("prefix of %d bytes", n).isEqualTo(expected);
            }
        }
    }

    // ---------------------------------------------------------------- format metadata

    @Nested
    class Formats {

        @Test
        void mediaTypesAndDisplayNames() {
            assertThat(ImageFormat.PNG.mediaType()).isEqualTo("image/png");
            assertThat(ImageFormat.JPEG.mediaType()).isEqualTo("image/jpeg");
            assertThat(ImageFormat.WEBP.mediaType()).isEqualTo("image/webp");
            assertThat(ImageFormat.GIF.mediaType()).isEqualTo("image/gif");
            assertThat(ImageFormat.PNG.displayName()).isEqualTo("PNG");
            assertThat(ImageFormat.JPEG.displayName()).isEqualTo("JPEG");
            assertThat(ImageFormat.WEBP.displayName()).isEqualTo("WebP");
            assertThat(ImageFormat.GIF.displayName()).isEqualTo("GIF");
        }

        @ParameterizedTest
        @CsvSource({
                "a.png, PNG", "A.PNG, PNG", "shot.Png, PNG",
                "a.jpg, JPEG", "a.JPEG, JPEG", "a.jpe, JPEG", "a.jfif, JPEG", "dir/photo.JpG, JPEG",
                "a.webp, WEBP", "a.WebP, WEBP",
                "a.gif, GIF", "archive.tar.GIF, GIF", "C:\\pics\\x.gif, GIF" })
        void extensionsMapToFormats(String fileName, ImageFormat expected) {
            assertThat(ImageFormat.fromExtension(fileName)).contains(expected);
        }

        @ParameterizedTest
        @NullAndEmptySource
        @ValueSource(strings = { "png", "a.txt", "a.png.txt", "a.pngx", "a.", "dir.png/file", "dir.png\\file",
                "a.svg", "a.bmp", "a.tiff", "a.jpgg" })
        void otherNamesMapToNothing(String fileName) {
            assertThat(ImageFormat.fromExtension(fileName)).isEmpty();
        }

        @Test
        void sniffsMagicBytes() {
            assertThat(ImageFormat.sniff(bytes(0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'))).contains(ImageFormat.PNG);
            assertThat(ImageFormat.sniff(bytes(0xFF, 0xD8, 0xFF))).contains(ImageFormat.JPEG);
            assertThat(ImageFormat.sniff(ascii("GIF87a"))).contains(ImageFormat.GIF);
            assertThat(ImageFormat.sniff(ascii("GIF89a"))).contains(ImageFormat.GIF);
            assertThat(ImageFormat.sniff(ascii("RIFF\0\0\0\0WEBP"))).contains(ImageFormat.WEBP);
            assertThat(ImageFormat.sniff(imageIo("png", 2, 2))).contains(ImageFormat.PNG);
            assertThat(ImageFormat.sniff(imageIo("jpeg", 2, 2))).contains(ImageFormat.JPEG);
            assertThat(ImageFormat.sniff(imageIo("gif", 2, 2))).contains(ImageFormat.GIF);
            assertThat(ImageFormat.sniff(webpLossy(2, 2))).contains(ImageFormat.WEBP);
        }

        @Test
        void sniffsNothingForOtherOrShortBytes() {
            assertThat(ImageFormat.sniff(null)).isEmpty();
            assertThat(ImageFormat.sniff(new byte[0])).isEmpty();
            assertThat(ImageFormat.sniff(bytes(0x89, 'P', 'N', 'G', '\r', '\n', 0x1A))).isEmpty();
            assertThat(ImageFormat.sniff(bytes(0x89, 'P', 'N', 'G', '\n', '\n', 0x1A, '\n'))).isEmpty();
            assertThat(ImageFormat.sniff(bytes(0xFF, 0xD8))).isEmpty();
            assertThat(ImageFormat.sniff(bytes(0xFF, 0xD9, 0xFF))).isEmpty();
            assertThat(ImageFormat.sniff(ascii("GIF88a"))).isEmpty();
            assertThat(ImageFormat.sniff(ascii("GIF89"))).isEmpty();
            assertThat(ImageFormat.sniff(ascii("RIFF\0\0\0\0WAVE"))).isEmpty();
            assertThat(ImageFormat.sniff(ascii("RIFF\0\0\0\0WEB"))).isEmpty();
            assertThat(ImageFormat.sniff(ascii("BM\0\0\0\0\0\0\0\0\0\0"))).isEmpty();
            assertThat(ImageFormat.sniff(ascii("<svg xmlns="))).isEmpty();
        }

        @Test
        void infoRejectsImpossibleValues() {
            assertThatThrownBy(() -> new ImageInfo(null, 1, 1)).isInstanceOf(NullPointerException.class);
            assertThatThrownBy(() -> new ImageInfo(ImageFormat.PNG, 0, 1))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> new ImageInfo(ImageFormat.PNG, 1, -1))
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    // ---------------------------------------------------------------- not an image

    @Nested
    class NotAnImage {

        @Test
        void emptyAndForeignBytes() {
            assertFails(new byte[0], NOT_AN_IMAGE);
            assertFails(ascii("hello, world\n"), NOT_AN_IMAGE);
            assertFails(ascii("RIFF\u0004\0\0\0WAVEfmt "), NOT_AN_IMAGE);
            assertFails(ascii("BM\0\0\0\0\0\0\0\0\0\0\0\0\0\0"), NOT_AN_IMAGE);
            assertFails(ascii("<?xml version=\"1.0\"?><svg/>"), NOT_AN_IMAGE);
        }

        @Test
        void aSignatureCutShortIsATruncatedHeaderOfItsFormat() {
            assertFails(new byte[] { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A }, "the PNG header is truncated");
            assertFails(new byte[] { (byte) 0xFF, (byte) 0xD8 }, "the JPEG header is truncated");
            assertFails(ascii("GIF8"), "the GIF header is truncated");
            assertFails(ascii("RIFF\u0004\0\0\0WE"), "the WebP header is truncated");
            // Too little to tell: not taken for an image.
            assertFails(new byte[] { (byte) 0x89 }, NOT_AN_IMAGE);
            assertFails(ascii("GI"), NOT_AN_IMAGE);
            assertFails(ascii("RIFF\u0004\0\0\0"), NOT_AN_IMAGE);
        }

        @Test
        void extensionDoesNotMatter() {
            // parse() only looks at bytes: a JPEG named .png is a JPEG.
            assertThat(ImageHeaders.parse(imageIo("jpeg", 4, 3)).format()).isEqualTo(ImageFormat.JPEG);
        }

        @Test
        void nullIsAProgrammingError() {
            assertThatThrownBy(() -> ImageHeaders.parse(null)).isInstanceOf(NullPointerException.class);
        }
    }

    // ---------------------------------------------------------------- PNG

    @Nested
    class Png {

        @ParameterizedTest
        @CsvSource({ "1, 1", "640, 480", "3, 1000", "1000, 3", "20000, 1" })
        void readsImageIoFiles(int width, int height) {
            assertThat(ImageHeaders.parse(imageIo("png", width, height)))
                    .isEqualTo(new ImageInfo(ImageFormat.PNG, width, height));
        }

        @Test
        void everyPrefixIsTruncatedUntilTheIhdrSize() {
            assertEveryPrefix(imageIo("png", 3, 100), 2, 24, new ImageInfo(ImageFormat.PNG, 3, 100));
        }

        @Test
        void ihdrMustBeTheFirstChunk() {
            byte[] png = imageIo("png", 5, 5);
            assertFails(patched(png, 12, 't', 'E', 'X', 't'), "the PNG does not start with an IHDR chunk");
            assertFails(patched(png, 12, 'i', 'h', 'd', 'r'), "the PNG does not start with an IHDR chunk");
        }

        @Test
        void ihdrMustHaveLength13() {
            byte[] png = imageIo("png", 5, 5);
            assertFails(patched(png, 8, 0, 0, 0, 12), "the PNG IHDR chunk has length 12 instead of 13");
            assertFails(patched(png, 8, 0xFF, 0xFF, 0xFF, 0xFF),
                    "the PNG IHDR chunk has length 4294967295 instead of 13");
        }

        @Test
        void rejectsZeroAndOversizedDimensions() {
            byte[] png = imageIo("png", 5, 5);
            assertFails(patched(png, 16, 0, 0, 0, 0), "the PNG width is 0");
            assertFails(patched(png, 20, 0, 0, 0, 0), "the PNG height is 0");
            assertFails(patched(png, 16, 0x80, 0, 0, 0),
                    "the PNG width 2147483648 is larger than the PNG maximum of 2147483647");
            assertFails(patched(png, 20, 0xFF, 0xFF, 0xFF, 0xFF),
                    "the PNG height 4294967295 is larger than the PNG maximum of 2147483647");
        }

        @Test
        void acceptsTheLargestDimension() {
            byte[] png = patched(imageIo("png", 5, 5), 16, 0x7F, 0xFF, 0xFF, 0xFF);
            assertThat(ImageHeaders.parse(png)).isEqualTo(new ImageInfo(ImageFormat.PNG, Integer.MAX_VALUE, 5));
        }
    }

    // ---------------------------------------------------------------- JPEG

    @Nested
    class Jpeg {

        /** SOF segment: marker, length 11, precision 8, height, width, one component (id 1, sampling 11, table 0). */
        private byte[] sof(int marker, int height, int width) {
            return bytes(0xFF, marker, 0, 11, 8, height >> 8, height, width >> 8, width, 1, 1, 0x11, 0);
        }

        private final byte[] soi = bytes(0xFF, 0xD8);
        private final byte[] app0 = concat(bytes(0xFF, 0xE0, 0, 16), ascii("JFIF\0"), bytes(1, 1, 0, 0, 1, 0, 1, 0, 0));
        private final byte[] sos = bytes(0xFF, 0xDA, 0, 8, 1, 1, 0, 0, 0x3F, 0);

        @ParameterizedTest
        @CsvSource({ "1, 1", "640, 480", "3, 1000", "1000, 3", "65500, 1" })
        void readsImageIoFiles(int width, int height) {
            // 65500 is the largest size the JDK's libjpeg-based writer accepts.
            assertThat(ImageHeaders.parse(imageIo("jpeg", width, height)))
                    .isEqualTo(new ImageInfo(ImageFormat.JPEG, width, height));
        }

        @Test
        void readsTheLargestSize() {
            assertThat(ImageHeaders.parse(concat(soi, app0, sof(0xC0, 65535, 65535), sos)))
                    .isEqualTo(new ImageInfo(ImageFormat.JPEG, 65535, 65535));
        }

        @Test
        void readsProgressiveFiles() {
            byte[] jpeg = progressiveJpeg(33, 17);
            assertThat(indexOf(jpeg, bytes(0xFF, 0xC2))).isPositive();
            assertThat(ImageHeaders.parse(jpeg)).isEqualTo(new ImageInfo(ImageFormat.JPEG, 33, 17));
        }

        @Test
        void everyPrefixIsTruncatedUntilTheEndOfTheSofSegment() {
            byte[] jpeg = imageIo("jpeg", 3, 100);
            int sof = indexOf(jpeg, bytes(0xFF, 0xC0));
            int sofEnd = sof + 2 + ((jpeg[sof + 2] & 0xFF) << 8 | (jpeg[sof + 3] & 0xFF));
            assertEveryPrefix(jpeg, 2, sofEnd, new ImageInfo(ImageFormat.JPEG, 3, 100));
        }

        @Test
        void skipsSegmentsByLengthNotByScanning() {
            // An EXIF-like APP1 whose payload contains what looks like an SOF0 for 9x9: it must be skipped whole.
            byte[] real = imageIo("jpeg", 40, 30);
            byte[] app1 = concat(bytes(0xFF, 0xE1, 0, 2 + 13), sof(0xC0, 9, 9));
            byte[] jpeg = concat(soi, app1, Arrays.copyOfRange(real, 2, real.length));
            assertThat(ImageHeaders.parse(jpeg)).isEqualTo(new ImageInfo(ImageFormat.JPEG, 40, 30));
        }

        @Test
        void skipsFillBytesStandaloneMarkersAndNonSofCodesInTheSofRange() {
            byte[] dht = bytes(0xFF, 0xC4, 0, 2);
            byte[] jpg = bytes(0xFF, 0xC8, 0, 2);
            byte[] dac = bytes(0xFF, 0xCC, 0, 4, 0, 0);
            byte[] fillAndStandalone = bytes(0xFF, 0xFF, 0xFF, 0xD0, 0xFF, 0xD7, 0xFF, 0x01);
            byte[] jpeg = concat(soi, fillAndStandalone, app0, dht, jpg, dac, bytes(0xFF, 0xFF), sof(0xC1, 7, 9), sos);
            assertThat(ImageHeaders.parse(jpeg)).isEqualTo(new ImageInfo(ImageFormat.JPEG, 9, 7));
        }

        @ParameterizedTest
        @ValueSource(ints = { 0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF })
        void everySofMarkerGivesTheSize(int marker) {
            assertThat(ImageHeaders.parse(concat(soi, app0, sof(marker, 480, 640), sos)))
                    .isEqualTo(new ImageInfo(ImageFormat.JPEG, 640, 480));
        }

        @Test
        void sosBeforeSofIsAnError() {
            assertFails(concat(soi, app0, sos, sof(0xC0, 1, 1)), "the JPEG has no SOF marker before the image data");
        }

        @Test
        void sofRemovedFromARealFileIsAnError() {
            byte[] jpeg = imageIo("jpeg", 8, 8);
            int sof = indexOf(jpeg, bytes(0xFF, 0xC0));
            int sofEnd = sof + 2 + ((jpeg[sof + 2] & 0xFF) << 8 | (jpeg[sof + 3] & 0xFF));
            byte[] withoutSof = concat(Arrays.copyOfRange(jpeg, 0, sof), Arrays.copyOfRange(jpeg, sofEnd, jpeg.length));
            assertFails(withoutSof, "the JPEG has no SOF marker before the image data");
        }

        @Test
        void eoiBeforeSofIsAnError() {
            assertFails(bytes(0xFF, 0xD8, 0xFF, 0xD9), "the JPEG ends before any SOF marker");
            assertFails(concat(soi, app0, bytes(0xFF, 0xD9)), "the JPEG ends before any SOF marker");
        }

        @Test
        void segmentLengthBelowTwoIsAnError() {
            assertFails(bytes(0xFF, 0xD8, 0xFF, 0xE0, 0, 1, 0, 0),
                    "the JPEG segment length 1 at offset 4 is less than 2");
            assertFails(concat(soi, app0, bytes(0xFF, 0xDB, 0, 0)),
                    "the JPEG segment length 0 at offset 22 is less than 2");
        }

        @Test
        void segmentLengthPastTheEndIsTruncation() {
            assertFails(concat(soi, bytes(0xFF, 0xE1, 0xFF, 0xFF), new byte[100]), "the JPEG header is truncated");
            assertFails(concat(soi, app0, bytes(0xFF, 0xC0, 0, 11, 8, 0, 1)), "the JPEG header is truncated");
            assertFails(concat(soi, bytes(0xFF, 0xFF, 0xFF)), "the JPEG header is truncated");
        }

        @Test
        void bytesThatAreNotAMarkerAreSkippedAsLibjpegSkipsThem() {
            // Found in a review: viewers (libjpeg) open a JPEG with stray bytes between segments, which was refused.
            byte[] sof = bytes(0xFF, 0xC0, 0, 11, 8, 0, 6, 0, 7, 1, 1, 0x11, 0);
            assertThat(ImageHeaders.parse(concat(soi, app0, bytes(0x00, 0x00), sof)))
                    .isEqualTo(new ImageInfo(ImageFormat.JPEG, 7, 6));
            assertThat(ImageHeaders.parse(concat(soi, app0, bytes(0x12, 0xFF, 0x00, 0x34), sof)))
                    .as("a stuffed zero among them").isEqualTo(new ImageInfo(ImageFormat.JPEG, 7, 6));
            // With no marker after them, the header is cut short.
            assertFails(concat(soi, app0, bytes(0x12, 0xC0)), "the JPEG header is truncated");
            // A segment length one too short lands inside the segment's payload: the walk goes on from there.
            assertThat(ImageHeaders.parse(concat(soi, patched(app0, 3, 15), sof))).isEqualTo(new ImageInfo(ImageFormat.JPEG, 7, 6));
        }

        @Test
        void aStuffedZeroIsSkippedAndASecondSoiIsInvalid() {
            assertFails(bytes(0xFF, 0xD8, 0xFF, 0x00), "the JPEG header is truncated");
            assertFails(concat(soi, app0, bytes(0xFF, 0xFF, 0xD8)),
                    "the JPEG has an invalid marker 0xFFD8 at offset 21");
        }

        @Test
        void sofSegmentTooShortIsAnError() {
            assertFails(concat(soi, bytes(0xFF, 0xC0, 0, 7, 8, 0, 1, 0, 1)), "the JPEG SOF segment is too short");
        }

        @Test
        void zeroHeightNeedsDnlWhichIsNotSupported() {
            assertFails(concat(soi, app0, sof(0xC0, 0, 640), sos),
                    "the JPEG height is 0 (it would be set by a DNL marker, which is not supported)");
        }

        @Test
        void zeroWidthIsAnError() {
            assertFails(concat(soi, app0, sof(0xC0, 480, 0), sos), "the JPEG width is 0");
        }

        private int indexOf(byte[] haystack, byte[] needle) {
            outer:
            for (int i = 0; i + needle.length <= haystack.length; i++) {
                for (int j = 0; j < needle.length; j++) {
                    if (haystack[i + j] != needle[j]) {
                        continue outer;
                    }
                }
                return i;
            }
            return -1;
        }
    }

    // ---------------------------------------------------------------- GIF

    @Nested
    class Gif {

        @ParameterizedTest
        @CsvSource({ "1, 1", "640, 480", "3, 1000", "1000, 3", "65535, 1" })
        void readsImageIoFiles(int width, int height) {
            assertThat(ImageHeaders.parse(imageIo("gif", width, height)))
                    .isEqualTo(new ImageInfo(ImageFormat.GIF, width, height));
        }

        @Test
        void readsGif87aHeaders() {
            byte[] gif = concat(ascii("GIF87a"), bytes(0x34, 0x12, 0x02, 0x01, 0, 0, 0), bytes(0x3B));
            assertThat(ImageHeaders.parse(gif)).isEqualTo(new ImageInfo(ImageFormat.GIF, 0x1234, 0x0102));
        }

        @Test
        void everyPrefixIsTruncatedUntilTheScreenSize() {
            assertEveryPrefix(imageIo("gif", 3, 100), 3, 10, new ImageInfo(ImageFormat.GIF, 3, 100));
        }

        @Test
        void rejectsZeroDimensions() {
            byte[] gif = imageIo("gif", 5, 5);
            assertFails(patched(gif, 6, 0, 0), "the GIF width is 0");
            assertFails(patched(gif, 8, 0, 0), "the GIF height is 0");
        }
    }

    // ---------------------------------------------------------------- WebP

    @Nested
    class WebP {

        @ParameterizedTest
        @CsvSource({ "1, 1", "640, 480", "3, 1000", "1000, 3", "16383, 16383" })
        void readsLossy(int width, int height) {
            assertThat(ImageHeaders.parse(webpLossy(width, height)))
                    .isEqualTo(new ImageInfo(ImageFormat.WEBP, width, height));
        }

        @ParameterizedTest
        @CsvSource({ "1, 1", "640, 480", "3, 1000", "1000, 3", "16384, 16384" })
        void readsLossless(int width, int height) {
            assertThat(ImageHeaders.parse(webpLossless(width, height)))
                    .isEqualTo(new ImageInfo(ImageFormat.WEBP, width, height));
        }

        @ParameterizedTest
        @CsvSource({ "1, 1", "640, 480", "3, 1000", "1000, 3", "16777216, 255", "65536, 65535" })
        void readsExtended(int width, int height) {
            assertThat(ImageHeaders.parse(webpExtended(width, height)))
                    .isEqualTo(new ImageInfo(ImageFormat.WEBP, width, height));
        }

        @Test
        void lossyIgnoresTheUpscalingBits() {
            byte[] webp = riff(chunk("VP8 ", vp8Payload(vp8Tag(16), 0xC000 | 640, 0x4000 | 480, 16)));
            assertThat(ImageHeaders.parse(webp)).isEqualTo(new ImageInfo(ImageFormat.WEBP, 640, 480));
        }

        @Test
        void everyPrefixIsTruncatedUntilTheFrameHeader() {
            assertEveryPrefix(webpLossy(3, 100), 9, 30, new ImageInfo(ImageFormat.WEBP, 3, 100));
            assertEveryPrefix(webpLossless(3, 100), 9, 25, new ImageInfo(ImageFormat.WEBP, 3, 100));
            assertEveryPrefix(webpExtended(3, 100), 9, 30, new ImageInfo(ImageFormat.WEBP, 3, 100));
        }

        @Test
        void firstChunkMustBeAnImageChunk() {
            assertFails(riff(chunk("ALPH", new byte[10]), chunk("VP8 ", vp8Payload(vp8Tag(16), 4, 4, 16))),
                    "the WebP first chunk is not VP8, VP8L or VP8X");
            assertFails(riff(chunk("vp8l", vp8lPayload(0x2F, vp8lBits(4, 4, 0)))),
                    "the WebP first chunk is not VP8, VP8L or VP8X");
        }

        @Test
        void chunksTooShortForTheirHeader() {
            assertFails(riff(chunk("VP8 ", new byte[9])), "the WebP VP8 chunk is too short");
            assertFails(riff(chunk("VP8L", bytes(0x2F, 0, 0, 0))), "the WebP VP8L chunk is too short");
            assertFails(riff(chunk("VP8X", new byte[9])), "the WebP VP8X chunk is too short");
        }

        @Test
        void lossyFrameTagMustBeAShownKeyFrameThatFitsTheChunk() {
            assertFails(riff(chunk("VP8 ", vp8Payload(vp8Tag(16) | 1, 4, 4, 16))), "the WebP VP8 frame tag is invalid");
            assertFails(riff(chunk("VP8 ", vp8Payload(vp8Tag(16) & ~0x10, 4, 4, 16))),
                    "the WebP VP8 frame tag is invalid");
            assertFails(riff(chunk("VP8 ", vp8Payload(vp8Tag(16) | 4 << 1, 4, 4, 16))),
                    "the WebP VP8 frame tag is invalid");
            assertFails(riff(chunk("VP8 ", vp8Payload(vp8Tag(26), 4, 4, 16))), "the WebP VP8 frame tag is invalid");
        }

        @Test
        void lossyStartCodeMustMatch() {
            byte[] webp = webpLossy(4, 4);
            assertFails(patched(webp, 23, 0x9D, 0x01, 0x2B), "the WebP VP8 start code is invalid");
            assertFails(patched(webp, 23, 0x00, 0x01, 0x2A), "the WebP VP8 start code is invalid");
        }

        @Test
        void lossyRejectsZeroDimensions() {
            assertFails(riff(chunk("VP8 ", vp8Payload(vp8Tag(16), 0xC000, 4, 16))), "the WebP width is 0");
            assertFails(riff(chunk("VP8 ", vp8Payload(vp8Tag(16), 4, 0, 16))), "the WebP height is 0");
        }

        @Test
        void losslessSignatureMustBe0x2F() {
            assertFails(riff(chunk("VP8L", vp8lPayload(0x2E, vp8lBits(4, 4, 0)))),
                    "the WebP VP8L signature is invalid");
        }

        @Test
        void losslessVersionMustBe0() {
            assertFails(riff(chunk("VP8L", vp8lPayload(0x2F, vp8lBits(4, 4, 1)))),
                    "the WebP VP8L version is 1 instead of 0");
            assertFails(riff(chunk("VP8L", vp8lPayload(0x2F, vp8lBits(4, 4, 7)))),
                    "the WebP VP8L version is 7 instead of 0");
        }

        @Test
        void extendedCanvasOf2To32PixelsIsTooLarge() {
            assertFails(webpExtended(16777216, 256), "the WebP canvas 16777216x256 is too large for any WebP decoder (2^32"
                    + " pixels or more)");
            assertFails(webpExtended(65536, 65536), "the WebP canvas 65536x65536 is too large for any WebP decoder (2^32"
                    + " pixels or more)");
        }
    }

    @Test
    void messagesAreOneLine() {
        // A sample of failures from each format: the message must fit on one line.
        byte[][] bad = {
                new byte[0],
                Arrays.copyOf(imageIo("png", 2, 2), 20),
                bytes(0xFF, 0xD8, 0xFF, 0xDA),
                Arrays.copyOf(imageIo("gif", 2, 2), 9),
                riff(chunk("VP8L", vp8lPayload(0, 0))) };
        for (byte[] bytes : bad) {
            Optional<String> message = Optional.empty();
            try {
                ImageHeaders.parse(bytes);
            } catch (ImageHeaderException e) {
                message = Optional.of(e.getMessage());
            }
            assertThat(message).hasValueSatisfying(m -> assertThat(m).isNotBlank().doesNotContain("\n"));
        }
    }

    /** Found in a review: a cut-short image was returned to the model as an image, failing the provider's next call. */
    @Nested
    class Whole {

        private void assertWhole(byte[] file) {
            ImageHeaders.requireWhole(file, ImageHeaders.parse(file).format());
        }

        private void assertNotWhole(byte[] file, String message) {
            assertThatThrownBy(() -> ImageHeaders.requireWhole(file, ImageHeaders.parse(file).format()))
                    .isExactlyInstanceOf(ImageHeaderException.class).hasMessage(message);
        }

        @Test
        void realFilesOfEachFormatAreWhole() {
            for (String format : List.of("png", "jpeg", "gif")) {
                assertWhole(imageIo(format, 17, 5));
                // What follows the end (a trailer some tools append) is ignored, as decoders ignore it.
                assertWhole(concat(imageIo(format, 17, 5), ascii("trailing")));
            }
            assertWhole(progressiveJpeg(33, 9));
            assertWhole(webpLossy(5, 4));
            assertWhole(webpLossless(5, 4));
            assertWhole(webpExtended(5, 4));
        }

        @Test
        void everyPngCutShortIsRefused() {
            byte[] png = imageIo("png", 17, 5);
            for (int n = 33; n < png.length; n++) {
                byte[] prefix = Arrays.copyOf(png, n);
                assertThatThrownBy(() -> ImageHeaders.requireWhole(prefix, ImageFormat.PNG)).as("%d bytes", n)
                        .hasMessageStartingWith("the PNG is cut short (it ends ")
                        .hasMessageEndingWith("; a download or a save that did not finish?)");
            }
            assertNotWhole(Arrays.copyOf(png, 33), "the PNG is cut short (it ends before its IEND chunk; a download or a"
                    + " save that did not finish?)");
            assertNotWhole(Arrays.copyOf(png, 44), "the PNG is cut short (it ends inside its " + new String(png, 37, 4,
                    java.nio.charset.StandardCharsets.ISO_8859_1) + " chunk, which starts at offset 33; a download or a save that did not finish?)");
        }

        @Test
        void aCriticalChunksChecksumMustMatchAndImageDataMustBeThere() {
            byte[] png = imageIo("png", 17, 5);
            int idat = indexOf(png, ascii("IDAT")) - 4;
            byte[] flipped = png.clone();
            flipped[idat + 8] ^= 1; // the first byte of its data
            assertNotWhole(flipped, "the PNG's IDAT chunk at offset " + idat + " is damaged (its checksum does not match)");
            // An ancillary chunk's checksum is only a warning for libpng: taken.
            byte[] text = concat(Arrays.copyOf(png, 33), pngChunk("tEXt", ascii("k\0v"), true), Arrays.copyOfRange(png, 33, png.length));
            assertWhole(text);
            // Signature, IHDR, IEND: nothing to show.
            assertNotWhole(concat(Arrays.copyOf(png, 33), pngChunk("IEND", new byte[0], false)),
                    "the PNG has no image data (no IDAT chunk)");
        }

        @Test
        void aChunkTypeThatIsNotFourLettersIsDamageAndIsNotPrinted() {
            // Found in a review: the type's bytes went into the one-line message raw (a line break, a NUL).
            assertNotWhole(patched(imageIo("png", 17, 5), 37, 0x0A), "the PNG has a chunk whose type is not four letters at"
                    + " offset 33 (damaged, or cut and joined)");
        }

        @Test
        void aJpegMustReachItsImageDataAndEndIt() {
            byte[] jpeg = imageIo("jpeg", 17, 5);
            int sos = indexOf(jpeg, bytes(0xFF, 0xDA));
            for (int n = 4; n < jpeg.length - 1; n++) {
                byte[] prefix = Arrays.copyOf(jpeg, n);
                String expected = n < sos + 4 || n < sos + 2 + ((jpeg[sos + 2] & 0xFF) << 8 | jpeg[sos + 3] & 0xFF)
                        ? "the JPEG is cut short (it ends before its image data; a download or a save that did not finish?)"
                        : "the JPEG is cut short (its image data has no end marker; a download or a save that did not finish?)";
                assertThatThrownBy(() -> ImageHeaders.requireWhole(prefix, ImageFormat.JPEG)).as("%d bytes", n).hasMessage(expected);
            }
            assertNotWhole(concat(bytes(0xFF, 0xD8), bytes(0xFF, 0xC0, 0, 11, 8, 0, 6, 0, 7, 1, 1, 0x11, 0), bytes(0xFF, 0xD9)),
                    "the JPEG ends before its image data (its EOI marker comes before SOS)");
        }

        @Test
        void aWebpMustBeAsLongAsItsRiffHeaderSays() {
            byte[] webp = webpLossless(5, 4);
            assertNotWhole(Arrays.copyOf(webp, webp.length - 1), "the WebP is cut short (its RIFF header gives " + webp.length
                    + " bytes, the file has " + (webp.length - 1) + "; a download or a save that did not finish?)");
            byte[] longChunk = patched(webp, 16, 0x7F);
            assertNotWhole(longChunk, "the WebP is cut short (its VP8L chunk runs past the end of its RIFF data; a download"
                    + " or a save that did not finish?)");
        }

        /** Found by black-box testing: a GIF of any length from its screen size on was taken, even 10 bytes. */
        @Test
        void aGifMustHoldItsBlocksWholeWithAnImage() {
            byte[] gif = imageIo("gif", 17, 5);
            assertThat(gif[gif.length - 1]).isEqualTo((byte) 0x3B);
            for (int n = 10; n < gif.length - 1; n++) {
                byte[] prefix = Arrays.copyOf(gif, n);
                assertThatThrownBy(() -> ImageHeaders.requireWhole(prefix, ImageFormat.GIF)).as("%d bytes", n)
                        .isExactlyInstanceOf(ImageHeaderException.class)
                        .hasMessageStartingWith("the GIF is cut short (it ends ")
                        .hasMessageEndingWith("; a download or a save that did not finish?)");
            }
            assertNotWhole(Arrays.copyOf(gif, 12), "the GIF is cut short (it ends inside its screen descriptor; a download or"
                    + " a save that did not finish?)");
            // Without its trailer, whole up to the end of its image: decoders show it.
            assertWhole(Arrays.copyOf(gif, gif.length - 1));
            // A screen and no image.
            byte[] empty = concat(ascii("GIF89a"), bytes(2, 0, 2, 0, 0, 0, 0));
            assertNotWhole(concat(empty, bytes(0x3B)), "the GIF has no image (its trailer comes before any)");
            assertNotWhole(empty, "the GIF is cut short (it ends before its first image; a download or a save that did not"
                    + " finish?)");
            // A comment extension, then an image of 2x2 with a local color table of 2 entries, then the trailer.
            byte[] built = concat(empty, bytes(0x21, 0xFE, 2, 'h', 'i', 0),
                    bytes(0x2C, 0, 0, 0, 0, 2, 0, 2, 0, 0x80, 0, 0, 0, 255, 255, 255, 2, 2, 0x44, 0x01, 0), bytes(0x3B));
            assertWhole(built);
            assertNotWhole(concat(empty, bytes(0x99)), "the GIF has a block of unknown type 0x99 at offset 13 (damaged,"
                    + " or cut and joined)");
            // After a whole image, bytes that start no block end the file, as decoders take it (found in a review): a
            // stray byte before the trailer, or zeros padding a file without one.
            assertWhole(concat(Arrays.copyOf(gif, gif.length - 1), bytes(0), bytes(0x3B)));
            assertWhole(concat(Arrays.copyOf(gif, gif.length - 1), new byte[16]));
        }

        @Test
        void anExtendedWebpMustHoldAnImage() {
            byte[] vp8xOnly = riff(chunk("VP8X", bytes(0, 0, 0, 0, 9, 0, 0, 19, 0, 0)));
            assertNotWhole(vp8xOnly, "the WebP has no image data (no VP8, VP8L or ANMF chunk after its VP8X chunk)");
            // Metadata before the image is passed over.
            byte[] withExif = riff(chunk("VP8X", bytes(0x08, 0, 0, 0, 4, 0, 0, 3, 0, 0)), chunk("EXIF", bytes(1, 2, 3)),
                    chunk("VP8L", vp8lPayload(0x2F, vp8lBits(5, 4, 0))));
            assertWhole(withExif);
            // An image chunk that runs past the RIFF data, which is otherwise consistent: cut short.
            byte[] vp8l = chunk("VP8L", vp8lPayload(0x2F, vp8lBits(5, 4, 0)));
            byte[] longer = Arrays.copyOf(vp8l, vp8l.length);
            longer[4] = (byte) (longer[4] + 40);
            assertNotWhole(riff(chunk("VP8X", bytes(0x08, 0, 0, 0, 4, 0, 0, 3, 0, 0)), longer), "the WebP is cut short (its"
                    + " VP8L chunk runs past the end of its RIFF data; a download or a save that did not finish?)");
        }

        /** Found by black-box testing: IHDR values and a palette image without PLTE that libpng refuses passed. */
        @Test
        void aPngsHeaderValuesAreOnesLibpngReads() {
            byte[] png = imageIo("png", 17, 5);
            byte[] rest = Arrays.copyOfRange(png, 33, png.length);
            java.util.function.Function<int[], byte[]> withIhdr = v -> concat(Arrays.copyOf(png, 8),
                    pngChunk("IHDR", bytes(0, 0, 0, 17, 0, 0, 0, 5, v[0], v[1], v[2], v[3], v[4]), false), rest);
            assertWhole(withIhdr.apply(new int[] { 8, 2, 0, 0, 0 }));
            assertWhole(withIhdr.apply(new int[] { 16, 6, 0, 0, 1 }));
            assertNotWhole(withIhdr.apply(new int[] { 8, 5, 0, 0, 0 }), "the PNG color type is 5, which is none of 0, 2, 3, 4 and 6");
            assertNotWhole(withIhdr.apply(new int[] { 3, 0, 0, 0, 0 }),
                    "the PNG bit depth is 3, which color type 0 does not allow (only 1, 2, 4, 8 or 16)");
            assertNotWhole(withIhdr.apply(new int[] { 16, 3, 0, 0, 0 }),
                    "the PNG bit depth is 16, which color type 3 does not allow (only 1, 2, 4 or 8)");
            assertNotWhole(withIhdr.apply(new int[] { 4, 2, 0, 0, 0 }),
                    "the PNG bit depth is 4, which color type 2 does not allow (only 8 or 16)");
            assertNotWhole(withIhdr.apply(new int[] { 8, 2, 1, 0, 0 }), "the PNG compression method is 1 instead of 0");
            assertNotWhole(withIhdr.apply(new int[] { 8, 2, 0, 1, 0 }), "the PNG filter method is 1 instead of 0");
            assertNotWhole(withIhdr.apply(new int[] { 8, 2, 0, 0, 2 }), "the PNG interlace method is 2 instead of 0 or 1");
            // A palette image needs its palette before the image data.
            assertNotWhole(withIhdr.apply(new int[] { 8, 3, 0, 0, 0 }),
                    "the PNG is a palette image (color type 3) without a PLTE chunk before its image data");
            assertWhole(concat(Arrays.copyOf(png, 8), pngChunk("IHDR", bytes(0, 0, 0, 17, 0, 0, 0, 5, 8, 3, 0, 0, 0), false),
                    pngChunk("PLTE", bytes(0, 0, 0, 255, 255, 255), false), rest));
        }

        /** Found by black-box testing: JPEGs that most decoders refuse passed. */
        @Test
        void aJpegsFrameIsOneMostDecodersRead() {
            byte[] jpeg = imageIo("jpeg", 17, 5);
            int sof = indexOf(jpeg, bytes(0xFF, 0xC0));
            for (int marker : new int[] { 0xC1, 0xC2, 0xC9, 0xCA }) {
                assertWhole(patched(jpeg, sof + 1, marker));
            }
            assertNotWhole(patched(jpeg, sof + 1, 0xC3), "the JPEG is lossless (SOF3), which most decoders do not read");
            assertNotWhole(patched(jpeg, sof + 1, 0xCB), "the JPEG is lossless (SOF11), which most decoders do not read");
            for (int process : new int[] { 5, 6, 7, 13, 14, 15 }) {
                assertNotWhole(patched(jpeg, sof + 1, 0xC0 + process),
                        "the JPEG is hierarchical (SOF" + process + "), which most decoders do not read");
            }
            assertNotWhole(patched(jpeg, sof + 4, 12), "the JPEG has 12-bit samples, which most decoders do not read (only 8-bit)");
            assertNotWhole(patched(jpeg, sof + 9, 0), "the JPEG has 0 color components (decoders show 1, 3 or 4)");
            assertNotWhole(patched(jpeg, sof + 9, 2), "the JPEG has 2 color components (decoders show 1, 3 or 4)");
        }

        /** Found by black-box testing: a 60000x60000 image on a 33x44 screen passed as 33x44, under the pixel limit. */
        @Test
        void aGifsImagesLieWithinItsScreen() {
            byte[] screen = concat(ascii("GIF89a"), bytes(4, 0, 3, 0, 0, 0, 0));
            java.util.function.BiFunction<int[], Integer, byte[]> image = (d, unused) -> concat(screen,
                    bytes(0x2C, d[0], 0, d[1], 0, d[2], d[2] >> 8, d[3], d[3] >> 8, 0, 2, 2, 0x44, 0x01, 0), bytes(0x3B));
            assertWhole(image.apply(new int[] { 0, 0, 4, 3 }, 0));
            assertWhole(image.apply(new int[] { 2, 1, 2, 2 }, 0));
            assertNotWhole(image.apply(new int[] { 0, 0, 60000, 60000 }, 0),
                    "the GIF's image at offset 13 (60000x60000 at 0,0) does not fit its 4x3 screen, which decoders show in"
                            + " different sizes");
            assertNotWhole(image.apply(new int[] { 3, 0, 2, 3 }, 0),
                    "the GIF's image at offset 13 (2x3 at 3,0) does not fit its 4x3 screen, which decoders show in"
                            + " different sizes");
        }

        /** Found by black-box testing: images and frames that do not match their canvas passed with the canvas's size. */
        @Test
        void anExtendedWebpsImageMatchesItsCanvas() {
            byte[] canvas77x55 = chunk("VP8X", bytes(0x08, 0, 0, 0, 76, 0, 0, 54, 0, 0));
            assertNotWhole(riff(canvas77x55, chunk("VP8L", vp8lPayload(0x2F, vp8lBits(16383, 16383, 0)))),
                    "the WebP canvas is 77x55 but its image is 16383x16383, which decoders refuse");
            assertNotWhole(riff(canvas77x55, chunk("VP8 ", vp8Payload(vp8Tag(16), 100, 100, 16))),
                    "the WebP canvas is 77x55 but its image is 100x100, which decoders refuse");
            assertWhole(riff(canvas77x55, chunk("VP8 ", vp8Payload(vp8Tag(16), 77, 55, 16))));
            // An animation: each frame (x/2, y/2, width-1, height-1 as 24 bits, duration, flags, then its image).
            byte[] animated = chunk("VP8X", bytes(0x02, 0, 0, 0, 29, 0, 0, 19, 0, 0));
            byte[] fits = chunk("ANMF", concat(bytes(1, 0, 0, 1, 0, 0, 27, 0, 0, 17, 0, 0, 100, 0, 0, 0),
                    chunk("VP8L", vp8lPayload(0x2F, vp8lBits(28, 18, 0)))));
            assertWhole(riff(animated, chunk("ANIM", new byte[6]), fits));
            int w = 39999;
            byte[] huge = chunk("ANMF", concat(bytes(0, 0, 0, 0, 0, 0, w, w >> 8, w >> 16, w, w >> 8, w >> 16, 100, 0, 0, 0),
                    chunk("VP8L", vp8lPayload(0x2F, vp8lBits(16, 16, 0)))));
            byte[] file = riff(animated, chunk("ANIM", new byte[6]), fits, huge);
            assertNotWhole(file, "the WebP's animation frame at offset " + (12 + 18 + 14 + fits.length)
                    + " (40000x40000 at 0,0) does not fit its 30x20 canvas, which decoders refuse");
        }

        private byte[] pngChunk(String type, byte[] data, boolean badCrc) {
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(ascii(type));
            crc.update(data);
            int c = (int) crc.getValue() ^ (badCrc ? 1 : 0);
            return concat(bytes(data.length >>> 24, data.length >>> 16 & 0xFF, data.length >>> 8 & 0xFF, data.length & 0xFF),
                    ascii(type), data, bytes(c >>> 24, c >>> 16 & 0xFF, c >>> 8 & 0xFF, c & 0xFF));
        }

        private int indexOf(byte[] hay, byte[] needle) {
            outer:
            for (int i = 0; i + needle.length <= hay.length; i++) {
                for (int j = 0; j < needle.length; j++) {
                    if (hay[i + j] != needle[j]) {
                        continue outer;
                    }
                }
                return i;
            }
            throw new AssertionError("not found");
        }
    }
}
