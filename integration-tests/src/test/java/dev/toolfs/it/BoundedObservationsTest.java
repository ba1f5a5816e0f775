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

/** A session remembers at most sessions.max-observations files; one it forgot must be read again before an edit. */
@QuarkusTest
@TestProfile(BoundedObservationsTest.FewObservations.class)
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class BoundedObservationsTest {

    public static class FewObservations implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.tool-fs.sessions.max-observations", "2");
        }
    }

    @Inject
    ToolRuntime runtime;

    @Test
    void theOldestReadIsForgottenAndMustBeReadAgain() throws Exception {
        for (String name : new String[] { "one.txt", "two.txt", "three.txt" }) {
            Files.writeString(TempWorkspace.root.resolve(name), name + "\n");
        }
        InProcess tools = new InProcess(runtime, "bounded");
        tools.read("one.txt");
        tools.read("two.txt");
        tools.read("three.txt");
        assertThat(tools.edit("one.txt", "one", "1").text())
                .isEqualTo("Error: cannot edit \"one.txt\": it has not been read in this session — read the file, then retry");
        assertThat(tools.edit("three.txt", "three", "3").text()).isEqualTo("The file three.txt has been updated successfully.");
        tools.read("one.txt");
        assertThat(tools.edit("one.txt", "one", "1").text()).isEqualTo("The file one.txt has been updated successfully.");
    }
}
