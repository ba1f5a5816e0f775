package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

/** An image store that holds the workspace would leave the tools no file: the start stops and says so. */
class StoreHoldingARootTest {

    static final Path STORE;
    static final Path ROOT;

    static {
        try {
            STORE = Files.createTempDirectory("toolfs-store").toRealPath();
            ROOT = Files.createDirectories(STORE.resolve("project"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class))
            .overrideConfigKey("quarkus.tool-fs.attachments.dir", STORE.toString())
            .overrideConfigKey("quarkus.tool-fs.workspace.roots", ROOT.toString())
            .assertException(t -> assertThat(DuplicateToolNameTest.rootMessage(t)).contains(
                    "Tool FS refuses to start: quarkus.tool-fs.attachments.dir is " + STORE
                            + ", which holds the workspace root " + ROOT
                            + "; it must be a folder of its own, outside the roots or inside one"));

    @Test
    void startupFails() {
        // The assertion is in assertException: this test only runs if startup failed as expected.
    }
}
