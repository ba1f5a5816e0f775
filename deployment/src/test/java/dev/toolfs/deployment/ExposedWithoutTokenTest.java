package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

/** Serving the tools on a non-loopback address without a token refuses to start, saying why. */
class ExposedWithoutTokenTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class))
            .overrideConfigKey("quarkus.tool-fs.rest.enabled", "true")
            .overrideConfigKey("quarkus.http.host", "0.0.0.0")
            .assertException(t -> assertThat(DuplicateToolNameTest.rootMessage(t)).contains(
                    "Tool FS refuses to start: quarkus.http.host is 0.0.0.0, which other machines can reach, and "
                            + "quarkus.tool-fs.auth.token is not set. Set a token (clients then send Authorization: "
                            + "Bearer <token>), or listen on 127.0.0.1."));

    @Test
    void startupFails() {
        // The assertion is in assertException: this test only runs if startup failed as expected.
    }
}
