package dev.toolfs.transport.rest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BodyRoomTest {

    @Test
    void bodiesShareTheRoomAndOneAloneAlwaysFits() {
        BodyRoom room = new BodyRoom(100);
        assertThat(room.take(60)).isTrue();
        assertThat(room.take(50)).isFalse();
        assertThat(room.take(40)).isTrue();
        room.give(60);
        room.give(40);
        // Larger than the room, but alone.
        assertThat(room.take(500)).isTrue();
        assertThat(room.take(1)).isFalse();
        room.give(500);
        assertThat(room.take(1)).isTrue();
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
}
