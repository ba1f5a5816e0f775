package dev.toolfs.sandbox;

/**
 * Decides escalation requests. The default follows {@code quarkus.tool-fs.sandbox.approval}: {@code deny},
 * {@code approve}, or {@code ask} (a person decides through {@code GET/POST /approvals}, or the MCP client through an
 * elicitation); an application may provide its own bean.
 */
public interface ApprovalService {

    /** Blocks until the request is decided; never returns null. */
    ApprovalDecision decide(ApprovalRequest request, ClientApprover client);

    /**
     * As {@link #decide(ApprovalRequest, ClientApprover)}, for a call that can be cancelled meanwhile (the built-in
     * tools call this one). A service that waits should give up when {@code cancellation} says so; by default the
     * cancellation is not looked at.
     */
    default ApprovalDecision decide(ApprovalRequest request, ClientApprover client,
            dev.toolfs.fs.Cancellation cancellation) {
        return decide(request, client);
    }

    /**
     * False when this service denies every escalation: the sandbox's refusals then tell the model to leave the file,
     * rather than to ask for an exception that is always denied. True by default.
     */
    default boolean mayApprove() {
        return true;
    }
}
