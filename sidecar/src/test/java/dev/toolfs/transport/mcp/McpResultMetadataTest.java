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
    void byDefaultInMetaUnderThePrefixedKeys() {
        assertThat(McpTexts.meta(READ, MetadataPlacement.META)).isEqualTo(Map.of("dev.toolfs/metadata", CARD));
        assertThat(McpTexts.meta(REFUSED, MetadataPlacement.META))
                .isEqualTo(Map.of("dev.toolfs/error", Map.of("name", "FsError", "code", "FS_NOT_OBSERVED")));
        assertThat(McpTexts.structuredContent(READ, MetadataPlacement.META)).isNull();
        assertThat(McpTexts.structuredContent(REFUSED, MetadataPlacement.META)).isNull();
        // Nothing to carry: no _meta at all.
        assertThat(McpTexts.meta(PLAIN, MetadataPlacement.META)).isNull();
        assertThat(McpTexts.meta(ToolResult.error("boom", null), MetadataPlacement.META)).isNull();
    }

    @Test
    void asStructuredContentWhenAsked() {
        assertThat(McpTexts.structuredContent(READ, MetadataPlacement.STRUCTURED_CONTENT)).isEqualTo(CARD);
        assertThat(McpTexts.structuredContent(REFUSED, MetadataPlacement.STRUCTURED_CONTENT))
                .isEqualTo(Map.of("error", Map.of("name", "FsError", "code", "FS_NOT_OBSERVED")));
        assertThat(McpTexts.meta(READ, MetadataPlacement.STRUCTURED_CONTENT)).isNull();
    }

    @Test
    void nowhereWhenLeftOut() {
        for (ToolResult r : List.of(READ, REFUSED, PLAIN)) {
            assertThat(McpTexts.meta(r, MetadataPlacement.NONE)).isNull();
            assertThat(McpTexts.structuredContent(r, MetadataPlacement.NONE)).isNull();
        }
    }
}
