package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import dev.toolfs.sandbox.ApprovalDecision;

/** Both transports decide an escalation from an elicitation alike, with the reasons the docs list. */
class ApprovalByElicitationTest {

    private static final Duration LIMIT = Duration.ofSeconds(90);

    private static ApprovalDecision decide(java.util.function.Supplier<McpTexts.ElicitAnswer> ask) {
        return McpTexts.approvalByElicitation(ask, () -> false, LIMIT, ClientWait.Abandon.NONE);
    }

    @Test
    void theQuestionShowsWhatTheChangeWouldWrite() {
        // Found in a review: the person asked saw the path and the justification, never the hook being written.
        dev.toolfs.sandbox.ApprovalRequest request = new dev.toolfs.sandbox.ApprovalRequest("1", "s", "write",
                ".git/hooks/pre-commit", "it is a protected path (.git/**)", "the hook must run on commit",
                java.time.Instant.now(), dev.toolfs.sandbox.ApprovalRequest.Change.write("#!/bin/sh\nmake lint\n"));
        org.assertj.core.api.Assertions.assertThat(McpTexts.approvalQuestion(request)).isEqualTo("The model asks to write"
                + " .git/hooks/pre-commit, which the sandbox refuses (it is a protected path (.git/**)). Its justification:"
                + " the hook must run on commit\n\nIt would write 20 characters in 2 lines:\n#!/bin/sh\nmake lint\n");
    }

    @Test
    void onlyAnAcceptedYesApproves() {
        assertThat(decide(() -> new McpTexts.ElicitAnswer(true, true)).approved()).isTrue();
        for (McpTexts.ElicitAnswer no : new McpTexts.ElicitAnswer[] { new McpTexts.ElicitAnswer(true, false),
                new McpTexts.ElicitAnswer(true, null), new McpTexts.ElicitAnswer(true, "true"),
                new McpTexts.ElicitAnswer(false, true) }) {
            ApprovalDecision d = decide(() -> no);
            assertThat(d.approved()).as(no.toString()).isFalse();
            assertThat(d.reason()).isEqualTo("the client's user did not approve it");
        }
    }

    @Test
    void aLibraryTimeoutIsNoDecisionWithinTheLimit() {
        ApprovalDecision d = decide(() -> {
            throw new RuntimeException("request failed", new java.util.concurrent.TimeoutException());
        });
        assertThat(d.reason()).isEqualTo("no decision within 90s");
    }

    @Test
    void theWaitsOwnLimitIsNoDecisionToo() {
        ApprovalDecision d = McpTexts.approvalByElicitation(() -> {
            askedOn = Thread.currentThread();
            sleep(5_000);
            return new McpTexts.ElicitAnswer(true, true);
        }, () -> false, Duration.ofMillis(100), abandoned());
        assertThat(d.approved()).isFalse();
        assertThat(d.reason()).isEqualTo("no decision within 100ms");
        // What the asking thread sent is given up with it, and the client told why.
        assertThat(abandonedBy).isEqualTo(askedOn);
        assertThat(abandonedFor).isEqualTo("no answer within 100ms");
    }

    @Test
    void anErrorAnswerSaysTheClientCouldNotAsk() {
        assertThat(decide(() -> {
            throw new IllegalStateException("elicitation not supported by this user interface");
        }).reason()).isEqualTo("the client could not ask its user (elicitation not supported by this user interface)");
    }

    @Test
    void aCancelledCallStopsWaitingAtOnce() throws Exception {
        AtomicBoolean cancelled = new AtomicBoolean();
        CountDownLatch asked = new CountDownLatch(1);
        Thread canceller = new Thread(() -> {
            try {
                asked.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                return;
            }
            cancelled.set(true);
        });
        canceller.start();
        ApprovalDecision d = McpTexts.approvalByElicitation(() -> {
            askedOn = Thread.currentThread();
            asked.countDown();
            sleep(60_000);
            return new McpTexts.ElicitAnswer(true, true);
        }, cancelled::get, LIMIT, abandoned());
        assertThat(d.approved()).isFalse();
        assertThat(d.reason()).isEqualTo("the call was cancelled while waiting for a decision");
        assertThat(abandonedBy).isEqualTo(askedOn);
        assertThat(abandonedFor).isEqualTo("the call that asked was cancelled");
        canceller.join();
    }

    private volatile Thread askedOn;
    private volatile Thread abandonedBy;
    private volatile String abandonedFor;

    private ClientWait.Abandon abandoned() {
        return (asking, reason) -> {
            abandonedBy = asking;
            abandonedFor = reason;
        };
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
