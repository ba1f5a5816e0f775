package dev.toolfs.sidecar;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

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
        // Removed with what the tests left in it (FIFOs and big files among them), and the image store beside it.
        delete(root);
        delete(root.resolveSibling(root.getFileName() + "-attachments"));
    }

    private static void delete(Path folder) {
        if (!Files.exists(folder, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> all = Files.walk(folder)) {
            List<Path> paths = all.toList();
            // A test's read-only folder: its entries can go only once it is writable again.
            paths.stream().filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).forEach(p -> p.toFile().setWritable(true));
            paths.stream().sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // Best effort: what cannot be removed stays for the OS's temporary-file cleanup.
                }
            });
        } catch (IOException | java.io.UncheckedIOException e) {
            // As above.
        }
    }
}
