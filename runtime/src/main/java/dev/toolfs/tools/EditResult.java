package dev.toolfs.tools;

/** Canonical result of {@code edit}, as the model reads the text (LF endings, no BOM). */
public record EditResult(String path, String before, String after) {
}
