package dev.toolfs.fs.local;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import dev.toolfs.fs.RegularFileOpen;

/**
 * Opens files for reading in their folder held open, as writes do (see {@link SecureFolder}): a folder on the path
 * swapped for a link to somewhere else between the check of the path and the open cannot send a read out of the
 * workspace. Reaching a folder from its root one real folder at a time costs a few system calls per folder, so the last
 * folders reached are kept open, process-wide, and each use first checks that the path still leads to the folder kept
 * (one stat): a folder renamed, removed, or made again is reached anew; one swapped for a link is refused on the way.
 * Where the system has no secure folder streams (Windows, macOS), files are opened by path.
 */
final class OpenFolders {

    /** The most folders kept open (each two file descriptors, as the JDK keeps a copy, and a directory buffer). */
    static final int KEPT = 32;

    /** The folders kept, by real path. */
    private static final ConcurrentHashMap<Path, Held> HELD = new ConcurrentHashMap<>();

    /**
     * Whether this system has secure folder streams (Linux does; the JDK has none on macOS and Windows), found up front
     * and, failing that, on first use.
     */
    private static volatile boolean secure = probe();

    private static boolean probe() {
        try (java.nio.file.DirectoryStream<Path> tmp = Files.newDirectoryStream(
                Path.of(System.getProperty("java.io.tmpdir")))) {
            return tmp instanceof SecureDirectoryStream;
        } catch (IOException | RuntimeException e) {
            return true; // looked at again on first use (SecureFolder.open says)
        }
    }

    /** A folder held open, and what it is (its file key); closed once neither the map nor a reader holds it. */
    private static final class Held {
        final Path dir;
        final SecureDirectoryStream<Path> stream;
        final Object key;
        /** The map's own hold, and one per use under way; 0 once closed. */
        final AtomicInteger holds = new AtomicInteger(1);
        /** When it was last used (nanoTime): the one used longest ago is let go first. */
        volatile long used = System.nanoTime();

        Held(Path dir, SecureDirectoryStream<Path> stream, Object key) {
            this.dir = dir;
            this.stream = stream;
            this.key = key;
        }

        boolean hold() {
            for (int n = holds.get(); n > 0; n = holds.get()) {
                if (holds.compareAndSet(n, n + 1)) {
                    return true;
                }
            }
            return false;
        }

        void release() {
            if (holds.decrementAndGet() == 0) {
                try {
                    stream.close();
                } catch (IOException e) {
                    // Nothing more to do with it.
                }
            }
        }

        /** Out of the map (once), and its hold let go; false when it was out already. */
        boolean retire() {
            if (HELD.remove(dir, this)) {
                release();
                return true;
            }
            return false;
        }
    }

    private OpenFolders() {
    }

    /**
     * A stream over the regular file {@code file} (a real path: every link on the way resolved), opened in its folder
     * held open when that folder lies in one of {@code realRoots}.
     *
     * @throws RegularFileOpen.NotRegularFileException when something else than a regular file was there
     * @throws dev.toolfs.fs.UnlistableFolderException for a folder on the way this process may not list
     * @throws IOException as an open fails, a {@link java.nio.file.FileSystemException} when a name on the way is no
     *         longer a folder (a link, a file, or gone: another process's doing)
     */
    static InputStream open(Path file, List<Path> realRoots) throws IOException {
        Path dir = file.getParent();
        Path root = dir == null || !secure ? null : SecureFolder.rootOf(dir, realRoots);
        if (root == null) {
            return RegularFileOpen.open(file);
        }
        Held kept = kept(dir);
        if (kept != null) {
            try {
                return RegularFileOpen.openIn(kept.stream, file);
            } catch (RegularFileOpen.NotRegularFileException | AccessDeniedException e) {
                throw e; // the file's own answer
            } catch (IOException e) {
                // Swapped right after the check, or a folder removed and made again under the same number where the
                // number says too little (on NFS: a stale handle): once more from a folder reached now.
                kept.retire();
            } finally {
                kept.release();
            }
        }
        Held reached = reach(root, dir);
        if (reached == null) {
            return RegularFileOpen.open(file);
        }
        try {
            return RegularFileOpen.openIn(reached.stream, file);
        } finally {
            reached.release();
        }
    }

    /**
     * The folder kept for {@code dir}, with a hold for the caller, when the path still leads to it (its last name not
     * followed if it is a link); else null, and one that no longer fits is let go.
     */
    private static Held kept(Path dir) {
        Held held = HELD.get(dir);
        if (held == null || !held.hold()) {
            return null;
        }
        if (held.key.equals(keyAt(dir))) {
            held.used = System.nanoTime();
            return held;
        }
        held.release();
        held.retire();
        return null;
    }

    /**
     * The folder {@code dir} reached now from {@code root}, kept, with a hold for the caller; null where the system has
     * no secure streams.
     */
    private static Held reach(Path root, Path dir) throws IOException {
        SecureDirectoryStream<Path> stream;
        try {
            stream = SecureFolder.open(root, dir);
        } catch (AccessDeniedException e) {
            throw new dev.toolfs.fs.UnlistableFolderException(dir.toString());
        }
        if (stream == null) {
            secure = false;
            return null;
        }
        Object key;
        try {
            key = stream.getFileAttributeView(BasicFileAttributeView.class).readAttributes().fileKey();
        } catch (IOException | RuntimeException e) {
            stream.close();
            throw e;
        }
        Held reached = new Held(dir, stream, key);
        reached.holds.incrementAndGet(); // the caller's
        if (key == null) {
            // Nothing to recognize it by next time: used once.
            reached.release();
            return reached;
        }
        Held replaced = HELD.put(dir, reached);
        if (replaced != null) {
            replaced.release();
        }
        // The one used longest ago goes; another thread may let go of the same one at once, so until the bound holds.
        while (HELD.size() > KEPT) {
            Held oldest = null;
            for (Held other : HELD.values()) {
                if (other != reached && (oldest == null || other.used - oldest.used < 0)) {
                    oldest = other;
                }
            }
            if (oldest == null) {
                break;
            }
            oldest.retire();
        }
        return reached;
    }

    /** What the path leads to now (links on the way followed, not the last name), or null when it leads nowhere. */
    private static Object keyAt(Path dir) {
        try {
            // The last name not followed: a folder moved away and a link to it put in its place is not the folder.
            return Files.readAttributes(dir, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** How many folders are kept open (for tests). */
    static int kept() {
        return HELD.size();
    }
}
