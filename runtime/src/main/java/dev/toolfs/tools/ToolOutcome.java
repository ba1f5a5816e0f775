package dev.toolfs.tools;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A successful tool call.
 *
 * @param content what the model sees
 * @param canonical the execution-local result value (not persisted)
 * @param metadata the persisted presentation metadata derived from it (read-card, diff-card), may be empty
 * @param release gives back what the content holds until it is sent (an image's memory room); run once, by the
 *        transport, when the answer is written or dropped
 */
public record ToolOutcome(List<ContentBlock> content, Object canonical, Map<String, Object> metadata, Runnable release) {

    public ToolOutcome(List<ContentBlock> content, Object canonical, Map<String, Object> metadata) {
        this(content, canonical, metadata, null);
    }

    public static ToolOutcome text(String text) {
        return new ToolOutcome(List.of(new ContentBlock.Text(text)), null, Map.of());
    }

    public static ToolOutcome text(String text, Object canonical, Map<String, Object> metadata) {
        return new ToolOutcome(List.of(new ContentBlock.Text(text)), canonical, metadata);
    }

    /** A text outcome whose metadata is made only when a transport or an observer first looks at it. */
    public static ToolOutcome text(String text, Object canonical, Supplier<Map<String, Object>> metadata) {
        return new ToolOutcome(List.of(new ContentBlock.Text(text)), canonical, new DeferredCard(metadata));
    }
}
