package dev.toolfs.it;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;

/** The app's own tool and its own gate observer, in-process and over REST. */
@QuarkusTest
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class AppToolAndGateTest {

    @Inject
    ToolRuntime runtime;

    @Test
    void theAppToolIsInTheCatalogAfterTheBuiltInOnes() {
        JsonPath j = given().get("/tools").then().statusCode(200).extract().jsonPath();
        assertThat(j.getList("tools.name")).containsExactly("read", "read_image", "write", "edit", "word_count");
        assertThat(j.getString("tools[4].input_schema.properties.file_path.description"))
                .isEqualTo("The text file whose words to count.");
    }

    @Test
    void theAppToolRunsThroughTheSameRuntime() throws Exception {
        Files.writeString(TempWorkspace.root.resolve("words.txt"), "one two  three\nfour\n");
        ToolResult r = runtime.execute("word_count", Map.of("file_path", "words.txt"), ToolCall.session("wc"));
        assertThat(r.text()).isEqualTo("words.txt: 4 words");
        given().contentType("application/json").body(Map.of("file_path", "words.txt")).post("/tools/word_count")
                .then().statusCode(200).body("content[0].text", equalTo("words.txt: 4 words"));
        // Validation, confinement and error normalization are the runtime's, not the tool's.
        ToolResult bad = runtime.execute("word_count", Map.of(), ToolCall.session("wc"));
        assertThat(bad.text()).isEqualTo("Error: file_path must be a non-empty string");
        ToolResult outside = runtime.execute("word_count", Map.of("file_path", "/etc/hostname"), ToolCall.session("wc"));
        assertThat(outside.error().code()).isEqualTo("FS_OUTSIDE_WORKSPACE");
    }

    @Test
    void anObserverThatFailsAfterAChangeSaysTheChangeWasMade() throws Exception {
        // Found in a review: the message said the call "may be retried", though the file was written.
        InProcess tools = new InProcess(runtime, "audit");
        ToolResult r = tools.write("audited.txt", "kept\n");
        assertThat(r.error().code()).isEqualTo("INTERNAL");
        assertThat(r.text()).isEqualTo("Error: write changed \"audited.txt\", but an observer of the change failed"
                + " (IllegalStateException: the audit log is full); do not repeat the change: read the file, then go on"
                + " from what it holds");
        assertThat(Files.readString(TempWorkspace.root.resolve("audited.txt"))).isEqualTo("kept\n");
    }

    @Test
    void theAppsGateObserverRefusesProtectedFilesWithoutTouchingTheTools() throws Exception {
        Files.writeString(TempWorkspace.root.resolve(".env"), "TOKEN=1\n");
        InProcess tools = new InProcess(runtime, "gate");
        assertThat(tools.read(".env").isError()).isFalse();
        ToolResult r = tools.edit(".env", "TOKEN=1", "TOKEN=2");
        assertThat(r.text()).isEqualTo("Error: cannot edit \".env\": this application protects .env from changes by models; leave it as it is");
        assertThat(r.error().code()).isEqualTo("FS_SANDBOX_DENIED");
        assertThat(tools.write("secrets.properties", "x").error().code()).isEqualTo("FS_SANDBOX_DENIED");
        assertThat(Files.readString(TempWorkspace.root.resolve(".env"))).isEqualTo("TOKEN=1\n");
        assertThat(Files.exists(TempWorkspace.root.resolve("secrets.properties"))).isFalse();
        assertThat(List.of(tools.write("allowed.txt", "ok").isError())).containsExactly(false);
    }
}
