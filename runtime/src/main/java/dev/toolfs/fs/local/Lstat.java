package dev.toolfs.fs.local;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;

import dev.toolfs.fs.FileVersion;

/**
 * What one look at a path shows, not following a link: one system call where the platform has a "unix" attribute view
 * (the change time, {@code ctime}, and the owner and mode are only there), else the basic attributes without them
 * ({@code changedNanos} -1, {@code owner} null). The owner and mode are read only by {@link #withOwner}: a walk looks
 * at every component of every path, and only a change needs them.
 */
record Lstat(boolean link, boolean regularFile, boolean directory, long size, long modifiedNanos, long changedNanos,
        Object fileKey, Owner owner) {

    /** The file's permission bits and its owner's numeric user and group ids. */
    record Owner(int mode, int uid, int gid) {
    }

    /**
     * Named, not "unix:*": that would also resolve the owner's and group's names, reading the system's user and group
     * databases (/etc/passwd, /etc/group) on every look.
     */
    private static final String UNIX_ATTRIBUTES =
            "unix:isSymbolicLink,isRegularFile,isDirectory,size,lastModifiedTime,ctime,fileKey";
    private static final String UNIX_ATTRIBUTES_AND_OWNER = UNIX_ATTRIBUTES + ",mode,uid,gid";

    /** Asked once: a walk looks at every component, and a platform without the view would fail each time. */
    private static final boolean UNIX_VIEW = FileSystems.getDefault().supportedFileAttributeViews().contains("unix");

    /** The look without the owner and mode ({@code owner} null). */
    static Lstat of(Path path) throws IOException {
        return look(path, false);
    }

    /** The look with the owner and mode too, where the platform has them: what replacing the file needs. */
    static Lstat withOwner(Path path) throws IOException {
        return look(path, true);
    }

    private static Lstat look(Path path, boolean owner) throws IOException {
        if (UNIX_VIEW && path.getFileSystem() == FileSystems.getDefault()) {
            Map<String, Object> u = Files.readAttributes(path, owner ? UNIX_ATTRIBUTES_AND_OWNER : UNIX_ATTRIBUTES,
                    LinkOption.NOFOLLOW_LINKS);
            return new Lstat((Boolean) u.get("isSymbolicLink"), (Boolean) u.get("isRegularFile"),
                    (Boolean) u.get("isDirectory"), (Long) u.get("size"), toNanos((FileTime) u.get("lastModifiedTime")),
                    toNanos((FileTime) u.get("ctime")), u.get("fileKey"),
                    owner ? new Owner((Integer) u.get("mode"), (Integer) u.get("uid"), (Integer) u.get("gid")) : null);
        }
        return basic(path);
    }

    /** The look without the change time, as on a platform without the "unix" view. */
    static Lstat basic(Path path) throws IOException {
        BasicFileAttributes b = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        return new Lstat(b.isSymbolicLink(), b.isRegularFile(), b.isDirectory(), b.size(), toNanos(b.lastModifiedTime()),
                -1, b.fileKey(), null);
    }

    /**
     * The version this look proves. It is trusted only if the file was last changed well before now: a write in the
     * same timestamp tick as our read would otherwise go unseen ("racily clean").
     */
    FileVersion version(String hash) {
        java.time.Instant clock = java.time.Instant.now();
        long now = clock.getEpochSecond() * 1_000_000_000L + clock.getNano();
        boolean trusted = now - Math.max(modifiedNanos, changedNanos) > LocalFileSystem.RACY_WINDOW_NANOS;
        return new FileVersion(size, modifiedNanos, changedNanos, fileKey, hash, trusted);
    }

    private static long toNanos(FileTime t) {
        java.time.Instant i = t.toInstant();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }
}
