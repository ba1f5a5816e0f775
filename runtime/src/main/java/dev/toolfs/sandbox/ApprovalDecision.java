package dev.toolfs.sandbox;

/** The answer to an {@link ApprovalRequest}: approved or not, and why (shown to the model when denied). */
public record ApprovalDecision(boolean approved, String reason) {

    public static ApprovalDecision approve(String reason) {
        return new ApprovalDecision(true, reason);
    }

    public static ApprovalDecision deny(String reason) {
        return new ApprovalDecision(false, reason);
    }
}
