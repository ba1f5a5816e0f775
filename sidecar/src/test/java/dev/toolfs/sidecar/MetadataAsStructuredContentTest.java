package dev.toolfs.sidecar;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;

/** {@code quarkus.tool-fs.mcp.presentation-metadata=structured-content}: the card as the result's structuredContent. */
@QuarkusTest
@TestProfile(MetadataAsStructuredContentTest.AsStructuredContent.class)
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class MetadataAsStructuredContentTest {

    public static class AsStructuredContent implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.tool-fs.mcp.presentation-metadata", "structured-content");
        }
    }

    @Test
    void theCardAndTheErrorAreTheStructuredContent() throws Exception {
        Files.writeString(TempWorkspace.root.resolve("s.txt"), "one\n");
        McpClient mcp = McpClient.connect();
        JsonPath read = mcp.call("read", Map.of("file_path", "s.txt"));
        assertThat(read.getString("result.content[0].text"))
                .isEqualTo("<path>s.txt</path>\n<type>file</type>\n<content>\n1: one\n\n(End of file - total 1 lines)\n</content>");
        assertThat(read.getString("result.structuredContent.kind")).isEqualTo("read-card");
        assertThat(read.getList("result.structuredContent.lines")).isEqualTo(java.util.List.of(Map.of("number", 1, "text", "one")));
        assertThat(read.getMap("result")).doesNotContainKey("_meta");

        JsonPath refused = mcp.call("edit", Map.of("file_path", "unseen.txt", "old_string", "a", "new_string", "b"));
        assertThat(refused.getBoolean("result.isError")).isTrue();
        assertThat(refused.getMap("result.structuredContent.error")).isEqualTo(Map.of("name", "FsError", "code", "FS_NOT_OBSERVED"));
    }
}
