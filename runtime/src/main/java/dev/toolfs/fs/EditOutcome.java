package dev.toolfs.fs;

/**
 * @param before the content before the edit, as the model reads it (no BOM)
 * @param after the content after the edit, as the model reads it (no BOM)
 * @param replacements how many spans were replaced
 * @param version the version now on disk
 * @param changed where {@code before} and {@code after} differ, at most, or null when not known
 * @param shapeBefore the line endings before, when the edit made a CRLF of a CR and an LF (which the texts as read do
 *        not show), else null
 * @param shapeAfter the line endings after, when {@code shapeBefore} is given, else null
 */
public record EditOutcome(String before, String after, int replacements, FileVersion version, ChangedSpan changed,
        TextShape shapeBefore, TextShape shapeAfter) {
}
