package dev.toolfs.attachments;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A content-addressed folder: an image is stored once under the SHA-256 of its bytes
 * ({@code sha256/ab/abcdef….png}), written to a temporary file, synced and renamed, so it is durable before the tool
 * result that references it exists. Reading back verifies the digest.
 */
public class LocalAttachmentStore implements AttachmentStore {

    private final Path dir;
    private final long maxImageBytes;
    private final long maxImagePixels;

    public LocalAttachmentStore(Path dir, long maxImageBytes, long maxImagePixels) {
        this.dir = dir.toAbsolutePath().normalize();
        this.maxImageBytes = maxImageBytes;
        this.maxImagePixels = maxImagePixels;
    }

    public Path dir() {
        return dir;
    }

    private static AttachmentException unreadable(ImageHeaderException e) {
        return new AttachmentException(AttachmentException.Reason.INVALID, "the image cannot be read: " + e.getMessage()
                + "; re-export it as PNG/JPEG/WebP/GIF");
    }

    @Override
    public StoredImage saveImage(byte[] bytes) {
        if (bytes.length > maxImageBytes) {
            throw new AttachmentException(AttachmentException.Reason.TOO_LARGE, "the image is " + bytes.length
                    + " bytes, over the " + maxImageBytes + "-byte limit; downscale or compress it");
        }
        ImageInfo info;
        try {
            info = ImageHeaders.parse(bytes);
        } catch (ImageHeaderException e) {
            throw unreadable(e);
        }
        long pixels = (long) info.width() * info.height();
        if (pixels > maxImagePixels) {
            throw new AttachmentException(AttachmentException.Reason.TOO_LARGE, "the image is " + info.width() + "x"
                    + info.height() + " (" + pixels + " pixels), over the " + maxImagePixels
                    + "-pixel limit; downscale it");
        }
        try {
            ImageHeaders.requireWhole(bytes, info.format());
        } catch (ImageHeaderException e) {
            throw unreadable(e);
        }
        String hex = HexFormat.of().formatHex(sha256().digest(bytes));
        Path target = pathOf(hex, info.format());
        try {
            if (!Files.exists(target) || !hex.equals(digestOf(target))) {
                writeAtomically(target, bytes);
            }
        } catch (IOException e) {
            // The operator gets where and why; the model, which can do nothing about the server's folders, what to
            // tell the user (found by black-box testing: it was shown the server's home folder).
            org.jboss.logging.Logger.getLogger(LocalAttachmentStore.class).warnf(e, "read_image cannot keep images: the"
                    + " attachment store at %s cannot be written; set quarkus.tool-fs.attachments.dir to a writable folder",
                    dir);
            throw new AttachmentException(AttachmentException.Reason.IO, "the server cannot keep images: its image store"
                    + " cannot be written (" + e.getClass().getSimpleName() + "); tell the user, who can give it a"
                    + " writable folder (quarkus.tool-fs.attachments.dir)");
        }
        return new StoredImage("sha256:" + hex, info, bytes.length);
    }

    @Override
    public byte[] read(String attachmentId) {
        if (attachmentId == null || !attachmentId.matches("sha256:[0-9a-f]{64}")) {
            throw new IllegalArgumentException("not an attachment id: " + attachmentId);
        }
        String hex = attachmentId.substring(7);
        for (ImageFormat f : ImageFormat.values()) {
            Path p = pathOf(hex, f);
            try {
                byte[] bytes = readAll(p);
                if (!hex.equals(HexFormat.of().formatHex(sha256().digest(bytes)))) {
                    throw new IllegalStateException("attachment " + attachmentId + " is corrupt on disk: " + p);
                }
                return bytes;
            } catch (NoSuchFileException e) {
                // Try the next extension.
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalArgumentException("no such attachment: " + attachmentId);
    }

    private Path pathOf(String hex, ImageFormat format) {
        String ext = switch (format) {
            case PNG -> "png";
            case JPEG -> "jpg";
            case WEBP -> "webp";
            case GIF -> "gif";
        };
        return dir.resolve("sha256").resolve(hex.substring(0, 2)).resolve(hex + "." + ext);
    }

    private static void syncFolder(Path folder) {
        try (FileChannel d = FileChannel.open(folder, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException e) {
            // Some file systems cannot sync a folder; the file itself is synced.
        }
    }

    /** The file's bytes, read a slice at a time (see {@link dev.toolfs.fs.SlicedIo}). */
    private static byte[] readAll(Path p) throws IOException {
        try (java.io.InputStream in = dev.toolfs.fs.SlicedIo.inSlices(Files.newInputStream(p))) {
            return in.readAllBytes();
        }
    }

    private static String digestOf(Path p) throws IOException {
        return HexFormat.of().formatHex(sha256().digest(readAll(p)));
    }

    /** Owner-only, as the files the copies come from may be: the store is one user's, and may keep private images. */
    private static final boolean POSIX = java.nio.file.FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    private static final java.nio.file.attribute.FileAttribute<?>[] PRIVATE_FOLDER = POSIX
            ? new java.nio.file.attribute.FileAttribute<?>[] { java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                    java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")) }
            : new java.nio.file.attribute.FileAttribute<?>[0];
    private static final java.nio.file.attribute.FileAttribute<?>[] PRIVATE_FILE = POSIX
            ? new java.nio.file.attribute.FileAttribute<?>[] { java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                    java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")) }
            : new java.nio.file.attribute.FileAttribute<?>[0];

    private static void writeAtomically(Path target, byte[] bytes) throws IOException {
        Path folder = target.getParent();
        List<Path> made = makeFolders(folder);
        Path temp = folder.resolve("." + target.getFileName() + "." + Long.toHexString(ThreadLocalRandom.current().nextLong())
                + ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(temp, java.util.Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    PRIVATE_FILE)) {
                dev.toolfs.fs.SlicedIo.writeFully(ch, bytes);
                ch.force(true);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            syncFolder(folder);
            // Each folder made now has its name in its parent: synced too, or the stored file could vanish with them.
            for (Path f : made) {
                syncFolder(f.getParent());
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Makes the store's folder where it is missing, as the store makes its folders (owner-only), each synced into its
     * parent: for whoever makes it before the first image does.
     */
    public static void makeFolder(Path folder) throws IOException {
        for (Path made : makeFolders(folder.toAbsolutePath().normalize())) {
            syncFolder(made.getParent());
        }
    }

    /**
     * Makes the folders of {@code folder} that are missing, owner-only; the ones that were missing (made here or by
     * another call meanwhile), the highest first.
     */
    private static List<Path> makeFolders(Path folder) throws IOException {
        java.util.ArrayDeque<Path> missing = new java.util.ArrayDeque<>();
        for (Path p = folder; p != null && !Files.isDirectory(p); p = p.getParent()) {
            missing.push(p);
        }
        for (Path p : missing) {
            try {
                Files.createDirectory(p, PRIVATE_FOLDER);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (!Files.isDirectory(p)) {
                    throw e; // a file where the folder must be
                }
                // Another call made it meanwhile, and may not have synced it yet: synced here too.
            }
        }
        return List.copyOf(missing);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
