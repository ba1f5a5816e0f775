package dev.toolfs.tools;

import jakarta.validation.constraints.NotBlank;

/** Arguments of {@code read_image}. */
public record ReadImageArgs(
        @Description("The path of the PNG, JPEG, WebP or GIF file to look at, absolute or relative to the session's working folder.")
        @NotBlank(message = "file_path must be a non-empty string") String filePath) {
}
