package dev.toolfs.fs;

/**
 * The guard a mutation carries. The provider checks it under the target's lock, so no other writer of this process
 * can slip in between the check and the replace.
 */
public sealed interface Precondition {

    /** Unconditional: the write or edit happens whatever the file's state. */
    record None() implements Precondition {
    }

    /**
     * Create the file only if it does not exist; otherwise fail with {@code ifExists} ({@link FsErrorCode#FS_EXISTS},
     * or {@link FsErrorCode#FS_NOT_OBSERVED} when the caller never looked at the path).
     */
    record CreateIfAbsent(FsErrorCode ifExists) implements Precondition {
    }

    /** Replace only if the file is still at the given version. */
    record IfVersion(FileVersion version) implements Precondition {
        public IfVersion {
            java.util.Objects.requireNonNull(version);
        }
    }

    Precondition NONE = new None();

    static Precondition createIfAbsent() {
        return new CreateIfAbsent(FsErrorCode.FS_EXISTS);
    }

    static Precondition createIfAbsent(FsErrorCode ifExists) {
        return new CreateIfAbsent(ifExists);
    }

    static Precondition ifVersion(FileVersion version) {
        return new IfVersion(version);
    }
}
