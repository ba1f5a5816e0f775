package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

class MissingDescriptionTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class)
                    .addClasses(PathArgs.class, UndescribedTool.class))
            .assertException(t -> assertThat(DuplicateToolNameTest.rootMessage(t)).contains(
                    "tool class dev.toolfs.deployment.UndescribedTool: tool \"mystery\" has no description; "
                            + "the model needs one to use it"));

    @Test
    void theBuildFails() {
        // The assertion is in assertException: this test only runs if the build failed as expected.
    }
}
