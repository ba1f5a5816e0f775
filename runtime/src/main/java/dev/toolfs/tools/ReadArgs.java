package dev.toolfs.tools;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;

/** Arguments of {@code read}; offset and limit are longs so that any number a model sends is judged by its value. */
public record ReadArgs(
        @Description("The path of the file to read, absolute or relative to the session's working folder.")
        @NotBlank(message = "file_path must be a non-empty string") String filePath,
        @Description(value = "The line number to start reading from (1-based). Use it with limit to page through a large file.", defaultValue = "1")
        @Min(value = 1, message = "offset must be greater than or equal to 1") Long offset,
        @Description("The number of lines to read. Defaults to, and may not exceed, the read limit (2000 by default).")
        @Min(value = 1, message = "limit must be greater than or equal to 1") Long limit) {
}
