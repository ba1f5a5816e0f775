package dev.toolfs.fs;

import java.nio.file.AccessDeniedException;

/**
 * A folder on a file's path that this process may go through but not list: it cannot be held open, so the file is not
 * reached through it (by path, a folder swapped for a link there could lead out of the workspace).
 */
public final class UnlistableFolderException extends AccessDeniedException {
    private static final long serialVersionUID = 1L;

    public UnlistableFolderException(String folder) {
        super(folder, null, "a folder on the way cannot be listed");
    }
}
