package dev.toolfs.fs;

/**
 * What a model saw of a file, precise enough that every content change is detected and a timestamp-only change is
 * not.
 *
 * @param size the size in bytes
 * @param modifiedNanos last-modified time
 * @param changedNanos status-change time (ctime), or -1 where the platform has none
 * @param fileKey the file's identity (device and inode) or null
 * @param contentHash a checksum of every byte ({@link ContentHash}), or null when the file was too large to hash
 * @param statTrusted false when the stat was taken within one timestamp tick of the content being read: a later
 *        same-size write in that tick could leave the stat unchanged ("racily clean"), so equality of stats proves
 *        nothing and the content must be hashed again
 */
public record FileVersion(long size, long modifiedNanos, long changedNanos, Object fileKey, String contentHash,
        boolean statTrusted) {

    /** True when both stats name the same file with the same size and timestamps. */
    public boolean sameStat(FileVersion other) {
        return other != null && size == other.size && modifiedNanos == other.modifiedNanos
                && changedNanos == other.changedNanos && java.util.Objects.equals(fileKey, other.fileKey);
    }

    /**
     * This stat's version with the checksum of the content read under it; the stat stays trusted only if as many bytes
     * were read as it announced. Otherwise the file changed while it was read (it grew, or was replaced): the version
     * is then of what was read, its size too, so that the file left as it was read is not taken for changed.
     */
    public FileVersion withContent(String hash, long bytesRead) {
        boolean asAnnounced = bytesRead == size;
        return new FileVersion(hash == null || asAnnounced ? size : bytesRead, modifiedNanos, changedNanos, fileKey, hash,
                statTrusted && asAnnounced);
    }

    /** A short opaque token for clients. */
    public String token() {
        return contentHash != null ? "crc:" + contentHash : "stat:" + size + ":" + modifiedNanos;
    }
}
