package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import dev.toolfs.fs.Cancellation;

class ClientWaitTest {

    /** An answer that never comes, like a client whose user never decides; says when its thread was interrupted. */
    private static String never(CompletableFuture<Boolean> interrupted) {
        try {
            new CountDownLatch(1).await();
            return "answered";
        } catch (InterruptedException e) {
            interrupted.complete(true);
            throw new IllegalStateException(e);
        }
    }

    @Test
    void givesTheAnswer() throws Exception {
        assertThat(ClientWait.answer(() -> "roots", Cancellation.NONE, Duration.ofSeconds(5), ClientWait.Abandon.NONE)).isEqualTo("roots");
    }

    @Test
    void aCallCancelledBeforeItAsksDoesNotAsk() {
        AtomicBoolean asked = new AtomicBoolean();
        assertThatThrownBy(() -> ClientWait.answer(() -> {
            asked.set(true);
            return "roots";
        }, () -> true, Duration.ofSeconds(5), ClientWait.Abandon.NONE)).isInstanceOf(CancellationException.class);
        assertThat(asked).isFalse();
    }

    @Test
    void aCancelledCallStopsWaitingAndTheAskingThreadIsInterrupted() throws Exception {
        AtomicBoolean cancelled = new AtomicBoolean();
        CompletableFuture<Boolean> interrupted = new CompletableFuture<>();
        CompletableFuture.runAsync(() -> {
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            cancelled.set(true);
        });
        long t0 = System.nanoTime();
        assertThatThrownBy(() -> ClientWait.answer(() -> never(interrupted), cancelled::get, Duration.ofSeconds(60), ClientWait.Abandon.NONE))
                .isInstanceOf(CancellationException.class);
        assertThat(System.nanoTime() - t0).as("well before the limit").isLessThan(TimeUnit.SECONDS.toNanos(5));
        assertThat(interrupted.get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void aWaitPastItsLimitTimesOut() {
        CompletableFuture<Boolean> interrupted = new CompletableFuture<>();
        assertThatThrownBy(() -> ClientWait.answer(() -> never(interrupted), Cancellation.NONE, Duration.ofMillis(120), ClientWait.Abandon.NONE))
                .isInstanceOf(TimeoutException.class);
        assertThat(interrupted).succeedsWithin(Duration.ofSeconds(5)).isEqualTo(true);
    }

    @Test
    void aFailedAskIsReportedWithItsCause() {
        assertThatThrownBy(() -> ClientWait.answer(() -> {
            throw new IllegalStateException("the client refused");
        }, Cancellation.NONE, Duration.ofSeconds(5), ClientWait.Abandon.NONE))
                .isInstanceOf(ExecutionException.class)
                .hasRootCauseMessage("the client refused");
    }
}
