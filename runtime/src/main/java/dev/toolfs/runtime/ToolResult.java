package dev.toolfs.runtime;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

import dev.toolfs.tools.ContentBlock;

/**
 * What a call returns to any transport.
 *
 * @param error the structured error, or null
 * @param metadata persisted presentation metadata (read-card, diff-card); empty on errors
 * @param canonical the execution-local canonical result, or null on errors
 * @param held what the content holds until it is sent (an image's share of memory), given back by {@link #release}
 */
public record ToolResult(List<ContentBlock> content, boolean isError, ToolError error, Map<String, Object> metadata,
        Object canonical, Runnable held) {

    public ToolResult {
        if (held != null) {
            // Given back once, however many places release it.
            Runnable once = held;
            java.util.concurrent.atomic.AtomicBoolean given = new java.util.concurrent.atomic.AtomicBoolean();
            held = () -> {
                if (given.compareAndSet(false, true)) {
                    once.run();
                }
            };
        }
    }

    public ToolResult(List<ContentBlock> content, boolean isError, ToolError error, Map<String, Object> metadata,
            Object canonical) {
        this(content, isError, error, metadata, canonical, null);
    }

    /**
     * Gives back what the content holds, once the transport has written the answer (or dropped it): an image's memory
     * room is held until then, as its bytes are, several times over, while they are encoded and sent. Every transport
     * calls it, in a finally; more calls do nothing.
     */
    public void release() {
        if (held != null) {
            held.run();
        }
    }

    public static ToolResult error(String message, ToolError error) {
        return new ToolResult(List.of(new ContentBlock.Text("Error: " + message)), true, error, Map.of(), null);
    }

    /**
     * The content in a protocol's own types: each text block through {@code text}, each image that carries its bytes
     * through {@code image} (base64 data, media type). An image stored without its bytes is left out.
     */
    public <T> List<T> content(Function<String, T> text, BiFunction<String, String, T> image) {
        List<T> out = new ArrayList<>(content.size());
        for (ContentBlock b : content) {
            if (b instanceof ContentBlock.Text t) {
                out.add(text.apply(t.text()));
            } else if (b instanceof ContentBlock.Image i && i.data() != null) {
                out.add(image.apply(Base64.getEncoder().encodeToString(i.data()), i.mediaType()));
            }
        }
        return out;
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
