package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

/** Values the tools cannot work with stop the start, every one named with its rule, in one message. */
class BadConfigValuesTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class))
            .overrideConfigKey("quarkus.tool-fs.read.limit", "-1")
            .overrideConfigKey("quarkus.tool-fs.read.max-line-length", "0")
            .overrideConfigKey("quarkus.tool-fs.sessions.idle-timeout", "0s")
            .overrideConfigKey("quarkus.tool-fs.sessions.observations-memory", "1K")
            .overrideConfigKey("quarkus.tool-fs.image.media-types", "png,jpg,bmp")
            .overrideConfigKey("quarkus.tool-fs.mcp.allowed-origins", "evil.example")
            .overrideConfigKey("quarkus.tool-fs.policy.enabled", "ture")
            .overrideConfigKey("quarkus.tool-fs.sandbox.mode", "workspace-write")
            .overrideConfigKey("quarkus.tool-fs.sandbox.writable-roots", "/")
            .overrideConfigKey("quarkus.tool-fs.sandbox.approval", "bogus")
            .assertException(t -> assertThat(DuplicateToolNameTest.rootMessage(t)).contains(
                    "Tool FS refuses to start: quarkus.tool-fs.read.limit is -1; it must be at least 1; "
                            + "quarkus.tool-fs.read.max-line-length is 0; it must be at least 1; "
                            + "quarkus.tool-fs.sessions.idle-timeout is 0s; it must be longer than zero; "
                            + "quarkus.tool-fs.sessions.observations-memory is 1024; it must be at least 65536; "
                            + "quarkus.tool-fs.mcp.allowed-origins lists \"evil.example\", which no browser sends: an"
                            + " origin is a scheme and a host, with a port if not the scheme's own (https://app.example:8443); "
                            + "quarkus.tool-fs.image.media-types names \"jpg\"; list some of png, jpeg, webp and gif; "
                            + "quarkus.tool-fs.image.media-types names \"bmp\"; list some of png, jpeg, webp and gif; "
                            + "quarkus.tool-fs.sandbox.approval is \"bogus\"; use deny, approve or ask; "
                            + "quarkus.tool-fs.policy.enabled is \"ture\"; it must be true or false; "
                            // The sandbox's own refusal, which came alone before (found by black-box testing).
                            + "sandbox writable root / is outside the workspace ("));

    @Test
    void startupFails() {
        // The assertion is in assertException: this test only runs if startup failed as expected.
    }
}
