package dev.toolfs.runtime;

/** The structured part of an error result: e.g. {@code { "FsError", "FS_STALE_VERSION" }}. */
public record ToolError(String name, String code) {

    public static final ToolError VALIDATION = new ToolError("ValidationError", "INVALID_ARGUMENT");
}
