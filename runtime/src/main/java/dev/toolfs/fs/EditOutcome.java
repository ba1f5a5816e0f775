package dev.toolfs.fs;

/**
 * @param before the content before the edit, as the model reads it (no BOM)
 * @param after the content after the edit, as the model reads it (no BOM)
 * @param replacements how many spans were replaced
 * @param version the version now on disk
 * @param changed where {@code before} and {@code after} differ, at most
 */
public record EditOutcome(String before, String after, int replacements, FileVersion version, ChangedSpan changed) {
}
