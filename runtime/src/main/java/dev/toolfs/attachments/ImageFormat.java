package dev.toolfs.attachments;

import java.util.Locale;
import java.util.Optional;

/** The image formats an attachment may have, with their media type and how to recognise them. */
public enum ImageFormat {
    PNG("image/png", "PNG"),
    JPEG("image/jpeg", "JPEG"),
    WEBP("image/webp", "WebP"),
    GIF("image/gif", "GIF");

    private static final byte[] PNG_MAGIC = { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    private static final byte[] JPEG_MAGIC = { (byte) 0xFF, (byte) 0xD8, (byte) 0xFF };
    private static final byte[] GIF87A = { 'G', 'I', 'F', '8', '7', 'a' };
    private static final byte[] GIF89A = { 'G', 'I', 'F', '8', '9', 'a' };
    private static final byte[] RIFF = { 'R', 'I', 'F', 'F' };
    private static final byte[] WEBP_TAG = { 'W', 'E', 'B', 'P' };

    private final String mediaType;
    private final String displayName;

    ImageFormat(String mediaType, String displayName) {
        this.mediaType = mediaType;
        this.displayName = displayName;
    }

    /** The IANA media type, e.g. {@code image/png}. */
    public String mediaType() {
        return mediaType;
    }

    /** The name people use for the format, e.g. {@code WebP}; used in messages. */
    public String displayName() {
        return displayName;
    }

    /** The format a file name's extension claims, ignoring case; empty when the extension is not an image one. */
    public static Optional<ImageFormat> fromExtension(String fileName) {
        if (fileName == null) {
            return Optional.empty();
        }
        int dot = fileName.lastIndexOf('.');
        // A dot inside a directory name ("a.png/b") is not an extension.
        if (dot < 0 || dot < Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\'))) {
            return Optional.empty();
        }
        return switch (fileName.substring(dot + 1).toLowerCase(Locale.ROOT)) {
            case "png" -> Optional.of(PNG);
            case "jpg", "jpeg", "jpe", "jfif" -> Optional.of(JPEG);
            case "webp" -> Optional.of(WEBP);
            case "gif" -> Optional.of(GIF);
            default -> Optional.empty();
        };
    }

    /** The format the leading magic bytes identify; empty when they match none (or are too short to tell). */
    public static Optional<ImageFormat> sniff(byte[] head) {
        if (head == null) {
            return Optional.empty();
        }
        if (startsWith(head, 0, PNG_MAGIC)) {
            return Optional.of(PNG);
        }
        if (startsWith(head, 0, JPEG_MAGIC)) {
            return Optional.of(JPEG);
        }
        if (startsWith(head, 0, GIF87A) || startsWith(head, 0, GIF89A)) {
            return Optional.of(GIF);
        }
        // RIFF is a generic container (WAV, AVI, ...); only the form type at offset 8 says WebP.
        if (startsWith(head, 0, RIFF) && startsWith(head, 8, WEBP_TAG)) {
            return Optional.of(WEBP);
        }
        return Optional.empty();
    }

    /**
     * The format whose signature all of {@code head} begins, when it is too short to hold the whole signature (a file
     * cut short): at least the first two bytes of a PNG or JPEG signature, three of a GIF one ({@code GIF}), or a RIFF
     * header up to a {@code W} of {@code WEBP}.
     */
    static Optional<ImageFormat> cutShort(byte[] head) {
        if (isPrefix(head, PNG_MAGIC, 2)) {
            return Optional.of(PNG);
        }
        if (isPrefix(head, JPEG_MAGIC, 2)) {
            return Optional.of(JPEG);
        }
        if (isPrefix(head, GIF87A, 3) || isPrefix(head, GIF89A, 3)) {
            return Optional.of(GIF);
        }
        if (head.length >= 9 && head.length < 12 && startsWith(head, 0, RIFF)
                && java.util.Arrays.equals(head, 8, head.length, WEBP_TAG, 0, head.length - 8)) {
            return Optional.of(WEBP);
        }
        return Optional.empty();
    }

    private static boolean isPrefix(byte[] head, byte[] magic, int atLeast) {
        return head.length >= atLeast && head.length < magic.length
                && java.util.Arrays.equals(head, 0, head.length, magic, 0, head.length);
    }

    private static boolean startsWith(byte[] bytes, int offset, byte[] magic) {
        if (bytes.length - offset < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (bytes[offset + i] != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
