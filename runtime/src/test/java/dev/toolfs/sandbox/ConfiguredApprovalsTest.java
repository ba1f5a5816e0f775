package dev.toolfs.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
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
    void aWithdrawnRequestIsDecidedAtOnceAndNoLongerListed() throws Exception {
        ConfiguredApprovals approvals = new ConfiguredApprovals(ConfiguredApprovals.Mode.ASK, Duration.ofMinutes(2));
        CompletableFuture<ApprovalDecision> taken = CompletableFuture.supplyAsync(
                () -> approvals.decide(request("w1"), ClientApprover.NONE, () -> false));
        ApprovalRequest other = new ApprovalRequest("w2", "s2", "write", ".git/y", "it is a protected path (.git/**)",
                "needed", Instant.now(), ApprovalRequest.Change.write("y"));
        CompletableFuture<ApprovalDecision> kept = CompletableFuture.supplyAsync(
                () -> approvals.decide(other, ClientApprover.NONE, () -> false));
        for (int i = 0; i < 100 && approvals.pending().size() < 2; i++) {
            Thread.sleep(20);
        }
        approvals.withdraw(r -> r.sessionId().equals("s1"), r -> ApprovalDecision.deny("the " + r.tool() + " tool was taken"));
        ApprovalDecision d = taken.get(10, TimeUnit.SECONDS);
        assertThat(d.approved()).isFalse();
        assertThat(d.reason()).isEqualTo("the write tool was taken");
        assertThat(approvals.pending()).extracting(ApprovalRequest::id).containsExactly("w2");
        assertThat(approvals.resolve("w1", ApprovalDecision.approve("too late"))).isFalse();
        assertThat(kept).isNotDone();
        assertThat(approvals.resolve("w2", ApprovalDecision.approve("fine"))).isTrue();
        assertThat(kept.get(10, TimeUnit.SECONDS).approved()).isTrue();
    }

    /**
     * Found by black-box testing: a decision sent as the wait timed out was answered 200, and dropped. Here it comes
     * between the wait's end and the timeout's decision, the moment the race hit.
     */
    @Test
    void aDecisionAcceptedAsTheWaitTimesOutIsTheOneTaken() {
        ConfiguredApprovals approvals = new ConfiguredApprovals(ConfiguredApprovals.Mode.ASK, Duration.ofSeconds(1));
        dev.toolfs.fs.Cancellation decidedAtTheDeadline = new dev.toolfs.fs.Cancellation() {
            @Override
            public boolean isCancelled() {
                return false;
            }

            @Override
            public <T> T await(java.util.concurrent.Future<T> result, Duration limit)
                    throws java.util.concurrent.TimeoutException {
                assertThat(approvals.resolve("r3", ApprovalDecision.approve("just in time"))).isTrue();
                throw new java.util.concurrent.TimeoutException();
            }
        };
        ApprovalDecision d = approvals.decide(request("r3"), ClientApprover.NONE, decidedAtTheDeadline);
        assertThat(d.approved()).isTrue();
        assertThat(d.reason()).isEqualTo("just in time");
        // Timed out with no decision: one sent after that is refused (404), not taken and dropped.
        ConfiguredApprovals late = new ConfiguredApprovals(ConfiguredApprovals.Mode.ASK, Duration.ofMillis(1));
        assertThat(late.decide(request("r4"), ClientApprover.NONE, dev.toolfs.fs.Cancellation.NONE).reason())
                .isEqualTo("no decision within 1ms");
        assertThat(late.resolve("r4", ApprovalDecision.approve("late"))).isFalse();
    }

    @Test
    void whatTheModelWroteIsLoggedAsOnePlainLine() {
        // Found by an adversarial test: a justification with a line break and a terminal escape forged a log line.
        org.assertj.core.api.Assertions.assertThat(ConfiguredApprovals.logged(
                "ok\n2025-01-01 INFO sandbox escalation approved\u001b[31m \"q\" \\ \u009b\u2028"))
                .isEqualTo("ok\\u000a2025-01-01 INFO sandbox escalation approved\\u001b[31m \\\"q\\\" \\\\ \\u009b\\u2028");
    }

    @Test
    void aPathThatTurnsTextAroundIsLoggedAsItIs() {
        // Found by black-box testing: a right-to-left override in a path made the log line read otherwise.
        assertThat(ConfiguredApprovals.logged("a\u202Etxt.exe\u2066\u200F")).isEqualTo("a\\u202etxt.exe\\u2066\\u200f");
    }

    /** Found by black-box testing: 250 escalations held every worker thread for the whole approval timeout. */
    @Test
    void beyondThirtyTwoWaitingAnEscalationIsDeniedAtOnceAndTheRoomComesBack() throws Exception {
        ConfiguredApprovals approvals = new ConfiguredApprovals(ConfiguredApprovals.Mode.ASK, Duration.ofMinutes(2));
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(ConfiguredApprovals.MAX_WAITING);
        try {
            java.util.List<CompletableFuture<ApprovalDecision>> held = new java.util.ArrayList<>();
            for (int i = 0; i < ConfiguredApprovals.MAX_WAITING; i++) {
                String id = "w" + i;
                held.add(CompletableFuture.supplyAsync(() -> approvals.decide(request(id), ClientApprover.NONE, () -> false), pool));
            }
            for (int i = 0; i < 250 && approvals.pending().size() < ConfiguredApprovals.MAX_WAITING; i++) {
                Thread.sleep(20);
            }
            assertThat(approvals.pending()).hasSize(ConfiguredApprovals.MAX_WAITING);
            ApprovalDecision refused = approvals.decide(request("one-more"), ClientApprover.NONE, () -> false);
            assertThat(refused.approved()).isFalse();
            assertThat(refused.reason()).isEqualTo("too many changes are already waiting for a decision (32); retry once the"
                    + " user has decided those");
            assertThat(approvals.pending()).extracting(ApprovalRequest::id).doesNotContain("one-more");
            // A client asked directly waits too, and counts the same.
            ApprovalDecision asked = approvals.decide(request("asked"), r -> Optional.of(ApprovalDecision.approve("yes")),
                    () -> false);
            assertThat(asked.reason()).isEqualTo(refused.reason());
            // One decided: room for the next.
            assertThat(approvals.resolve("w0", ApprovalDecision.deny("no"))).isTrue();
            held.get(0).get(10, TimeUnit.SECONDS);
            assertThat(approvals.decide(request("next"), r -> Optional.of(ApprovalDecision.approve("yes")), () -> false)
                    .approved()).isTrue();
            for (int i = 1; i < held.size(); i++) {
                approvals.resolve("w" + i, ApprovalDecision.deny("done"));
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
