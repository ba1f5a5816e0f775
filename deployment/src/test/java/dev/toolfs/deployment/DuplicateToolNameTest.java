package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

class DuplicateToolNameTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class)
                    .addClasses(PathArgs.class, DuplicateReadTool.class))
            .assertException(t -> assertThat(rootMessage(t)).contains(
                    "tool name \"read\" is declared twice, by dev.toolfs.deployment.DuplicateReadTool and by "
                            + "dev.toolfs.tools.ReadTool; tool names must be unique")
                    .doesNotContain("mystery"));

    static String rootMessage(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            sb.append(c.getMessage()).append('\n');
        }
        return sb.toString();
    }

    @Test
    void theBuildFails() {
        // The assertion is in assertException: this test only runs if the build failed as expected.
    }
}
