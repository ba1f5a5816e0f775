package dev.toolfs.fs.local;

import java.nio.file.Path;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A fixed set of locks shared by path hash: bounded memory, and two writers of one file always meet, also when they
 * spell it differently on a volume that ignores case or composition (macOS, Windows): the hash is of the folded path.
 * On a volume that does not, two such spellings only share a stripe, as unrelated paths sometimes do.
 */
final class StripedLocks {

    private final ReentrantLock[] locks;

    StripedLocks(int stripes) {
        locks = new ReentrantLock[stripes];
        for (int i = 0; i < stripes; i++) {
            locks[i] = new ReentrantLock();
        }
    }

    ReentrantLock forPath(Path target) {
        return locks[Math.floorMod(dev.toolfs.fs.CaseFold.fold(target.toString()).hashCode() * 0x9E3779B9, locks.length)];
    }
}
