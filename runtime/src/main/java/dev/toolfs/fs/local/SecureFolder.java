package dev.toolfs.fs.local;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.util.List;

import dev.toolfs.fs.RegularFileOpen;

/**
 * A folder of the workspace held open, reached from its root one real folder at a time without following a link, so
 * that the files a write makes in it, renames and removes land in that very folder: a folder on the path swapped for a
 * link to somewhere else (by another process, between the check of the path and the write) can no longer send the
 * write out of the workspace. The check resolves the path by its names; what follows works on the folder itself.
 */
final class SecureFolder {

    private SecureFolder() {
    }

    /**
     * The outermost root real path {@code dir} lies in, or null. Outermost: an inner root is a folder of the outer one,
     * which could be swapped for a link like any other, and is walked to from the outer root.
     */
    static Path rootOf(Path dir, List<Path> realRoots) {
        Path best = null;
        for (Path root : realRoots) {
            if (dir.startsWith(root) && (best == null || root.getNameCount() < best.getNameCount())) {
                best = root;
            }
        }
        return best;
    }

    /**
     * The folder {@code dir} (a real path below {@code root}) held open, or null where the system has no secure folder
     * streams (Windows, macOS), whose writes go by path.
     *
     * @throws IOException when a name on the way is no longer a folder: a link or something else put in its place since
     *         the path was resolved ({@link java.nio.file.NotDirectoryException}, or a
     *         {@link java.nio.file.FileSystemException} for a link that appeared after the look), or it is gone
     *         ({@link java.nio.file.NoSuchFileException}); an {@link java.nio.file.AccessDeniedException} for a folder
     *         this process may go through but not list
     */
    static SecureDirectoryStream<Path> open(Path root, Path dir) throws IOException {
        DirectoryStream<Path> top = Files.newDirectoryStream(root);
        if (!(top instanceof SecureDirectoryStream<Path> opened)) {
            top.close();
            return null;
        }
        SecureDirectoryStream<Path> folder = opened;
        for (Path name : root.relativize(dir)) {
            if (name.toString().isEmpty()) {
                continue; // dir is the root itself
            }
            SecureDirectoryStream<Path> next;
            try {
                // Looked at first: the open takes no O_DIRECTORY, and would wait for ever on a FIFO put in its place.
                if (!folder.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .readAttributes().isDirectory()) {
                    throw new NotDirectoryException(dir.toString());
                }
                next = enter(folder, name);
            } catch (IOException | RuntimeException e) {
                closeAfter(folder, e);
                throw e;
            }
            closeAfter(folder, null);
            folder = next;
        }
        return folder;
    }

    /**
     * The folder {@code name} of {@code from}, opened without following a link. A FIFO put there since the caller
     * looked would make the open wait for a writer for ever: the watcher ends the wait, and the open fails as not a
     * folder.
     */
    static SecureDirectoryStream<Path> enter(SecureDirectoryStream<Path> from, Path name) throws IOException {
        return RegularFileOpen.watched(() -> from.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS),
                RegularFileOpen.inFolder(from, name));
    }

    private static void closeAfter(SecureDirectoryStream<Path> folder, Throwable failure) {
        try {
            folder.close();
        } catch (IOException e) {
            if (failure != null) {
                failure.addSuppressed(e);
            }
        }
    }
}
