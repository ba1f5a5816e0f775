package dev.toolfs.fs;

/** Whether a provider confines mutations beyond the workspace roots. */
public enum SandboxMode {
    /** Every path inside the workspace may be written. */
    OFF,
    /** Mutations are limited to writable roots; escalation can be requested. */
    WORKSPACE_WRITE
}
