package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

/**
 * Roots of only separators name no folder, as roots of only spaces do (found by black-box testing: the configuration
 * read them as an empty list, that is unset, and the current folder was served).
 */
class SeparatorOnlyRootsTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class))
            .overrideConfigKey("quarkus.tool-fs.workspace.roots", " , ,")
            .assertException(t -> assertThat(DuplicateToolNameTest.rootMessage(t)).contains(
                    "Tool FS refuses to start: quarkus.tool-fs.workspace.roots names no folder; list the workspace's"
                            + " folders, or leave it unset for the current folder\n"));

    @Test
    void startupFails() {
        // The assertion is in assertException: this test only runs if startup failed as expected.
    }
}
