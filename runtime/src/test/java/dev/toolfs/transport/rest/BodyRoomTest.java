package dev.toolfs.transport.rest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BodyRoomTest {

    private static final long K = 1024;

    @Test
    void bodiesShareTheRoomAndOneAloneAlwaysFits() {
        BodyRoom room = new BodyRoom(100 * K);
        assertThat(room.take(60 * K)).isTrue();
        assertThat(room.take(50 * K)).isFalse();
        assertThat(room.take(40 * K)).isTrue();
        room.give(60 * K);
        room.give(40 * K);
        // Larger than the room, but alone.
        assertThat(room.take(500 * K)).isTrue();
        assertThat(room.take(BodyRoom.SMALL_BYTES)).isFalse();
        room.give(500 * K);
        assertThat(room.take(BodyRoom.SMALL_BYTES)).isTrue();
    }

    /**
     * Small bodies (an approval's answer) have room of their own: large ones held while they wait for that approval no
     * longer keep it out (found by black-box testing).
     */
    @Test
    void smallBodiesHaveRoomOfTheirOwn() {
        BodyRoom room = new BodyRoom(100 * K);
        assertThat(room.take(500 * K)).isTrue();
        assertThat(room.take(20 * K)).isFalse();
        // Room for 32 of the largest small bodies at least, or an eighth of the room.
        for (int i = 0; i < 32; i++) {
            assertThat(room.take(BodyRoom.SMALL_BYTES - 1)).as("small body %d", i).isTrue();
        }
        assertThat(room.take(BodyRoom.SMALL_BYTES - 1)).isFalse();
        // The refusal names the room it was refused: the small bodies' (32 of 8 KiB), not the others'.
        assertThat(room.busy("bodies", BodyRoom.SMALL_BYTES - 1)).isEqualTo("the server is receiving other large requests"
                + " (at most 256 KiB of bodies at once); nothing was done — retry in a moment");
        assertThat(room.busy("messages", 20 * K)).isEqualTo("the server is receiving other large requests"
                + " (at most 100 KiB of messages at once); nothing was done — retry in a moment");
        room.give(BodyRoom.SMALL_BYTES - 1);
        assertThat(room.take(100)).isTrue();
        // Each given back to its own pool.
        room.give(500 * K);
        assertThat(room.take(100 * K)).isTrue();
    }

    @Test
    void aBodyIsHeldToItsDeclaredLengthUnlessItMayBeDecoded() {
        assertThat(BodyLimitHandler.declaredLength("120", null)).isEqualTo(120);
        assertThat(BodyLimitHandler.declaredLength(" 7 ", null)).isEqualTo(7);
        assertThat(BodyLimitHandler.declaredLength(null, null)).isEqualTo(-1);
        assertThat(BodyLimitHandler.declaredLength("120", "gzip")).isEqualTo(-1);
        assertThat(BodyLimitHandler.declaredLength("x", null)).isEqualTo(-1);
    }

    @Test
    void sizesAreShownInKibOrMib() {
        assertThat(dev.toolfs.fs.FsException.sizeShown(100 * 1024)).isEqualTo("100 KiB");
        assertThat(dev.toolfs.fs.FsException.sizeShown(3L << 20)).isEqualTo("3 MiB");
    }

    /**
     * Found by black-box testing: a floor of two bodies of the largest size let two 10 MB writes in at once on a 128 MiB
     * heap, which they ran out. On a small heap large bodies come one at a time; a large heap keeps its tenth.
     */
    @Test
    void theDefaultIsATenthOfTheHeapAndAtLeastOneLargestBody() {
        long tenMib = 10L << 20;
        assertThat(BodyRoom.defaultCapacity(tenMib, 64L << 20)).isEqualTo(tenMib);
        assertThat(BodyRoom.defaultCapacity(tenMib, 128L << 20)).isEqualTo((128L << 20) / 10);
        assertThat(BodyRoom.defaultCapacity(tenMib, 4L << 30)).isEqualTo((4L << 30) / 10);
        BodyRoom small = new BodyRoom(BodyRoom.defaultCapacity(tenMib, 128L << 20));
        assertThat(small.take(9_900_000)).isTrue();
        assertThat(small.take(9_900_000)).as("a second large body while one is in hand").isFalse();
        small.give(9_900_000);
        assertThat(small.take(9_900_000)).isTrue();
    }
}
