package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.toolfs.config.ToolFsConfig.Mcp.MetadataPlacement;
import dev.toolfs.runtime.ToolError;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.tools.ContentBlock;

/** Where an MCP answer carries a result's presentation metadata, for each setting. */
class McpResultMetadataTest {

    private static final Map<String, Object> CARD = Map.of("kind", "read-card", "path", "a.txt");
    private static final ToolResult READ = new ToolResult(List.of(new ContentBlock.Text("<path>a.txt</path>…")), false,
            null, CARD, null);
    private static final ToolResult REFUSED = ToolResult.error("cannot edit \"a.txt\": …",
            new ToolError("FsError", "FS_NOT_OBSERVED"));
    private static final ToolResult PLAIN = new ToolResult(List.of(new ContentBlock.Text("done")), false, null,
            Map.of(), null);

    @Test
    void inMetaUnderThePrefixedKeysForEveryClient() {
        for (boolean asks : new boolean[] { false, true }) {
            assertThat(McpTexts.meta(READ, MetadataPlacement.META, asks)).isEqualTo(Map.of("dev.toolfs/metadata", CARD));
            assertThat(McpTexts.meta(REFUSED, MetadataPlacement.META, asks))
                    .isEqualTo(Map.of("dev.toolfs/error", Map.of("name", "FsError", "code", "FS_NOT_OBSERVED")));
            // Nothing to carry: no _meta at all.
            assertThat(McpTexts.meta(PLAIN, MetadataPlacement.META, asks)).isNull();
            assertThat(McpTexts.meta(ToolResult.error("boom", null), MetadataPlacement.META, asks)).isNull();
        }
        assertThat(McpTexts.structuredContent(READ, MetadataPlacement.META)).isNull();
        assertThat(McpTexts.structuredContent(REFUSED, MetadataPlacement.META)).isNull();
    }

    @Test
    void byDefaultTheCardsGoOnlyToAClientThatAsksForThem() {
        assertThat(McpTexts.meta(READ, MetadataPlacement.AUTO, true)).isEqualTo(Map.of("dev.toolfs/metadata", CARD));
        assertThat(McpTexts.meta(READ, MetadataPlacement.AUTO, false)).isNull();
        assertThat(McpTexts.meta(PLAIN, MetadataPlacement.AUTO, true)).isNull();
        // The error's name and code go to every client.
        for (boolean asks : new boolean[] { false, true }) {
            assertThat(McpTexts.meta(REFUSED, MetadataPlacement.AUTO, asks))
                    .isEqualTo(Map.of("dev.toolfs/error", Map.of("name", "FsError", "code", "FS_NOT_OBSERVED")));
        }
        assertThat(McpTexts.structuredContent(READ, MetadataPlacement.AUTO)).isNull();
        assertThat(McpTexts.structuredContent(REFUSED, MetadataPlacement.AUTO)).isNull();
    }

    @Test
    void aClientAsksByItsExperimentalCapability() {
        assertThat(McpTexts.asksForCards(Map.of("dev.toolfs/metadata", Map.of()))).isTrue();
        assertThat(McpTexts.asksForCards(Map.of("dev.toolfs/metadata", Map.of("any", 1), "other", 1))).isTrue();
        // As the HTTP library keeps an object.
        assertThat(McpTexts.asksForCards(Map.of("dev.toolfs/metadata", new io.vertx.core.json.JsonObject()))).isTrue();
        // MCP's experimental capabilities are objects: another value does not ask.
        assertThat(McpTexts.asksForCards(Map.of("dev.toolfs/metadata", false))).isFalse();
        assertThat(McpTexts.asksForCards(Map.of("dev.toolfs/metadata", true))).isFalse();
        assertThat(McpTexts.asksForCards(java.util.Collections.singletonMap("dev.toolfs/metadata", null))).isFalse();
        assertThat(McpTexts.asksForCards(Map.of("dev.toolfs/error", Map.of()))).isFalse();
        assertThat(McpTexts.asksForCards(Map.of())).isFalse();
        assertThat(McpTexts.asksForCards(null)).isFalse();
    }

    @Test
    void asStructuredContentWhenAsked() {
        assertThat(McpTexts.structuredContent(READ, MetadataPlacement.STRUCTURED_CONTENT)).isEqualTo(CARD);
        assertThat(McpTexts.structuredContent(REFUSED, MetadataPlacement.STRUCTURED_CONTENT))
                .isEqualTo(Map.of("error", Map.of("name", "FsError", "code", "FS_NOT_OBSERVED")));
        assertThat(McpTexts.meta(READ, MetadataPlacement.STRUCTURED_CONTENT, true)).isNull();
    }

    @Test
    void nowhereWhenLeftOut() {
        for (ToolResult r : List.of(READ, REFUSED, PLAIN)) {
            assertThat(McpTexts.meta(r, MetadataPlacement.NONE, true)).isNull();
            assertThat(McpTexts.structuredContent(r, MetadataPlacement.NONE)).isNull();
        }
    }
}
