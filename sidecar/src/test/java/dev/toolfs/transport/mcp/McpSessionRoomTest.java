package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

class McpSessionRoomTest {

    private final Set<String> sessions = new LinkedHashSet<>();
    private final McpSessionRoom room = new McpSessionRoom(3, () -> Set.copyOf(sessions).iterator(), sessions::contains,
            sessions::remove);

    private void open(String id) {
        room.makeRoom();
        sessions.add(id);
        room.used(id);
    }

    @Test
    void aNewSessionPastTheBoundEndsTheOneUsedLongestAgo() {
        open("a");
        open("b");
        open("c");
        room.used("a");
        open("d");
        assertThat(sessions).containsExactlyInAnyOrder("a", "c", "d");
        room.used("c");
        room.used("a");
        open("e");
        assertThat(sessions).containsExactlyInAnyOrder("a", "c", "e");
    }

    @Test
    void sessionsEndedElsewhereLeaveRoomAndSessionsNeverSeenCountAsNew() {
        open("a");
        open("b");
        sessions.remove("a"); // idle, or deleted by its client
        sessions.add("made-unseen"); // a session of the older transport, before its first message
        open("c");
        assertThat(sessions).containsExactlyInAnyOrder("b", "made-unseen", "c");
        open("d");
        assertThat(sessions).containsExactlyInAnyOrder("made-unseen", "c", "d");
    }

    @Test
    void idsOfNoSessionAreNotRemembered() {
        open("a");
        for (int i = 0; i < 100; i++) {
            room.used("made-up-" + i);
        }
        assertThat(room.remembered()).isEqualTo(1);
    }

    @Test
    void theBoundIsTheConfiguredOneButNoMoreThanASixteenthOfTheHeapHolds() {
        assertThat(McpSessionRoom.bound(1000, 4L << 30)).isEqualTo(1000);
        assertThat(McpSessionRoom.bound(1000, 256L << 20)).isEqualTo(64);
        assertThat(McpSessionRoom.bound(1000, 16L << 20)).isEqualTo(16);
        assertThat(McpSessionRoom.bound(3, 16L << 20)).isEqualTo(3);
    }
}
