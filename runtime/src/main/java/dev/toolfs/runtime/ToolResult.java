package dev.toolfs.runtime;

import java.util.List;
import java.util.Map;

import dev.toolfs.tools.ContentBlock;

/**
 * What a call returns to any transport.
 *
 * @param error the structured error, or null
 * @param metadata persisted presentation metadata (read-card, diff-card); empty on errors
 * @param canonical the execution-local canonical result, or null on errors
 */
public record ToolResult(List<ContentBlock> content, boolean isError, ToolError error, Map<String, Object> metadata,
        Object canonical) {

    public static ToolResult error(String message, ToolError error) {
        return new ToolResult(List.of(new ContentBlock.Text("Error: " + message)), true, error, Map.of(), null);
    }

    /** The text blocks joined, as most tests and text-only transports want them. */
    public String text() {
        StringBuilder sb = new StringBuilder();
        for (ContentBlock b : content) {
            if (b instanceof ContentBlock.Text t) {
                if (sb.length() > 0) {
                    sb.append('\n');
                }
                sb.append(t.text());
            }
        }
        return sb.toString();
    }
}
