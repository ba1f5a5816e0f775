package dev.toolfs.fs.local;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.util.List;

/**
 * A folder of the workspace held open, reached from its root one real folder at a time without following a link, so
 * that the files a write makes in it, renames and removes land in that very folder: a folder on the path swapped for a
 * link to somewhere else (by another process, between the check of the path and the write) can no longer send the
 * write out of the workspace. The check resolves the path by its names; what follows works on the folder itself.
 */
final class SecureFolder {

    private SecureFolder() {
    }

    /** The root real path {@code dir} lies in, or null. */
    static Path rootOf(Path dir, List<Path> realRoots) {
        Path best = null;
        for (Path root : realRoots) {
            if (dir.startsWith(root) && (best == null || root.getNameCount() > best.getNameCount())) {
                best = root;
            }
        }
        return best;
    }

    /**
     * The folder {@code dir} (a real path below {@code root}) held open, or null where the system has no secure folder
     * streams (Windows), whose writes go by path as before.
     *
     * @throws IOException when a name on the way is no longer a folder: a link or a file put in its place since the
     *         path was resolved ({@link java.nio.file.FileSystemException}, too many levels of links, or
     *         {@link java.nio.file.NotDirectoryException}), or it is gone ({@link java.nio.file.NoSuchFileException})
     */
    static SecureDirectoryStream<Path> open(Path root, Path dir) throws IOException {
        DirectoryStream<Path> top = Files.newDirectoryStream(root);
        if (!(top instanceof SecureDirectoryStream<Path> folder)) {
            top.close();
            return null;
        }
        try {
            for (Path name : root.relativize(dir)) {
                if (name.toString().isEmpty()) {
                    continue; // dir is the root itself
                }
                SecureDirectoryStream<Path> next = folder.newDirectoryStream(name, LinkOption.NOFOLLOW_LINKS);
                folder.close();
                folder = next;
            }
            return folder;
        } catch (IOException | RuntimeException e) {
            folder.close();
            throw e;
        }
    }
}
