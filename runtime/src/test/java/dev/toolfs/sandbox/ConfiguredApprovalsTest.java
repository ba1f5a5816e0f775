package dev.toolfs.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

/** A request waiting for a person goes when its call is cancelled, instead of waiting out the timeout. */
class ConfiguredApprovalsTest {

    private static ApprovalRequest request(String id) {
        return new ApprovalRequest(id, "s1", "write", ".git/x", "it is a protected path (.git/**)", "needed", Instant.now(),
                ApprovalRequest.Change.write("x"));
    }

    @Test
    void aCancelledCallWithdrawsItsRequest() throws Exception {
        ConfiguredApprovals approvals = new ConfiguredApprovals(ConfiguredApprovals.Mode.ASK, Duration.ofMinutes(2));
        AtomicBoolean cancelled = new AtomicBoolean();
        CompletableFuture<ApprovalDecision> decision = CompletableFuture.supplyAsync(
                () -> approvals.decide(request("r1"), ClientApprover.NONE, cancelled::get));
        for (int i = 0; i < 100 && approvals.pending().isEmpty(); i++) {
            Thread.sleep(20);
        }
        assertThat(approvals.pending()).extracting(ApprovalRequest::id).containsExactly("r1");
        cancelled.set(true);
        ApprovalDecision d = decision.get(10, TimeUnit.SECONDS);
        assertThat(d.approved()).isFalse();
        assertThat(d.reason()).isEqualTo("the call was cancelled while waiting for a decision");
        assertThat(approvals.pending()).isEmpty();
        assertThat(approvals.resolve("r1", ApprovalDecision.approve("too late"))).isFalse();
    }

    @Test
    void aDecisionStillArrivesWhileTheCallRuns() throws Exception {
        ConfiguredApprovals approvals = new ConfiguredApprovals(ConfiguredApprovals.Mode.ASK, Duration.ofMinutes(2));
        CompletableFuture<ApprovalDecision> decision = CompletableFuture.supplyAsync(
                () -> approvals.decide(request("r2"), ClientApprover.NONE, () -> false));
        for (int i = 0; i < 100 && approvals.pending().isEmpty(); i++) {
            Thread.sleep(20);
        }
        assertThat(approvals.resolve("r2", ApprovalDecision.approve("fine"))).isTrue();
        assertThat(decision.get(10, TimeUnit.SECONDS).approved()).isTrue();
    }

    @Test
    void whatTheModelWroteIsLoggedAsOnePlainLine() {
        // Found by an adversarial test: a justification with a line break and a terminal escape forged a log line.
        org.assertj.core.api.Assertions.assertThat(ConfiguredApprovals.logged(
                "ok\n2025-01-01 INFO sandbox escalation approved\u001b[31m \"q\" \\ \u009b\u2028"))
                .isEqualTo("ok\\u000a2025-01-01 INFO sandbox escalation approved\\u001b[31m \\\"q\\\" \\\\ \\u009b\\u2028");
    }
}
