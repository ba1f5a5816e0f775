package dev.toolfs.attachments;

/**
 * @param attachmentId {@code sha256:<hex>} of the bytes
 * @param info format and dimensions from the header
 * @param bytes the size in bytes
 */
public record StoredImage(String attachmentId, ImageInfo info, long bytes) {
}
