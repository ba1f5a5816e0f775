package dev.toolfs.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;

/**
 * Where every escalation is denied (quarkus.tool-fs.sandbox.approval=deny), the sandbox's refusal says to leave the
 * file, and comes before "read it first": found by black-box testing, the model was sent to read the file, then to
 * retry escalated, and that retry was always denied.
 */
@QuarkusTest
@TestProfile(SandboxDenyModeTest.DenyMode.class)
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class SandboxDenyModeTest {

    public static class DenyMode implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.tool-fs.sandbox.mode", "workspace-write",
                    "quarkus.tool-fs.sandbox.approval", "deny");
        }
    }

    private static JsonPath call(String tool, Map<String, Object> body) {
        return given().contentType("application/json").header("X-Session-Id", "deny-mode").body(body)
                .post("/tools/" + tool).then().statusCode(200).extract().jsonPath();
    }

    @Test
    void aProtectedPathIsRefusedForGoodAtOnce() throws Exception {
        Path config = TempWorkspace.root.resolve(".git/config");
        Files.createDirectories(config.getParent());
        Files.writeString(config, "[core]\n");
        String expected = "Error: cannot write \".git/config\": the sandbox does not allow changes here (it is a"
                + " protected path (.git/**)), and no exception can be approved here; leave the file as it is, or ask the"
                + " user to change it";
        // Unread: not sent to read it first.
        JsonPath unread = call("write", Map.of("file_path", ".git/config", "content", "x\n"));
        assertThat(unread.getString("error.code")).isEqualTo("FS_SANDBOX_DENIED");
        assertThat(unread.getString("content[0].text")).isEqualTo(expected);
        // Asked escalated: the same, as nobody could approve it.
        JsonPath escalated = call("write", Map.of("file_path", ".git/config", "content", "x\n",
                "sandbox_permissions", "require_escalated", "justification", "needed"));
        assertThat(escalated.getString("content[0].text")).isEqualTo(expected);
        // An edit, unread (its read-before-write check throws at once, before any look at the file) or read.
        Map<String, Object> edit = Map.of("file_path", ".git/config", "old_string", "[core]", "new_string", "[x]");
        assertThat(call("edit", edit).getString("content[0].text")).isEqualTo(expected.replace("cannot write", "cannot edit"));
        call("read", Map.of("file_path", ".git/config"));
        assertThat(call("edit", edit).getString("content[0].text")).isEqualTo(expected.replace("cannot write", "cannot edit"));
        assertThat(call("edit", Map.of("file_path", ".git/missing", "old_string", "a", "new_string", "b"))
                .getString("content[0].text")).isEqualTo(expected.replace("cannot write \".git/config\"",
                        "cannot edit \".git/missing\""));
        assertThat(Files.readString(config)).isEqualTo("[core]\n");
        // Elsewhere nothing changes.
        assertThat(call("write", Map.of("file_path", "free.txt", "content", "x\n")).getBoolean("is_error")).isFalse();
    }
}
