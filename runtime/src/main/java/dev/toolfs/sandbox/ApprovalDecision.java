package dev.toolfs.sandbox;

/** The answer to an {@link ApprovalRequest}: approved or not, and why (shown to the model when denied). */
public record ApprovalDecision(boolean approved, String reason) {

    public static ApprovalDecision approve(String reason) {
        return new ApprovalDecision(true, reason);
    }

    public static ApprovalDecision deny(String reason) {
        return new ApprovalDecision(false, reason);
    }

    /** The denial of a request nobody decided in time. */
    public static ApprovalDecision noDecisionWithin(java.time.Duration timeout) {
        return deny("no decision within " + shown(timeout));
    }

    /** A limit as it would be configured: {@code 2m}, {@code 90s}, {@code 500ms}, {@code 1h}. */
    public static String shown(java.time.Duration d) {
        long ms = d.toMillis();
        if (ms % 1000 != 0) {
            return ms + "ms";
        }
        long s = ms / 1000;
        return s >= 3600 && s % 3600 == 0 ? s / 3600 + "h" : s >= 60 && s % 60 == 0 ? s / 60 + "m" : s + "s";
    }

    /** The denial of a request whose call was cancelled while it waited. */
    public static ApprovalDecision cancelledWhileWaiting() {
        return deny("the call was cancelled while waiting for a decision");
    }
}
