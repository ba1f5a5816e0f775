package dev.toolfs.langchain4j.deployment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;

import io.quarkus.test.QuarkusUnitTest;

/** The test application: one workspace folder, its image store beside it, and a default model that takes images. */
final class VisionApp {

    private VisionApp() {
    }

    /**
     * A fixed folder under {@code target}: the test class is loaded twice (by JUnit and by the application), so a
     * random one would differ.
     */
    static Path workspace(String name) {
        try {
            return Files.createDirectories(Path.of("target", name)).toRealPath();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static QuarkusUnitTest serving(Path ws, Class<?>... classes) {
        return new QuarkusUnitTest()
                // The test class runs this again inside the application, which must see this class too.
                .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class).addClasses(classes).addClass(VisionApp.class))
                .overrideConfigKey("quarkus.tool-fs.workspace.roots", ws.toString())
                .overrideConfigKey("quarkus.tool-fs.attachments.dir", ws.resolveSibling(ws.getFileName() + "-att").toString())
                .overrideConfigKey("quarkus.tool-fs.default-model", "vision")
                .overrideConfigKey("quarkus.tool-fs.models.\"vision\".image-input", "true");
    }
}
