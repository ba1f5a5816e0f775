package dev.toolfs.gates;

import dev.toolfs.fs.FileVersion;
import dev.toolfs.fs.ResolvedPath;

/**
 * The {@code fs/observed} event: a tool call succeeded and the session has now seen {@link #path()} at
 * {@link #version()}, or confirmed it absent ({@code version == null}). Fired synchronously after the success;
 * observers must be quick, side-effect-only recorders: one that throws turns the call into an error result.
 */
public record FsObserved(Execution execution, ResolvedPath path, FileVersion version) {

    public boolean absent() {
        return version == null;
    }
}
