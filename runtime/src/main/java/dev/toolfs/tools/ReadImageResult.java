package dev.toolfs.tools;

/** Canonical result of {@code read_image}. */
public record ReadImageResult(String path, Image image) {

    /** The durable reference and the facts read from the header. */
    public record Image(String attachmentId, String mediaType, long bytes, int width, int height, String name) {
    }
}
