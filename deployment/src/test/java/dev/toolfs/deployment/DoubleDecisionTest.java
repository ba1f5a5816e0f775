package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.toolfs.fs.Precondition;
import dev.toolfs.gates.WriteIntent;
import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;
import io.quarkus.test.QuarkusUnitTest;

/** A second observer deciding the same write intent is a deployment bug, reported naming both deciders. */
class DoubleDecisionTest {

    @ApplicationScoped
    public static class SecondDecider {
        void decide(@Observes WriteIntent intent) {
            intent.decide(Precondition.NONE);
        }
    }

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class).addClasses(SecondDecider.class))
            .overrideConfigKey("quarkus.tool-fs.workspace.roots", "target");

    @Inject
    ToolRuntime runtime;

    @Test
    void theWriteFailsNamingBothObservers() throws Exception {
        Files.createDirectories(Path.of("target"));
        ToolResult r = runtime.execute("write", Map.of("file_path", "double-decision.txt", "content", "x"),
                ToolCall.session("double"));
        assertThat(r.isError()).isTrue();
        assertThat(r.text()).contains("fs/write-intent for ")
                .contains("was already decided by ")
                .containsAnyOf("dev.toolfs.policy.ObservationPolicy", "dev.toolfs.deployment.DoubleDecisionTest$SecondDecider")
                .contains("only one observer may decide a mutation");
        assertThat(r.text()).contains("ObservationPolicy").contains("SecondDecider");
        assertThat(Files.exists(Path.of("target/double-decision.txt"))).isFalse();
    }
}
