package dev.toolfs.attachments;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * Reads an image's format and pixel size from its header, without decoding any pixels.
 *
 * <p>Pure Java on purpose: no AWT/ImageIO, which would pull in native code and decode far more than needed. Every
 * read is bounds-checked first, so any malformed or truncated input ends in an {@link ImageHeaderException}.
 */
public final class ImageHeaders {

    static final String NOT_AN_IMAGE = "the bytes are not a PNG, JPEG, WebP or GIF image";

    private static final int PNG_MAX_DIMENSION = Integer.MAX_VALUE;
    private static final long WEBP_MAX_AREA = 1L << 32;

    private ImageHeaders() {
    }

    /** The format (from the magic bytes, not the file name) and size of the image in {@code bytes}. */
    public static ImageInfo parse(byte[] bytes) {
        Objects.requireNonNull(bytes, "bytes");
        ImageFormat format = ImageFormat.sniff(bytes).orElseThrow(() -> new ImageHeaderException(ImageFormat
                .cutShort(bytes).map(ImageHeaders::truncatedMessage).orElse(NOT_AN_IMAGE)));
        return switch (format) {
            case PNG -> parsePng(bytes);
            case JPEG -> parseJpeg(bytes);
            case GIF -> parseGif(bytes);
            case WEBP -> parseWebp(bytes);
        };
    }

    private static final String UNFINISHED = "; a download or a save that did not finish?)";
    private static final byte[] EOI = { (byte) 0xFF, (byte) 0xD9 };

    /**
     * Refuses a file of {@code format} (whose header {@link #parse} read) that is cut short or damaged where its
     * decoders give up, as far as that is seen without decoding pixels: a PNG must hold its chunks whole up to IEND, with
     * image data, and the checksums of its critical chunks (IHDR, PLTE, IDAT, IEND) right (libpng refuses it otherwise);
     * a JPEG must reach its image data (SOS) and end it with an EOI marker; a WebP must be as long as its RIFF header
     * says and, when extended (VP8X), hold an image chunk; a GIF's blocks must be whole, with at least one image. A
     * cut-short screenshot or download would otherwise reach the model's provider as an image, which then fails the
     * model's next call rather than this tool's.
     */
    public static void requireWhole(byte[] bytes, ImageFormat format) {
        switch (format) {
            case PNG -> requireWholePng(bytes);
            case JPEG -> requireWholeJpeg(bytes);
            case WEBP -> requireWholeWebp(bytes);
            case GIF -> requireWholeGif(bytes);
        }
    }

    /**
     * The logical screen descriptor (13 bytes with the signature) and its color table, then blocks: extensions (0x21)
     * and images (0x2C, a descriptor, a color table, the LZW code size), each with data sub-blocks up to an empty one,
     * until the trailer (0x3B). A file that ends right after a whole block, or goes on with bytes that start no block,
     * with an image, is taken: decoders show it.
     */
    private static void requireWholeGif(byte[] b) {
        String cut = "the GIF is cut short (it ends ";
        if (b.length < 13) {
            throw new ImageHeaderException(cut + "inside its screen descriptor" + UNFINISHED);
        }
        long pos = 13 + colorTable(b[10]);
        int images = 0;
        while (pos < b.length) {
            int block = u8(b, (int) pos);
            if (block == 0x3B) {
                break;
            }
            if (block == 0x21) {
                pos = afterSubBlocks(b, pos + 2, cut);
            } else if (block == 0x2C) {
                if (pos + 10 > b.length) {
                    throw new ImageHeaderException(cut + "inside an image descriptor at offset " + pos + UNFINISHED);
                }
                requireGifImageOnScreen(b, (int) pos);
                pos = afterSubBlocks(b, pos + 10 + colorTable(b[(int) pos + 9]) + 1, cut);
                images++;
            } else if (images > 0) {
                break; // padding after a whole image (zeros to a sector, a stray byte): decoders end the file there
            } else {
                throw new ImageHeaderException("the GIF has a block of unknown type 0x" + Integer.toHexString(block)
                        + " at offset " + pos + " (damaged, or cut and joined)");
            }
        }
        if (images == 0) {
            throw new ImageHeaderException(pos < b.length ? "the GIF has no image (its trailer comes before any)"
                    : cut + "before its first image" + UNFINISHED);
        }
    }

    /**
     * An image of a GIF must lie within its logical screen. Decoders disagree on one that does not: browsers cut it to
     * the screen, others grow the canvas to fit the image (found by black-box testing: a 60000x60000 image on a 33x44
     * screen passed as 33x44, under the pixel limit).
     */
    private static void requireGifImageOnScreen(byte[] b, int pos) {
        int screenWidth = u16le(b, 6);
        int screenHeight = u16le(b, 8);
        int left = u16le(b, pos + 1);
        int top = u16le(b, pos + 3);
        int width = u16le(b, pos + 5);
        int height = u16le(b, pos + 7);
        if (left + width > screenWidth || top + height > screenHeight) {
            throw new ImageHeaderException("the GIF's image at offset " + pos + " (" + width + "x" + height + " at " + left
                    + "," + top + ") does not fit its " + screenWidth + "x" + screenHeight + " screen, which decoders"
                    + " show in different sizes");
        }
    }

    /** The bytes of the color table a GIF packed-fields byte announces (none when its top bit is clear). */
    private static int colorTable(byte packed) {
        return (packed & 0x80) == 0 ? 0 : 3 * (1 << ((packed & 7) + 1));
    }

    /** The offset after the data sub-blocks starting at {@code pos}, past the empty one that ends them. */
    private static long afterSubBlocks(byte[] b, long pos, String cut) {
        while (true) {
            if (pos >= b.length) {
                throw new ImageHeaderException(cut + "inside a block's data" + UNFINISHED);
            }
            int size = u8(b, (int) pos);
            pos += 1 + size;
            if (size == 0) {
                return pos;
            }
        }
    }

    private static void requireWholePng(byte[] b) {
        int pos = 8; // after the signature; parse() checked IHDR comes first
        boolean imageData = false;
        boolean palette = false;
        while (true) {
            if (pos == b.length) {
                throw new ImageHeaderException("the PNG is cut short (it ends before its IEND chunk" + UNFINISHED);
            }
            if ((long) pos + 8 > b.length) {
                throw new ImageHeaderException("the PNG is cut short (it ends inside the header of a chunk, which starts at offset " + pos
                        + UNFINISHED);
            }
            long length = u32be(b, pos);
            for (int i = pos + 4; i < pos + 8; i++) {
                if (!(b[i] >= 'A' && b[i] <= 'Z' || b[i] >= 'a' && b[i] <= 'z')) {
                    // libpng refuses it too; its bytes are no name to show.
                    throw new ImageHeaderException("the PNG has a chunk whose type is not four letters at offset " + pos
                            + " (damaged, or cut and joined)");
                }
            }
            String type = new String(b, pos + 4, 4, StandardCharsets.US_ASCII);
            if (length > Integer.MAX_VALUE || pos + 12 + length > b.length) {
                throw new ImageHeaderException("the PNG is cut short (it ends inside its " + type + " chunk, which starts"
                        + " at offset " + pos + UNFINISHED);
            }
            boolean critical = (b[pos + 4] & 0x20) == 0; // an upper-case first letter
            if (critical) {
                java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                crc.update(b, pos + 4, 4 + (int) length);
                if (crc.getValue() != u32be(b, pos + 8 + (int) length)) {
                    throw new ImageHeaderException("the PNG's " + type + " chunk at offset " + pos
                            + " is damaged (its checksum does not match)");
                }
            }
            if (type.equals("IHDR")) {
                requirePngHeaderValues(b);
            }
            palette |= type.equals("PLTE");
            if (type.equals("IDAT") && !imageData && u8(b, 25) == 3 && !palette) {
                throw new ImageHeaderException("the PNG is a palette image (color type 3) without a PLTE chunk before its"
                        + " image data");
            }
            imageData |= type.equals("IDAT");
            if (type.equals("IEND")) {
                if (!imageData) {
                    throw new ImageHeaderException("the PNG has no image data (no IDAT chunk)");
                }
                return; // what follows IEND, decoders ignore
            }
            pos += 12 + (int) length;
        }
    }

    /**
     * The IHDR fields after the size that libpng checks (its "Invalid IHDR data"): the color type, a bit depth that type
     * allows, and the compression, filter and interlace methods (found by black-box testing: a bit depth of 3 passed).
     */
    private static void requirePngHeaderValues(byte[] b) {
        int depth = u8(b, 24);
        int colorType = u8(b, 25);
        List<Integer> depths = switch (colorType) {
            case 0 -> List.of(1, 2, 4, 8, 16);
            case 3 -> List.of(1, 2, 4, 8);
            case 2, 4, 6 -> List.of(8, 16);
            default -> throw new ImageHeaderException("the PNG color type is " + colorType
                    + ", which is none of 0, 2, 3, 4 and 6");
        };
        if (!depths.contains(depth)) {
            String shown = depths.subList(0, depths.size() - 1).stream().map(String::valueOf)
                    .collect(java.util.stream.Collectors.joining(", ")) + " or " + depths.get(depths.size() - 1);
            throw new ImageHeaderException("the PNG bit depth is " + depth + ", which color type " + colorType
                    + " does not allow (only " + shown + ")");
        }
        if (u8(b, 26) != 0) {
            throw new ImageHeaderException("the PNG compression method is " + u8(b, 26) + " instead of 0");
        }
        if (u8(b, 27) != 0) {
            throw new ImageHeaderException("the PNG filter method is " + u8(b, 27) + " instead of 0");
        }
        if (u8(b, 28) > 1) {
            throw new ImageHeaderException("the PNG interlace method is " + u8(b, 28) + " instead of 0 or 1");
        }
    }

    /**
     * A frame most decoders read (found by black-box testing: lossless and hierarchical JPEGs, 12-bit samples and frames
     * without components passed, which libjpeg as most builds have it refuses): a sequential or progressive process
     * (SOF0-2, and their arithmetic-coded forms SOF9-10), 8-bit samples, and 1, 3 or 4 components.
     */
    private static void requireDecodableFrame(byte[] b, int marker, int at) {
        int length = segmentLength(b, at);
        if (length < 8) {
            throw new ImageHeaderException("the JPEG SOF segment is too short");
        }
        int process = marker - 0xC0;
        if (process == 3 || process == 11) {
            throw new ImageHeaderException("the JPEG is lossless (SOF" + process + "), which most decoders do not read");
        }
        if (process == 5 || process == 6 || process == 7 || process >= 13) {
            throw new ImageHeaderException("the JPEG is hierarchical (SOF" + process + "), which most decoders do not read");
        }
        int precision = u8(b, at + 2);
        if (precision != 8) {
            throw new ImageHeaderException("the JPEG has " + precision + "-bit samples, which most decoders do not read"
                    + " (only 8-bit)");
        }
        int components = u8(b, at + 7);
        if (components != 1 && components != 3 && components != 4) {
            throw new ImageHeaderException("the JPEG has " + components + " color components (decoders show 1, 3 or 4)");
        }
    }

    private static void requireWholeJpeg(byte[] b) {
        int pos;
        try {
            pos = walkJpeg(b, (marker, at) -> {
                if (marker == 0xD9) {
                    throw new ImageHeaderException("the JPEG ends before its image data (its EOI marker comes before SOS)");
                }
                if (isSofMarker(marker)) {
                    requireDecodableFrame(b, marker, at);
                }
                return marker == 0xDA ? at + segmentLength(b, at) : null; // the scan's data starts past its header
            });
        } catch (ImageHeaderException e) {
            if (e.truncated()) {
                throw new ImageHeaderException("the JPEG is cut short (it ends before its image data" + UNFINISHED);
            }
            throw e;
        }
        // Entropy-coded data cannot hold FF D9 (an FF there is followed by 00 or a restart code): the first one after
        // the scan's header ends an image (a progressive one has more scans before it).
        if (dev.toolfs.fs.ByteScan.indexOf(b, EOI, pos, b.length) >= 0) {
            return;
        }
        throw new ImageHeaderException("the JPEG is cut short (its image data has no end marker" + UNFINISHED);
    }

    private static void requireWholeWebp(byte[] b) {
        long riff = 8 + u32le(b, 4);
        if (riff > b.length) {
            throw new ImageHeaderException("the WebP is cut short (its RIFF header gives " + riff + " bytes, the file has "
                    + b.length + UNFINISHED);
        }
        long firstChunkEnd = 20 + u32le(b, 16);
        if (firstChunkEnd > riff) {
            throw chunkPastRiff(b, 12);
        }
        if (!hasAscii(b, 12, "VP8X")) {
            return; // a simple WebP: its one chunk is the image
        }
        // An extended one announces the canvas; the image is in a later chunk (one frame, or an animation's frames),
        // which libwebp refuses unless a still image is the canvas's size and every frame lies within it (found by
        // black-box testing: a 16383x16383 image under a 77x55 canvas passed as 77x55).
        int canvasWidth = u24le(b, 24) + 1;
        int canvasHeight = u24le(b, 27) + 1;
        boolean image = false;
        for (long pos = firstChunkEnd + (firstChunkEnd & 1); pos + 8 <= riff; ) {
            long size = u32le(b, (int) pos + 4);
            long end = pos + 8 + size;
            if (end > riff) {
                throw chunkPastRiff(b, pos);
            }
            ImageInfo still = hasAscii(b, (int) pos, "VP8 ") ? parseVp8(b, (int) pos + 8, size)
                    : hasAscii(b, (int) pos, "VP8L") ? parseVp8l(b, (int) pos + 8, size) : null;
            if (still != null && !image && (still.width() != canvasWidth || still.height() != canvasHeight)) {
                throw new ImageHeaderException("the WebP canvas is " + canvasWidth + "x" + canvasHeight + " but its image is "
                        + still.width() + "x" + still.height() + ", which decoders refuse");
            }
            if (hasAscii(b, (int) pos, "ANMF")) {
                requireChunk(b, (int) pos + 8, size, 16, "ANMF");
                int x = 2 * u24le(b, (int) pos + 8);
                int y = 2 * u24le(b, (int) pos + 11);
                int width = u24le(b, (int) pos + 14) + 1;
                int height = u24le(b, (int) pos + 17) + 1;
                if ((long) x + width > canvasWidth || (long) y + height > canvasHeight) {
                    throw new ImageHeaderException("the WebP's animation frame at offset " + pos + " (" + width + "x"
                            + height + " at " + x + "," + y + ") does not fit its " + canvasWidth + "x" + canvasHeight
                            + " canvas, which decoders refuse");
                }
                image = true;
            }
            image |= still != null;
            pos = end + (end & 1);
        }
        if (!image) {
            throw new ImageHeaderException("the WebP has no image data (no VP8, VP8L or ANMF chunk after its VP8X chunk)");
        }
    }

    /** The refusal of a WebP whose chunk at {@code pos} runs past its RIFF data. */
    private static ImageHeaderException chunkPastRiff(byte[] b, long pos) {
        return new ImageHeaderException("the WebP is cut short (its " + new String(b, (int) pos, 4,
                StandardCharsets.ISO_8859_1).trim() + " chunk runs past the end of its RIFF data" + UNFINISHED);
    }

    // ---- PNG: signature (8), then the first chunk's length (4) and type (4), then IHDR's width and height.

    private static ImageInfo parsePng(byte[] b) {
        require(b, 8, 8, ImageFormat.PNG);
        // The spec requires IHDR first; anything else is not a PNG a decoder would accept.
        if (!hasAscii(b, 12, "IHDR")) {
            throw new ImageHeaderException("the PNG does not start with an IHDR chunk");
        }
        long length = u32be(b, 8);
        if (length != 13) {
            throw new ImageHeaderException("the PNG IHDR chunk has length " + length + " instead of 13");
        }
        require(b, 16, 8, ImageFormat.PNG);
        int width = pngDimension(u32be(b, 16), "width");
        int height = pngDimension(u32be(b, 20), "height");
        return new ImageInfo(ImageFormat.PNG, width, height);
    }

    private static int pngDimension(long value, String name) {
        if (value == 0) {
            throw zeroDimension(ImageFormat.PNG, name);
        }
        // PNG dimensions are unsigned 32-bit fields, but the spec caps them at 2^31 - 1.
        if (value > PNG_MAX_DIMENSION) {
            throw new ImageHeaderException(
                    "the PNG " + name + " " + value + " is larger than the PNG maximum of " + PNG_MAX_DIMENSION);
        }
        return (int) value;
    }

    // ---- JPEG: a sequence of marker segments after SOI; the first SOF segment holds the frame size.

    private static ImageInfo parseJpeg(byte[] b) {
        return walkJpeg(b, (marker, at) -> {
            checkNotEndOfHeader(marker, at - 2);
            return isSofMarker(marker) ? readSof(b, at, segmentLength(b, at)) : null;
        });
    }

    /** What to do at a segment: the walk's result, or null to go on past it. */
    private interface Segment<T> {
        /** @param at the offset of the segment's length field, just after its marker */
        T visit(int marker, int at);
    }

    /**
     * Walks the segments after SOI in order (markers without a segment, TEM and RSTn, are passed), until one's visit
     * gives a result.
     */
    private static <T> T walkJpeg(byte[] b, Segment<T> segment) {
        int pos = 2; // just after SOI (FF D8)
        while (true) {
            pos = markerCodeOffset(b, pos);
            int marker = u8(b, pos);
            pos++;
            if (isStandaloneMarker(marker)) {
                continue;
            }
            T result = segment.visit(marker, pos);
            if (result != null) {
                return result;
            }
            pos += segmentLength(b, pos); // at least 2, so the walk always moves forward
        }
    }

    /**
     * The offset of the next marker's code from {@code pos}, found as libjpeg finds it (its {@code next_marker}): bytes
     * other than 0xFF between segments, and stuffed zeros (FF 00), are skipped, as libjpeg and so most viewers do with
     * a warning (some cameras and editors write such bytes); any number of 0xFF fill bytes may precede the code.
     */
    private static int markerCodeOffset(byte[] b, int pos) {
        while (true) {
            require(b, pos, 1, ImageFormat.JPEG);
            while (u8(b, pos) != 0xFF) {
                pos++;
                require(b, pos, 1, ImageFormat.JPEG);
            }
            do {
                pos++;
                require(b, pos, 1, ImageFormat.JPEG);
            } while (u8(b, pos) == 0xFF);
            if (u8(b, pos) != 0x00) {
                return pos;
            }
            pos++;
        }
    }

    /** TEM and RSTn carry no length field. */
    private static boolean isStandaloneMarker(int marker) {
        return marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7);
    }

    private static void checkNotEndOfHeader(int marker, int markerOffset) {
        if (marker == 0xDA) {
            throw new ImageHeaderException("the JPEG has no SOF marker before the image data");
        }
        if (marker == 0xD9) {
            throw new ImageHeaderException("the JPEG ends before any SOF marker");
        }
        // A second SOI means the stream is broken (libjpeg refuses it too).
        if (marker == 0xD8) {
            throw new ImageHeaderException(
                    String.format("the JPEG has an invalid marker 0xFF%02X at offset %d", marker, markerOffset));
        }
    }

    /** The length of the segment whose length field is at {@code pos}, checked to fit in the buffer. */
    private static int segmentLength(byte[] b, int pos) {
        require(b, pos, 2, ImageFormat.JPEG);
        int length = u16be(b, pos);
        // The length counts its own two bytes; less would make the walk stall or go backwards.
        if (length < 2) {
            throw new ImageHeaderException(
                    "the JPEG segment length " + length + " at offset " + pos + " is less than 2");
        }
        require(b, pos, length, ImageFormat.JPEG);
        return length;
    }

    /** SOF0-SOF15, minus the three codes in that range that mean something else: DHT, JPG and DAC. */
    private static boolean isSofMarker(int marker) {
        return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    }

    /** SOF layout after the length field: precision (1), height (2), width (2), component count (1). */
    private static ImageInfo readSof(byte[] b, int segment, int length) {
        if (length < 8) {
            throw new ImageHeaderException("the JPEG SOF segment is too short");
        }
        int height = u16be(b, segment + 3);
        int width = u16be(b, segment + 5);
        if (height == 0) {
            // T.81 lets a frame leave its line count to a DNL marker after the first scan; that needs the whole file.
            throw new ImageHeaderException(
                    "the JPEG height is 0 (it would be set by a DNL marker, which is not supported)");
        }
        if (width == 0) {
            throw zeroDimension(ImageFormat.JPEG, "width");
        }
        return new ImageInfo(ImageFormat.JPEG, width, height);
    }

    // ---- GIF: "GIF87a"/"GIF89a", then the logical screen width and height.

    private static ImageInfo parseGif(byte[] b) {
        require(b, 6, 4, ImageFormat.GIF);
        int width = u16le(b, 6);
        int height = u16le(b, 8);
        if (width == 0) {
            throw zeroDimension(ImageFormat.GIF, "width");
        }
        if (height == 0) {
            throw zeroDimension(ImageFormat.GIF, "height");
        }
        return new ImageInfo(ImageFormat.GIF, width, height);
    }

    // ---- WebP: "RIFF", size, "WEBP", then the first chunk's FourCC (4) and size (4), then its data.

    private static ImageInfo parseWebp(byte[] b) {
        require(b, 12, 8, ImageFormat.WEBP);
        long size = u32le(b, 16);
        int data = 20;
        if (hasAscii(b, 12, "VP8 ")) {
            return parseVp8(b, data, size);
        }
        if (hasAscii(b, 12, "VP8L")) {
            return parseVp8l(b, data, size);
        }
        if (hasAscii(b, 12, "VP8X")) {
            return parseVp8x(b, data, size);
        }
        throw new ImageHeaderException("the WebP first chunk is not VP8, VP8L or VP8X");
    }

    /** Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height (top 2 bits: scaling). */
    private static ImageInfo parseVp8(byte[] b, int data, long size) {
        requireChunk(b, data, size, 10, "VP8");
        int tag = u24le(b, data);
        boolean keyFrame = (tag & 1) == 0;
        int profile = (tag >> 1) & 7;
        boolean shown = ((tag >> 4) & 1) == 1;
        int firstPartitionSize = tag >>> 5;
        // The same checks libwebp makes: a still image is one shown key frame whose first partition fits the chunk.
        if (!keyFrame || profile > 3 || !shown || firstPartitionSize >= size) {
            throw new ImageHeaderException("the WebP VP8 frame tag is invalid");
        }
        if (u8(b, data + 3) != 0x9D || u8(b, data + 4) != 0x01 || u8(b, data + 5) != 0x2A) {
            throw new ImageHeaderException("the WebP VP8 start code is invalid");
        }
        int width = u16le(b, data + 6) & 0x3FFF;
        int height = u16le(b, data + 8) & 0x3FFF;
        if (width == 0) {
            throw zeroDimension(ImageFormat.WEBP, "width");
        }
        if (height == 0) {
            throw zeroDimension(ImageFormat.WEBP, "height");
        }
        return new ImageInfo(ImageFormat.WEBP, width, height);
    }

    /** Lossless: signature 0x2F, then width-1 (14 bits), height-1 (14 bits), alpha (1), version (3), LSB first. */
    private static ImageInfo parseVp8l(byte[] b, int data, long size) {
        requireChunk(b, data, size, 5, "VP8L");
        if (u8(b, data) != 0x2F) {
            throw new ImageHeaderException("the WebP VP8L signature is invalid");
        }
        long bits = u32le(b, data + 1);
        int version = (int) (bits >>> 29);
        if (version != 0) {
            throw new ImageHeaderException("the WebP VP8L version is " + version + " instead of 0");
        }
        int width = (int) (bits & 0x3FFF) + 1;
        int height = (int) ((bits >>> 14) & 0x3FFF) + 1;
        return new ImageInfo(ImageFormat.WEBP, width, height);
    }

    /** Extended: flags (1), reserved (3), then canvas width-1 and height-1 as 24-bit values. */
    private static ImageInfo parseVp8x(byte[] b, int data, long size) {
        requireChunk(b, data, size, 10, "VP8X");
        int width = u24le(b, data + 4) + 1;
        int height = u24le(b, data + 7) + 1;
        // libwebp refuses canvases of 2^32 pixels or more, so no viewer would show one.
        if ((long) width * height >= WEBP_MAX_AREA) {
            throw new ImageHeaderException("the WebP canvas " + width + "x" + height + " is too large for any WebP"
                    + " decoder (2^32 pixels or more)");
        }
        return new ImageInfo(ImageFormat.WEBP, width, height);
    }

    private static void requireChunk(byte[] b, int data, long size, int needed, String fourCc) {
        if (size < needed) {
            throw new ImageHeaderException("the WebP " + fourCc + " chunk is too short");
        }
        require(b, data, needed, ImageFormat.WEBP);
    }

    // ---- Shared helpers. Readers assume require() has already checked the bounds.

    private static void require(byte[] b, int offset, int count, ImageFormat format) {
        if ((long) offset + count > b.length) {
            throw ImageHeaderException.truncated(truncatedMessage(format));
        }
    }

    private static String truncatedMessage(ImageFormat format) {
        return "the " + format.displayName() + " header is truncated";
    }

    private static ImageHeaderException zeroDimension(ImageFormat format, String name) {
        return new ImageHeaderException("the " + format.displayName() + " " + name + " is 0");
    }

    private static boolean hasAscii(byte[] b, int offset, String text) {
        byte[] expected = text.getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < expected.length; i++) {
            if (b[offset + i] != expected[i]) {
                return false;
            }
        }
        return true;
    }

    private static int u8(byte[] b, int offset) {
        return b[offset] & 0xFF;
    }

    private static int u16be(byte[] b, int offset) {
        return (u8(b, offset) << 8) | u8(b, offset + 1);
    }

    private static int u16le(byte[] b, int offset) {
        return u8(b, offset) | (u8(b, offset + 1) << 8);
    }

    private static int u24le(byte[] b, int offset) {
        return u16le(b, offset) | (u8(b, offset + 2) << 16);
    }

    private static long u32be(byte[] b, int offset) {
        return ((long) u16be(b, offset) << 16) | u16be(b, offset + 2);
    }

    private static long u32le(byte[] b, int offset) {
        return u16le(b, offset) | ((long) u16le(b, offset + 2) << 16);
    }
}
