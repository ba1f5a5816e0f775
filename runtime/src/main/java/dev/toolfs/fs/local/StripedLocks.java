package dev.toolfs.fs.local;

import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantLock;

/** A fixed set of locks shared by path hash: bounded memory, and two writers of one file always meet. */
final class StripedLocks {

    private final ReentrantLock[] locks;

    StripedLocks(int stripes) {
        locks = new ReentrantLock[stripes];
        for (int i = 0; i < stripes; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    ReentrantLock forPath(Path target) {
        return locks[Math.floorMod(target.hashCode() * 0x9E3779B9, locks.length)];
    }
}
