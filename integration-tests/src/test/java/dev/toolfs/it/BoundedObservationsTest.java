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
            return Map.of("quarkus.tool-fs.sessions.max-observations", "2",
                    "quarkus.tool-fs.sessions.observations-memory", "64K");
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

    /**
     * All sessions' records share sessions.observations-memory: sessions probing long paths let go of their own
     * records, and a session that read one file can still edit it.
     */
    @Test
    void sessionsProbingLongPathsDoNotPushOutAnotherSessionsRead() throws Exception {
        Files.writeString(TempWorkspace.root.resolve("kept.txt"), "kept\n");
        InProcess keeper = new InProcess(runtime, "keeper");
        keeper.read("kept.txt");
        String deep = ("d".repeat(200) + "/").repeat(14);
        for (int s = 0; s < 20; s++) {
            InProcess prober = new InProcess(runtime, "prober-" + s);
            for (int i = 0; i < 2; i++) {
                assertThat(prober.read(deep + "missing-" + s + "-" + i + ".txt").error().code()).isEqualTo("FS_NOT_FOUND");
            }
        }
        assertThat(keeper.edit("kept.txt", "kept", "still kept").text())
                .isEqualTo("The file kept.txt has been updated successfully.");
        // Most of the probers' records went: 64 KiB holds at most 11 of these paths (about 5,900 bytes each). An edit of
        // a path a session saw missing says not found; of one it let go, that it was not read.
        int forgotten = 0;
        for (int s = 0; s < 20; s++) {
            InProcess prober = new InProcess(runtime, "prober-" + s);
            for (int i = 0; i < 2; i++) {
                String code = prober.edit(deep + "missing-" + s + "-" + i + ".txt", "a", "b").error().code();
                assertThat(code).isIn("FS_NOT_FOUND", "FS_NOT_OBSERVED");
                forgotten += code.equals("FS_NOT_OBSERVED") ? 1 : 0;
            }
        }
        assertThat(forgotten).isBetween(29, 39);
    }
}
