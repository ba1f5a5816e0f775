package dev.toolfs.tools;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

/** Arguments of {@code write}. */
public record WriteArgs(
        @Description("The path of the file to create or replace, absolute or relative to the session's working folder.")
        @NotBlank(message = "file_path must be a non-empty string") String filePath,
        @Description("The complete new content of the file.")
        @NotNull(message = "content must be a string") String content,
        @ConfinedOnly
        @Description(value = "use_default to stay inside the sandbox; require_escalated to ask for an exception (give a justification).", defaultValue = "\"use_default\"")
        SandboxPermissions sandboxPermissions,
        @ConfinedOnly
        @Description("Why the change needs an exception to the sandbox; required with require_escalated, shown to the person who approves it.")
        String justification) {
}
