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

    /** A file grown since its room was taken gets the rest only if it is free: under its lock, it must not wait. */
    @Test
    void theRestForAGrownFileIsTakenOnlyIfFree() throws Exception {
        EditMemory memory = new EditMemory(4 * MIB);
        int taken = memory.take(MIB, Cancellation.NONE, SHORT);
        int grown = memory.takeMoreIfFree(taken, 2 * MIB);
        assertThat(grown).isEqualTo(2 * 1024);
        int other = memory.take(2 * MIB, Cancellation.NONE, SHORT);
        assertThat(memory.takeMoreIfFree(grown, 3 * MIB)).isEqualTo(grown); // none free: it goes on with what it has
        assertThat(memory.takeMoreIfFree(grown, MIB)).isEqualTo(grown); // shrunk: keeps what it took
        memory.give(other);
        memory.give(grown);
        assertThat(memory.take(4 * MIB, Cancellation.NONE, SHORT)).isEqualTo(4 * 1024); // everything came back
    }

    @Test
    void theLargestFileEditTakesIsBoundedByTheHeap() {
        assertThat(EditMemory.fileLimitFor(16 * MIB, 1024 * MIB)).isEqualTo(16 * MIB);
        assertThat(EditMemory.fileLimitFor(16 * MIB, 120 * MIB)).isEqualTo(10 * MIB);
        assertThat(EditMemory.fileLimitFor(16 * MIB, MIB)).isEqualTo(EditMemory.SMALL_BYTES);
        assertThat(EditMemory.fileLimitFor(1000, MIB)).isEqualTo(1000); // a smaller limit stays
    }
}
