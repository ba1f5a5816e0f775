package dev.toolfs.tools;

/** Canonical result of {@code write}: operation is {@code create} or {@code update}. */
public record WriteResult(String path, String operation, String before, String after) {
}
