package dev.toolfs.runtime;

/** Where the runtime reports each call; the default reports nowhere, Micrometer is used when the app has it. */
public interface ToolMetrics {

    /**
     * @param tool the tool's name
     * @param outcome {@code ok}, or the error code ({@code FS_STALE_VERSION}, {@code INVALID_ARGUMENT}, …)
     * @param nanos how long the call took
     */
    void record(String tool, String outcome, long nanos);
}
