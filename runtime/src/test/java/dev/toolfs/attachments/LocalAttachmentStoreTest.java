package dev.toolfs.attachments;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalAttachmentStoreTest {

    @TempDir
    Path dir;

    private static byte[] png(int w, int h) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB), "png", out);
        return out.toByteArray();
    }

    @Test
    void storesOnceByContentAndReadsBackVerified() throws IOException {
        LocalAttachmentStore store = new LocalAttachmentStore(dir, 1 << 20, 1 << 20);
        byte[] image = png(20, 10);
        StoredImage a = store.saveImage(image);
        StoredImage b = store.saveImage(image.clone());
        assertThat(a).isEqualTo(b);
        assertThat(a.attachmentId()).matches("sha256:[0-9a-f]{64}");
        assertThat(a.info()).isEqualTo(new ImageInfo(ImageFormat.PNG, 20, 10));
        assertThat(store.read(a.attachmentId())).isEqualTo(image);
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.filter(Files::isRegularFile)).hasSize(1);
        }
    }

    @Test
    void theStoreIsItsOwnersAlone() throws IOException {
        // A private image (mode 600) must not become readable by every local user through its stored copy.
        org.junit.jupiter.api.Assumptions.assumeTrue(
                java.nio.file.FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
        Path root = dir.resolve("home/.tool-fs/attachments");
        StoredImage a = new LocalAttachmentStore(root, 1 << 20, 1 << 20).saveImage(png(4, 4));
        try (Stream<Path> all = Files.walk(dir.resolve("home"))) {
            for (Path p : all.toList()) {
                assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(p)))
                        .as(dir.relativize(p).toString()).isEqualTo(Files.isDirectory(p) ? "rwx------" : "rw-------");
            }
        }
        assertThat(new LocalAttachmentStore(root, 1 << 20, 1 << 20).read(a.attachmentId())).isEqualTo(png(4, 4));
    }

    @Test
    void aCorruptedObjectIsDetectedOnReadAndRewrittenOnSave() throws IOException {
        LocalAttachmentStore store = new LocalAttachmentStore(dir, 1 << 20, 1 << 20);
        byte[] image = png(3, 3);
        StoredImage s = store.saveImage(image);
        Path file;
        try (Stream<Path> files = Files.walk(dir)) {
            file = files.filter(Files::isRegularFile).findFirst().orElseThrow();
        }
        Files.write(file, new byte[] { 1, 2, 3 });
        assertThatThrownBy(() -> store.read(s.attachmentId())).hasMessageContaining("is corrupt on disk");
        store.saveImage(image);
        assertThat(store.read(s.attachmentId())).isEqualTo(image);
    }

    @Test
    void limitsAndInvalidImagesAreRefused() throws IOException {
        LocalAttachmentStore small = new LocalAttachmentStore(dir, 50, 1 << 20);
        assertThatThrownBy(() -> small.saveImage(png(30, 30))).isInstanceOf(AttachmentException.class)
                .hasMessageContaining("over the 50-byte limit");
        LocalAttachmentStore fewPixels = new LocalAttachmentStore(dir, 1 << 20, 100);
        assertThatThrownBy(() -> fewPixels.saveImage(png(11, 10)))
                .hasMessage("the image is 11x10 (110 pixels), over the 100-pixel limit; downscale it");
        LocalAttachmentStore store = new LocalAttachmentStore(dir, 1 << 20, 1 << 20);
        assertThatThrownBy(() -> store.saveImage("not an image".getBytes()))
                .extracting(e -> ((AttachmentException) e).reason()).isEqualTo(AttachmentException.Reason.INVALID);
    }

    @Test
    void aStoreThatCannotBeWrittenSaysWhatToDoWithoutTheServersFolders() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        LocalAttachmentStore store = new LocalAttachmentStore(file.resolve("att"), 1 << 20, 1 << 20);
        assertThatThrownBy(() -> store.saveImage(png(2, 2))).isInstanceOf(AttachmentException.class)
                .satisfies(e -> assertThat(((AttachmentException) e).reason()).isEqualTo(AttachmentException.Reason.IO))
                .hasMessage("the server cannot keep images: its image store cannot be written (FileAlreadyExistsException); tell"
                        + " the user, who can give it a writable folder (quarkus.tool-fs.attachments.dir)");
    }
}
