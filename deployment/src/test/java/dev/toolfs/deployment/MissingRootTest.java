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

/**
 * A missing root is named with the other problems (found by black-box testing: it came later, from deep in the start,
 * after the log had named it as the workspace).
 */
class MissingRootTest {

    static final Path MISSING;

    static {
        try {
            MISSING = Files.createTempDirectory("toolfs-gone").toRealPath();
            Files.delete(MISSING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class))
            .overrideConfigKey("quarkus.tool-fs.workspace.roots", MISSING.toString())
            .overrideConfigKey("quarkus.tool-fs.read.limit", "0")
            .assertException(t -> assertThat(DuplicateToolNameTest.rootMessage(t)).contains(
                    "Tool FS refuses to start: quarkus.tool-fs.read.limit is 0; it must be at least 1;"
                            + " workspace root " + MISSING + " is not an existing folder"));

    @Test
    void startupFails() {
        // The assertion is in assertException: this test only runs if startup failed as expected.
    }
}
