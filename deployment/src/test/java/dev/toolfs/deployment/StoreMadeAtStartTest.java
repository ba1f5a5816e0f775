package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

/**
 * An image store inside the workspace is made at the start (so that the workspace knows it), as the store makes its
 * folders: for its owner alone.
 */
class StoreMadeAtStartTest {

    static final Path ROOT = TempFolders.made("toolfs-root");

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class).addClass(TempFolders.class))
            .overrideConfigKey("quarkus.tool-fs.workspace.roots", ROOT.toString())
            .overrideConfigKey("quarkus.tool-fs.attachments.dir", ROOT.resolve("home/.tool-fs/attachments").toString());

    @jakarta.inject.Inject
    dev.toolfs.fs.local.Workspace workspace;

    @Test
    void theFoldersItMakesAreTheOwnersAlone() throws IOException {
        // The root as the application got it (this class is loaded again by the application, with another ROOT).
        Path root = workspace.roots().get(0);
        for (String folder : new String[] { "home", "home/.tool-fs", "home/.tool-fs/attachments" }) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve(folder)))).as(folder)
                    .isEqualTo("rwx------");
        }
    }
}
