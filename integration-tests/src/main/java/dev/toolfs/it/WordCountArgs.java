package dev.toolfs.it;

import jakarta.validation.constraints.NotBlank;

import dev.toolfs.tools.Description;

/** Arguments of the app's own tool. */
public record WordCountArgs(
        @Description("The text file whose words to count.")
        @NotBlank(message = "file_path must be a non-empty string") String filePath) {
}
