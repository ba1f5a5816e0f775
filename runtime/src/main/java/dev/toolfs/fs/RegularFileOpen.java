package dev.toolfs.fs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Opens for reading a file that a look found regular, and makes sure what was opened is one. Between the look and
 * the open, another process can put a named pipe (FIFO) in the file's place: opening a pipe for reading waits, in the
 * kernel, for a writer that may never come, and reading one waits for data; a write or edit would wait holding its
 * file's lock, and the calls behind it too.
 * <ul>
 * <li>What was opened is checked at once: a pipe cannot tell its position, a regular file can.</li>
 * <li>An open that has waited {@link #RESCUE_AFTER_MILLIS} for a pipe is ended by a watcher thread, which opens the
 * pipe itself (for reading and writing, which on Linux never waits): the waiting open then returns, and fails here as
 * a pipe.</li>
 * </ul>
 */
public final class RegularFileOpen {

    /** The path was something else than a regular file when it was opened. */
    public static final class NotRegularFileException extends FileSystemException {
        private static final long serialVersionUID = 1L;

        NotRegularFileException(Path file) {
            super(file.toString(), null, "not a regular file when opened");
        }
    }

    /** How long an open may wait before the watcher looks whether it waits for a pipe. */
    public static final long RESCUE_AFTER_MILLIS = 500;

    private RegularFileOpen() {
    }

    /** The opens under way, and when each began (nanoTime). */
    private static final Map<Opening, Long> OPENING = new ConcurrentHashMap<>();

    /** An open under way: the thread that waits in it, and how the watcher would end the wait. */
    private record Opening(Thread thread, Rescue rescue) {
    }

    private static volatile boolean watching;

    /**
     * A stream over the regular file at {@code file} (a link is not followed).
     *
     * @throws NotRegularFileException when something else was there when it was opened
     */
    public static InputStream open(Path file) throws IOException {
        return open(file, () -> FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS), byPath(file));
    }

    /**
     * A stream over the regular file {@code file}, opened by its name in {@code folder}, its folder held open (a link is
     * not followed); a wait for a pipe is ended in that folder too.
     *
     * @throws NotRegularFileException when something else was there when it was opened
     */
    public static InputStream openIn(SecureDirectoryStream<Path> folder, Path file) throws IOException {
        Path name = file.getFileName();
        return open(file, () -> folder.newByteChannel(name, READ), inFolder(folder, name));
    }

    /**
     * How the watcher ends an open that waits for a pipe: by opening that very pipe for reading and writing (which on
     * Linux never waits), and closing it. Only what the waiting open reached: by path, a folder on the way swapped for
     * a link would send it to a pipe or a device outside the workspace (found by black-box testing).
     */
    @FunctionalInterface
    public interface Rescue {
        void run() throws IOException;
    }

    private static final Set<OpenOption> READ = Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);

    /** A stream over what {@code open} opens, which must be the regular file {@code file}. */
    private static InputStream open(Path file, WatchedOpen<SeekableByteChannel> open, Rescue rescue) throws IOException {
        SeekableByteChannel channel = watched(open, rescue);
        try {
            channel.position(); // a pipe or socket cannot seek: the check costs one system call
        } catch (IOException e) {
            channel.close();
            throw new NotRegularFileException(file);
        }
        return SlicedIo.inSlices(Channels.newInputStream(channel));
    }

    /** An open of something that should be a folder or a regular file, and would wait for ever on a pipe. */
    @FunctionalInterface
    public interface WatchedOpen<T> {
        T open() throws IOException;
    }

    /**
     * Runs {@code open} (of a file, or of a folder on a file's way, which another process could swap for a pipe too)
     * where the watcher sees it: one that waits for a pipe that long is ended by {@code rescue}, and fails.
     */
    public static <T> T watched(WatchedOpen<T> open, Rescue rescue) throws IOException {
        Opening opening = new Opening(Thread.currentThread(), rescue);
        OPENING.put(opening, System.nanoTime());
        if (!watching) {
            startWatcher();
        }
        try {
            return open.open();
        } finally {
            OPENING.remove(opening);
        }
    }

    private static synchronized void startWatcher() {
        if (watching) {
            return;
        }
        Thread watcher = new Thread(RegularFileOpen::watch, "tool-fs-open-watcher");
        watcher.setDaemon(true);
        watcher.start();
        watching = true;
    }

    private static void watch() {
        while (true) {
            try {
                Thread.sleep(RESCUE_AFTER_MILLIS / 2);
            } catch (InterruptedException e) {
                return; // a daemon thread: only when the process ends
            }
            long now = System.nanoTime();
            OPENING.forEach((opening, began) -> {
                if (now - began >= RESCUE_AFTER_MILLIS * 1_000_000L) {
                    try {
                        opening.rescue().run();
                    } catch (IOException | RuntimeException e) {
                        // Gone, not openable, or its folder closed since: the next round looks again.
                    }
                }
            });
        }
    }

    /**
     * The rescue of an open by path (where there are no folders held open): gives an open waiting for a writer of the
     * pipe at {@code file} the writer it waits for, and closes it at once.
     */
    private static Rescue byPath(Path file) {
        return () -> {
            if (!java.nio.file.Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS).isOther()) {
                return; // a slow disk, say: nothing to end
            }
            try (FileChannel pipe = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS)) {
                // Opened: the waiting open has its writer, and returns.
            }
        };
    }

    /** The rescue of an open of {@code name} in {@code folder} held open: the same, in that folder. */
    public static Rescue inFolder(SecureDirectoryStream<Path> folder, Path name) {
        return () -> {
            if (!folder.getFileAttributeView(name, java.nio.file.attribute.BasicFileAttributeView.class,
                    LinkOption.NOFOLLOW_LINKS).readAttributes().isOther()) {
                return;
            }
            try (SeekableByteChannel pipe = folder.newByteChannel(name,
                    Set.of(StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS))) {
                // Opened: the waiting open has its writer, and returns.
            }
        };
    }
}
