package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

/**
 * Protected paths set with the sandbox off protect nothing: the start says so (found by black-box testing: it said
 * nothing, and the user believed the paths protected).
 */
class SandboxSettingsWhileOffWarnedTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class))
            .overrideConfigKey("quarkus.tool-fs.sandbox.protected-paths", "secrets/**")
            .setLogRecordPredicate(r -> r.getLoggerName().endsWith("ConfigCheck"))
            .assertLogRecords(records -> assertThat(records).anySatisfy(r -> assertThat(
                    ((org.jboss.logmanager.ExtLogRecord) r).getFormattedMessage()).isEqualTo(
                            "quarkus.tool-fs.sandbox.protected-paths is set, but quarkus.tool-fs.sandbox.mode is off, so it"
                                    + " protects nothing: any file of the workspace may be changed; set"
                                    + " quarkus.tool-fs.sandbox.mode=workspace-write to apply it")));

    @Test
    void theApplicationStartsAndSaysSo() {
        // The assertion is in assertLogRecords, made once the application has stopped.
    }
}
