package dev.toolfs.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;

/** A tool disabled by config disappears, its guidance stays; a session can be narrowed to some tools. */
@QuarkusTest
@TestProfile(ToolVisibilityTest.WriteDisabled.class)
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class ToolVisibilityTest {

    public static class WriteDisabled implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.tool-fs.tools.write.enabled", "false");
        }
    }

    @Test
    void aDisabledToolIsGoneButItsGuidanceStays() {
        JsonPath j = given().get("/tools").then().statusCode(200).extract().jsonPath();
        assertThat(j.getList("tools.name")).containsExactly("read", "read_image", "edit", "word_count");
        assertThat(j.getMap("guidance")).containsOnlyKeys("read", "write", "edit");
        given().contentType("application/json").body(Map.of("file_path", "x", "content", "y")).post("/tools/write")
                .then().statusCode(404).body("error", equalTo("unknown tool \"write\"; the tools are read, read_image, edit, word_count"));
    }

    @Test
    void aSessionCanBeNarrowedToSomeTools() throws Exception {
        JsonPath j = given().header("X-Session-Id", "narrow").header("X-Session-Tools", "read, word_count")
                .get("/tools").then().statusCode(200).extract().jsonPath();
        assertThat(j.getList("tools.name")).containsExactly("read", "word_count");
        assertThat(j.getMap("guidance")).containsOnlyKeys("read", "write", "edit");
        JsonPath r = given().header("X-Session-Id", "narrow").contentType("application/json")
                .body(Map.of("file_path", "a", "old_string", "b", "new_string", "c")).post("/tools/edit")
                .then().statusCode(200).extract().jsonPath();
        assertThat(r.getString("content[0].text"))
                .isEqualTo("Error: the edit tool is not available in this session; use one of read, word_count");
        assertThat(r.getString("error.code")).isEqualTo("TOOL_NOT_AVAILABLE");
        given().header("X-Session-Id", "typo").header("X-Session-Tools", "raed").get("/tools").then().statusCode(400)
                .body("error", org.hamcrest.Matchers.equalTo(
                        "X-Session-Tools names the unknown tool \"raed\"; the tools are read, read_image, edit, word_count"));
        // A request refused for another header (a session folder outside the workspace) leaves the session as it was.
        given().header("X-Session-Id", "refused").header("X-Session-Tools", "read").header("X-Session-Cwd", "/")
                .contentType("application/json").body(Map.of("file_path", "a")).post("/tools/read").then().statusCode(400);
        assertThat(given().header("X-Session-Id", "refused").get("/tools").jsonPath().getList("tools.name"))
                .containsExactly("read", "read_image", "edit", "word_count");
        // A session that may not read is not sent to read: it could only loop.
        java.nio.file.Files.writeString(TempWorkspace.root.resolve("kept.txt"), "b\n");
        JsonPath blind = given().header("X-Session-Id", "blind").header("X-Session-Tools", "edit")
                .contentType("application/json").body(Map.of("file_path", "kept.txt", "old_string", "b", "new_string", "c"))
                .post("/tools/edit").then().statusCode(200).extract().jsonPath();
        assertThat(blind.getString("content[0].text")).isEqualTo("Error: cannot edit \"kept.txt\": it has not been read in"
                + " this session — the read tool is not available in this session, and an existing file is changed only"
                + " after a read; do not retry, tell the user");
        assertThat(blind.getString("error.code")).isEqualTo("FS_NOT_OBSERVED");
        assertThat(java.nio.file.Files.readString(TempWorkspace.root.resolve("kept.txt"))).isEqualTo("b\n");
        // Other sessions see every enabled tool.
        assertThat(given().header("X-Session-Id", "wide").get("/tools").jsonPath().getList("tools.name"))
                .containsExactly("read", "read_image", "edit", "word_count");
    }
}
