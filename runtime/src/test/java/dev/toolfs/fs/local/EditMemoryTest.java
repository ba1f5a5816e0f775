package dev.toolfs.fs.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import dev.toolfs.fs.Cancellation;

class EditMemoryTest {

    private static final long MIB = 1 << 20;
    private static final long SHORT = TimeUnit.MILLISECONDS.toNanos(300);

    @Test
    void editsOfLargeFilesShareTheRoomAndWaitForIt() throws Exception {
        EditMemory memory = new EditMemory(32 * MIB);
        int a = memory.take(16 * MIB, Cancellation.NONE, SHORT);
        int b = memory.take(16 * MIB, Cancellation.NONE, SHORT);
        assertThat(a + b).isEqualTo(32 * 1024);
        assertThatThrownBy(() -> memory.take(MIB, Cancellation.NONE, SHORT)).isInstanceOf(TimeoutException.class);
        // A waiting edit goes on once another gives its room back.
        CompletableFuture<Integer> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                return memory.take(8 * MIB, Cancellation.NONE, TimeUnit.SECONDS.toNanos(10));
            } catch (TimeoutException e) {
                throw new AssertionError(e);
            }
        });
        Thread.sleep(200);
        assertThat(waiting).isNotDone();
        memory.give(a);
        assertThat(waiting.get(5, TimeUnit.SECONDS)).isEqualTo(8 * 1024);
    }

    @Test
    void smallFilesAreNotCountedAndNeverWait() throws Exception {
        EditMemory memory = new EditMemory(MIB);
        memory.take(MIB, Cancellation.NONE, SHORT);
        assertThat(memory.take(EditMemory.SMALL_BYTES - 1, Cancellation.NONE, SHORT)).isZero();
        memory.give(0);
        assertThatThrownBy(() -> memory.take(EditMemory.SMALL_BYTES, Cancellation.NONE, SHORT))
                .isInstanceOf(TimeoutException.class);
    }

    @Test
    void aFileLargerThanTheRoomTakesAllOfItAndIsNeverHeldBackAlone() throws Exception {
        EditMemory memory = new EditMemory(MIB);
        int taken = memory.take(100 * MIB, Cancellation.NONE, SHORT);
        assertThat(taken).isEqualTo(1024);
        memory.give(taken);
        assertThat(memory.take(100 * MIB, Cancellation.NONE, SHORT)).isEqualTo(1024);
    }

    @Test
    void aCancelledCallStopsWaiting() throws Exception {
        EditMemory memory = new EditMemory(MIB);
        memory.take(MIB, Cancellation.NONE, SHORT);
        AtomicBoolean cancelled = new AtomicBoolean();
        CompletableFuture<Throwable> waiting = CompletableFuture.supplyAsync(() -> {
            try {
                memory.take(MIB, cancelled::get, TimeUnit.SECONDS.toNanos(30));
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        Thread.sleep(200);
        cancelled.set(true);
        assertThat(waiting.get(5, TimeUnit.SECONDS)).isInstanceOf(CancellationException.class);
    }

    @Test
    void theRoomIsTwoOfTheLargestFilesOrWhatTheHeapAllows() {
        assertThat(EditMemory.capacityFor(16 * MIB, 4096 * MIB)).isEqualTo(32 * MIB);
        assertThat(EditMemory.capacityFor(16 * MIB, 256 * MIB)).isEqualTo(16 * MIB);
        assertThat(EditMemory.capacityFor(16 * MIB, 128 * MIB)).isEqualTo(8 * MIB);
        assertThat(EditMemory.capacityFor(16 * MIB, MIB)).isEqualTo(EditMemory.SMALL_BYTES);
    }
}
