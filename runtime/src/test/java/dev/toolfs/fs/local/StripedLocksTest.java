package dev.toolfs.fs.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class StripedLocksTest {

    @Test
    void twoSpellingsOfOneFileOnAVolumeThatIgnoresCaseTakeOneLock() {
        // Found in a review: on macOS, "App.java" and "app.java" are one file but took two locks.
        StripedLocks locks = new StripedLocks(256);
        assertThat(locks.forPath(Path.of("/ws/src/App.java"))).isSameAs(locks.forPath(Path.of("/ws/SRC/app.JAVA")));
        // A decomposed accent is the same name there too.
        assertThat(locks.forPath(Path.of("/ws/caf\u00e9.txt"))).isSameAs(locks.forPath(Path.of("/ws/cafe\u0301.txt")));
    }

    @Test
    void differentFilesSpreadOverTheStripes() {
        StripedLocks locks = new StripedLocks(256);
        java.util.Set<Object> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (int i = 0; i < 1000; i++) {
            seen.add(locks.forPath(Path.of("/ws/file" + i + ".txt")));
        }
        assertThat(seen.size()).isGreaterThan(200);
    }
}
