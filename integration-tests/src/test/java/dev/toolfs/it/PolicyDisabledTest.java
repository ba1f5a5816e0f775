package dev.toolfs.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.toolfs.runtime.ToolRuntime;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/** With the policy off, write and edit are unconditional. */
@QuarkusTest
@TestProfile(PolicyDisabledTest.PolicyOff.class)
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class PolicyDisabledTest {

    public static class PolicyOff implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.tool-fs.policy.enabled", "false");
        }
    }

    @Inject
    ToolRuntime runtime;

    @Test
    void writeAndEditNeedNoRead() throws Exception {
        Files.writeString(TempWorkspace.root.resolve("free.txt"), "theirs\n");
        InProcess tools = new InProcess(runtime, "off");
        assertThat(tools.edit("free.txt", "theirs", "mine").text()).isEqualTo("The file free.txt has been updated successfully.");
        Files.writeString(TempWorkspace.root.resolve("free.txt"), "changed outside\n");
        assertThat(tools.write("free.txt", "overwritten\n").text()).contains("Updated file");
        assertThat(Files.readString(TempWorkspace.root.resolve("free.txt"))).isEqualTo("overwritten\n");
    }
}
