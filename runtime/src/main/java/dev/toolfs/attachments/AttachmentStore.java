package dev.toolfs.attachments;

/**
 * Where read_image commits the images it returns, so that a session history can keep a durable reference
 * ({@code sha256:<hex>}) instead of the bytes. read_image is offered only while a store bean exists.
 */
public interface AttachmentStore {

    /**
     * Validates and stores an image, durably, before returning.
     *
     * @param bytes the image bytes
     * @return the stored image's reference and facts
     * @throws AttachmentException when the bytes are not an acceptable image
     */
    StoredImage saveImage(byte[] bytes);

    /** Reads a stored image back, verifying its digest. */
    byte[] read(String attachmentId);
}
