package dev.toolfs.tools;

/**
 * The {@code sandbox_permissions} argument of write and edit under a confining provider. The constants are named
 * exactly as the model writes them.
 */
public enum SandboxPermissions {
    /** Stay inside what the sandbox allows. */
    use_default,
    /** Ask for an approved exception, with a justification. */
    require_escalated
}
