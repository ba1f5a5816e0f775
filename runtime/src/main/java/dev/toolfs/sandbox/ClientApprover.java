package dev.toolfs.sandbox;

import java.util.Optional;

/** A transport's way to ask its client directly (MCP elicitation); empty when the client cannot be asked. */
@FunctionalInterface
public interface ClientApprover {

    ClientApprover NONE = request -> Optional.empty();

    Optional<ApprovalDecision> ask(ApprovalRequest request);
}
