package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

class UnsupportedArgumentTypeTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class)
                    .addClasses(MapArgs.class, MapArgumentTool.class))
            .assertException(t -> assertThat(DuplicateToolNameTest.rootMessage(t)).contains(
                    "tool class dev.toolfs.deployment.MapArgumentTool: argument options has the unsupported "
                            + "type java.util.Map; use String, an integer or number type, boolean, an enum, or a List of those"));

    @Test
    void theBuildFails() {
        // The assertion is in assertException: this test only runs if the build failed as expected.
    }
}
