package dev.toolfs.policy;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.FileVersion;
import dev.toolfs.fs.FsErrorCode;
import dev.toolfs.fs.FsException;
import dev.toolfs.fs.Precondition;
import dev.toolfs.gates.EditIntent;
import dev.toolfs.gates.FsObserved;
import dev.toolfs.gates.WriteIntent;
import dev.toolfs.session.ToolSession;

/**
 * Read-before-write: a session may replace or edit a file only at the version it last saw. It is only a set of
 * observers of the {@code fs/*} gates; the tools know nothing of it, and
 * {@code quarkus.tool-fs.policy.enabled=false} turns it off.
 */
@ApplicationScoped
public class ObservationPolicy {

    /**
     * What a session has seen of one canonical path: a version, or confirmed absence; and the path it was read under
     * when that was another (through a symbolic link), else null.
     */
    record Seen(FileVersion version, Path via) {
        Seen(FileVersion version) {
            this(version, null);
        }
    }

    /**
     * The per-session record, kept inside the session so that it goes when the session goes. It holds at most
     * {@code max} paths, the least recently used going first: one session reading (or probing) path after path must
     * not fill the heap for every session. Its bytes count towards the bound of all sessions' records
     * ({@link ObservationMemory}). A path that was let go only has to be read again before it is changed.
     */
    static final class Observations implements ToolSession.Forgettable {
        private final ObservationMemory memory;
        private final Map<Path, Seen> byPath;
        /**
         * The path each file read through a link was read under, and the file: so that a change refused asks in one
         * look whether the path was read (a look through every record cost writes of new files a tenth of a
         * millisecond, in a session of a thousand records). Only versions are indexed, not absences.
         */
        private final Map<Path, Path> targetsByVia = new java.util.HashMap<>();
        private volatile long bytes;
        private boolean forgotten;

        Observations(int max, ObservationMemory memory) {
            this.memory = memory;
            byPath = new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Path, Seen> eldest) {
                    if (size() > max) {
                        counted(-ObservationMemory.cost(eldest.getKey(), eldest.getValue().via()));
                        unindexed(eldest.getKey(), eldest.getValue());
                        return true;
                    }
                    return false;
                }
            };
            memory.holds(this);
        }

        synchronized Seen get(Path path) {
            return byPath.get(path);
        }

        void put(Path path, Seen seen) {
            boolean over;
            synchronized (this) {
                if (forgotten) {
                    return; // its session is gone: a call still running for it keeps nothing
                }
                long before = bytes;
                Seen old = byPath.put(path, seen);
                counted(ObservationMemory.cost(path, seen.via()) - (old == null ? 0 : ObservationMemory.cost(path, old.via())));
                if (old != null) {
                    unindexed(path, old);
                }
                if (seen.via() != null && seen.version() != null) {
                    targetsByVia.put(seen.via(), path);
                }
                over = memory.add(bytes - before);
            }
            if (over) {
                memory.shrink(); // with no session's records locked
            }
        }

        /**
         * Whether a file was read under {@code requested}, the path as named, which now leads to {@code target}, a file
         * not read: the path's own file then (when it leads elsewhere now), or a link's.
         */
        synchronized boolean readUnder(Path requested, Path target) {
            if (targetsByVia.containsKey(requested)) {
                return true;
            }
            if (requested.equals(target)) {
                return false;
            }
            Seen own = byPath.get(requested);
            return own != null && own.version() != null;
        }

        private void unindexed(Path path, Seen seen) {
            if (seen.via() != null) {
                targetsByVia.remove(seen.via(), path);
            }
        }

        synchronized Map<Path, Seen> copy() {
            return new LinkedHashMap<>(byPath);
        }

        /** The bytes its records hold. */
        long bytes() {
            return bytes;
        }

        /** Lets go of the least recently used records until at least {@code atLeast} bytes are freed, or all are. */
        synchronized void letGo(long atLeast) {
            long before = bytes;
            var eldest = byPath.entrySet().iterator();
            while (before - bytes < atLeast && eldest.hasNext()) {
                Map.Entry<Path, Seen> e = eldest.next();
                counted(-ObservationMemory.cost(e.getKey(), e.getValue().via()));
                unindexed(e.getKey(), e.getValue());
                eldest.remove();
            }
            memory.add(bytes - before);
        }

        @Override
        public synchronized void forgotten() {
            forgotten = true;
            byPath.clear();
            targetsByVia.clear();
            memory.add(-bytes);
            bytes = 0;
            memory.released(this);
        }

        private void counted(long delta) {
            bytes += delta;
        }
    }

    /**
     * The bytes all sessions' records may hold together: {@code quarkus.tool-fs.sessions.observations-memory}, by
     * default a sixteenth of the heap.
     */
    private ObservationMemory memory;

    @jakarta.annotation.PostConstruct
    void init() {
        memory = new ObservationMemory(config.sessions().observationsMemory().map(dev.toolfs.config.ConfigSizes::bytes)
                .orElse(Runtime.getRuntime().maxMemory() / 16));
    }

    @ConfigProperty(name = "quarkus.tool-fs.policy.enabled", defaultValue = "true")
    boolean enabled;

    @Inject
    ToolFsConfig config;

    @Inject
    FileSystemProvider fs;

    /** How a second decider's failure names this policy. */
    private static final String DECIDER = ObservationPolicy.class.getName();

    void onWrite(@Observes WriteIntent intent) {
        if (!enabled) {
            return;
        }
        Observations observations = observations(intent.execution().session());
        Seen seen = observations.get(intent.path().target());
        if (seen == null) {
            refuseIfLeadsElsewhere("write", intent.path(), observations);
            // Never looked at: creating is fine; replacing what was never read is not.
            intent.decide(Precondition.createIfAbsent(FsErrorCode.FS_NOT_OBSERVED), DECIDER);
        } else if (seen.version() == null) {
            intent.decide(Precondition.createIfAbsent(), DECIDER);
        } else {
            intent.decide(Precondition.ifVersion(seen.version()), DECIDER);
        }
    }

    void onEdit(@Observes EditIntent intent) {
        if (!enabled) {
            return;
        }
        Observations observations = observations(intent.execution().session());
        Seen seen = observations.get(intent.path().target());
        if (seen == null) {
            refuseIfLeadsElsewhere("edit", intent.path(), observations);
            // A file read refuses cannot be read first: said so, rather than "read it" round in a loop.
            fs.readFirstRefusal("edit", intent.path()).ifPresent(refusal -> {
                throw refusal;
            });
            throw FsException.notRead("edit", intent.path().requested());
        }
        if (seen.version() == null) {
            if (createdSince(intent)) {
                // "Not found, create it with write" would be false now, and that write would fail with FS_EXISTS.
                throw FsException.notFoundThenCreated("edit", intent.path().requested());
            }
            throw fs.notFound("edit", intent.path());
        }
        intent.decide(Precondition.ifVersion(seen.version()), DECIDER);
    }

    /**
     * The path names a file the session did not read, though it read one under that name: a symbolic link was made or
     * changed in between. Said so, rather than "not read in this session", which the model knows to be false (found by
     * black-box testing).
     */
    private static void refuseIfLeadsElsewhere(String op, dev.toolfs.fs.ResolvedPath path, Observations observations) {
        if (observations.readUnder(path.requested(), path.target())) {
            throw FsException.leadsElsewhere(op, path.requested());
        }
    }

    private boolean createdSince(EditIntent intent) {
        try {
            return fs.stat(intent.path()).isRegularFile();
        } catch (FsException e) {
            return false; // cannot look: the plain message
        }
    }

    void onObserved(@Observes FsObserved event) {
        if (!enabled) {
            return;
        }
        Path target = event.path().target();
        Path requested = event.path().requested();
        observations(event.execution().session()).put(target,
                new Seen(event.version(), requested.equals(target) ? null : requested));
    }

    /** What the session has observed, by canonical path: a version token, or {@code absent} (for the Dev UI). */
    public java.util.SortedMap<String, String> observed(ToolSession session) {
        java.util.SortedMap<String, String> out = new java.util.TreeMap<>();
        observations(session).copy().forEach((path, seen) -> out.put(path.toString(),
                seen.version() == null ? "absent" : seen.version().token()));
        return out;
    }

    private Observations observations(ToolSession session) {
        return session.state(Observations.class, k -> new Observations(config.sessions().maxObservations(), memory));
    }
}
