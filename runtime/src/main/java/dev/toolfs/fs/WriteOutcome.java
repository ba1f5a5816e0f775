package dev.toolfs.fs;

/**
 * @param created true when the file did not exist before
 * @param before the previous content, or null when there was none or it was too large or not text
 * @param version the version now on disk
 */
public record WriteOutcome(boolean created, String before, FileVersion version) {
}
