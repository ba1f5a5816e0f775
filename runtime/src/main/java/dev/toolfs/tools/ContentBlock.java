package dev.toolfs.tools;

/** One block of a tool result, in the order the model sees them. */
public sealed interface ContentBlock {

    record Text(String text) implements ContentBlock {
    }

    /**
     * @param mediaType e.g. {@code image/png}
     * @param attachmentId the durable reference, {@code sha256:<hex>}
     * @param data the bytes, for transports that carry them
     */
    record Image(String mediaType, String attachmentId, byte[] data) implements ContentBlock {
    }
}
