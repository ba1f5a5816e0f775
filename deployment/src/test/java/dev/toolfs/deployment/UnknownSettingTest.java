package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

/**
 * A key under quarkus.tool-fs. that no setting has stops the start, with the names the build worked out: Quarkus only
 * warned, and the sandbox stayed off for a misspelt switch (found by black-box testing). Settings of every kind, a
 * map's key and a list's index among them, pass.
 */
class UnknownSettingTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class))
            .overrideConfigKey("quarkus.tool-fs.sandbox.enabled", "true")
            .overrideConfigKey("quarkus.tool-fs.read.limt", "10")
            .overrideConfigKey("quarkus.tool-fs.models.\"gpt-4.1\".image-input", "true")
            .overrideConfigKey("quarkus.tool-fs.tools.\"edit\".enabled", "true")
            .overrideConfigKey("quarkus.tool-fs.attachments.local.enabled", "true")
            // A map's key that names no tool: the tool a typo was to disable would stay offered.
            .overrideConfigKey("quarkus.tool-fs.tools.\"wrte\".enabled", "false")
            .overrideConfigKey("quarkus.tool-fs.tools.\"read.image\".enabled", "true")
            .assertException(t -> assertThat(DuplicateToolNameTest.rootMessage(t)).contains(
                    "Tool FS refuses to start: quarkus.tool-fs.tools.\"wrte\" names no tool; the tools are read,"
                            + " read_image, write, edit; ").contains(
                    "quarkus.tool-fs.read.limt is no setting of Tool FS; did you mean"
                            + " quarkus.tool-fs.read.limit?; quarkus.tool-fs.sandbox.enabled is no setting of Tool FS;"
                            + " the settings of quarkus.tool-fs.sandbox are approval, approval-timeout, mode,"
                            + " protected-paths, writable-roots"));

    @Test
    void startupFails() {
        // The assertion is in assertException: this test only runs if startup failed as expected.
    }
}
