package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import jakarta.inject.Inject;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.toolfs.fs.local.Workspace;
import io.quarkus.test.QuarkusUnitTest;

/**
 * Roots listed with a space after each comma, as people write lists, are those folders (found by black-box testing:
 * " /b" was taken as a folder named " /b" under the current folder, and the start failed).
 */
class SpacedRootsTest {

    static final Path A;
    static final Path B;

    static {
        // Fixed names: this class is loaded twice (by the test and by the application), and both must agree.
        Path base = Path.of("target", "spaced-roots").toAbsolutePath();
        try {
            A = Files.createDirectories(base.resolve("a")).toRealPath();
            B = Files.createDirectories(base.resolve("b")).toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class))
            .overrideConfigKey("quarkus.tool-fs.workspace.roots", A + ", " + B + " ");

    @Inject
    Workspace workspace;

    @Test
    void bothFoldersAreRoots() {
        assertThat(workspace.realRoots()).isEqualTo(List.of(A, B));
    }
}
