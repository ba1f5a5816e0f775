package dev.toolfs.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;

/**
 * The sandbox together with the read-before-write policy: the policy speaks first, so a model is told to read a file
 * before it is told about the sandbox, and nobody is asked to approve a write that would be refused anyway.
 */
@QuarkusTest
@TestProfile(SandboxWithPolicyTest.ConfinedWithPolicy.class)
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class SandboxWithPolicyTest {

    public static class ConfinedWithPolicy implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.tool-fs.sandbox.mode", "workspace-write",
                    "quarkus.tool-fs.sandbox.approval", "ask",
                    "quarkus.tool-fs.sandbox.approval-timeout", "30s");
        }
    }

    private static JsonPath call(String tool, String session, Map<String, String> args) {
        return given().contentType("application/json").header("X-Session-Id", session).body(args)
                .post("/tools/" + tool).then().statusCode(200).extract().jsonPath();
    }

    private static JsonPath write(String session, String path, boolean escalate) {
        Map<String, String> args = new HashMap<>(Map.of("file_path", path, "content", "changed\n"));
        if (escalate) {
            args.put("sandbox_permissions", "require_escalated");
            args.put("justification", "the hook must change");
        }
        return call("write", session, args);
    }

    @Test
    void anUnreadProtectedFileIsFirstOfAllUnread() throws Exception {
        Path config = TempWorkspace.root.resolve(".git/config");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "original\n");
        String notRead = "Error: cannot write \".git/config\": the file exists but has not been read in this session — read the file, then retry";

        JsonPath plain = write("unread", ".git/config", false);
        assertThat(plain.getString("content[0].text")).isEqualTo(notRead);
        assertThat(plain.getString("error.code")).isEqualTo("FS_NOT_OBSERVED");

        // Escalated: refused without asking anyone (asked, the call would end 30 s later as a denial, unanswered).
        JsonPath escalated = write("unread", ".git/config", true);
        assertThat(escalated.getString("content[0].text")).isEqualTo(notRead);
        assertThat(given().get("/approvals").jsonPath().getList("approvals")).isEmpty();
        assertThat(Files.readString(config)).isEqualTo("original\n");

        // Once read, the sandbox speaks.
        call("read", "unread", Map.of("file_path", ".git/config"));
        assertThat(write("unread", ".git/config", false).getString("error.code")).isEqualTo("FS_SANDBOX_DENIED");
        assertThat(Files.readString(config)).isEqualTo("original\n");
    }

    @Test
    void aFileChangedOrDeletedSinceItWasReadIsStaleBeforeAnyoneIsAsked() throws Exception {
        // Found by an adversarial test: a person was asked, and the approved change then failed as stale.
        Path hook = TempWorkspace.root.resolve(".git/hooks/pre-push");
        Files.createDirectories(hook.getParent());
        Files.writeString(hook, "one\n");
        call("read", "stale", Map.of("file_path", ".git/hooks/pre-push"));
        Files.writeString(hook, "two, by someone else\n");
        long start = System.nanoTime();
        JsonPath changed = write("stale", ".git/hooks/pre-push", true);
        assertThat(changed.getString("error.code")).isEqualTo("FS_STALE_VERSION");
        Map<String, String> edit = new HashMap<>(Map.of("file_path", ".git/hooks/pre-push", "old_string", "two",
                "new_string", "three", "sandbox_permissions", "require_escalated", "justification", "the hook must change"));
        assertThat(call("edit", "stale", edit).getString("error.code")).isEqualTo("FS_STALE_VERSION");
        Files.delete(hook);
        assertThat(call("edit", "stale", edit).getString("error.code")).isEqualTo("FS_STALE_VERSION");
        // Nobody was asked: an asked call waits for a decision (30 s here) before it can fail at all.
        assertThat(System.nanoTime() - start).isLessThan(java.util.concurrent.TimeUnit.SECONDS.toNanos(15));
        assertThat(hook).doesNotExist();
    }
}
