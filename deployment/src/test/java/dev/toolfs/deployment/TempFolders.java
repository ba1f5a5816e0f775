package dev.toolfs.deployment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A new temporary folder for a test application's workspace, by its real path. A QuarkusUnitTest class is loaded again
 * by the application, which makes another: tests read the one the application got from it (its Workspace). The archive
 * of a test that calls this from a static field must hold this class.
 */
final class TempFolders {

    private TempFolders() {
    }

    static Path made(String prefix) {
        try {
            return Files.createTempDirectory(prefix).toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
