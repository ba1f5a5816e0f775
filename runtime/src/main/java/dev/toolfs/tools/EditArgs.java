package dev.toolfs.tools;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;

/** Arguments of {@code edit}. */
public record EditArgs(
        @Description("The path of the file to edit, absolute or relative to the session's working folder.")
        @NotBlank(message = "file_path must be a non-empty string") String filePath,
        @Description("The exact text to replace, copied from the file without the line-number prefixes of read.")
        @NotEmpty(message = "old_string must be a non-empty string") String oldString,
        @Description("The text to put in its place; it must differ from old_string.")
        @NotNull(message = "new_string must be a string") String newString,
        @Description(value = "Replace every occurrence of old_string instead of requiring exactly one.", defaultValue = "false")
        Boolean replaceAll,
        @ConfinedOnly
        @Description(value = "use_default to stay inside the sandbox; require_escalated to ask for an exception (give a justification).", defaultValue = "\"use_default\"")
        SandboxPermissions sandboxPermissions,
        @ConfinedOnly
        @Description("Why the change needs an exception to the sandbox; required with require_escalated, shown to the person who approves it.")
        String justification) {

    /** Checked only once both strings are present, so a missing one reports its own message. */
    @AssertTrue(message = "old_string and new_string must differ")
    public boolean isDistinct() {
        return oldString == null || newString == null || oldString.isEmpty() || !oldString.equals(newString);
    }

    public boolean replaceAllOrDefault() {
        return replaceAll != null && replaceAll;
    }
}
