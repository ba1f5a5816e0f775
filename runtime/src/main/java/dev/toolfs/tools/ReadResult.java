package dev.toolfs.tools;

import java.util.List;

/** Canonical result of {@code read}; {@code totalLines} is null when a capped window of a huge file did not count. */
public record ReadResult(String path, long offset, List<ReadRender.NumberedLine> lines, Long totalLines) {
}
