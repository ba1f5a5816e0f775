package dev.toolfs.attachments;

import java.util.Objects;

/** What an image header says: its format and pixel size (both dimensions at least 1). */
public record ImageInfo(ImageFormat format, int width, int height) {

    public ImageInfo {
        Objects.requireNonNull(format, "format");
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("image dimensions must be positive, got " + width + "x" + height);
        }
    }
}
