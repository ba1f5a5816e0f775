package dev.toolfs.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

/** Serves a fresh temporary folder as the workspace of the test application. */
public class TempWorkspace implements QuarkusTestResourceLifecycleManager {

    static Path root;

    @Override
    public Map<String, String> start() {
        try {
            root = Files.createTempDirectory("toolfs-ws").toRealPath();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return Map.of("quarkus.tool-fs.workspace.roots", root.toString(),
                "quarkus.tool-fs.attachments.dir", root.resolveSibling(root.getFileName() + "-attachments").toString());
    }

    @Override
    public void stop() {
        // The folder is left to the OS's temporary-file cleanup: tests may leave FIFOs and big files in it.
    }
}
