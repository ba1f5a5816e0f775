package dev.toolfs.fs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
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

    private record Opening(Path file, Thread thread) {
    }

    private static volatile boolean watching;

    /**
     * A stream over the regular file at {@code file} (a link is not followed).
     *
     * @throws NotRegularFileException when something else was there when it was opened
     */
    public static InputStream open(Path file) throws IOException {
        FileChannel channel = openChannel(file);
        try {
            channel.position(); // a pipe or socket cannot seek: the check costs one system call
        } catch (IOException e) {
            channel.close();
            throw new NotRegularFileException(file);
        }
        return Channels.newInputStream(channel);
    }

    private static FileChannel openChannel(Path file) throws IOException {
        Opening opening = new Opening(file, Thread.currentThread());
        OPENING.put(opening, System.nanoTime());
        if (!watching) {
            startWatcher();
        }
        try {
            return FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
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
                    rescue(opening.file());
                }
            });
        }
    }

    /** Gives an open waiting for a writer of the pipe at {@code file} the writer it waits for, and closes it at once. */
    private static void rescue(Path file) {
        try {
            java.nio.file.attribute.BasicFileAttributes look = java.nio.file.Files.readAttributes(file,
                    java.nio.file.attribute.BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!look.isOther()) {
                return; // a slow disk, say: nothing to end
            }
            try (FileChannel pipe = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS)) {
                // Opened: the waiting open has its writer, and returns.
            }
        } catch (IOException | RuntimeException e) {
            // Gone or not openable: the next round looks again.
        }
    }
}
