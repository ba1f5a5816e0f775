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

    /** What a session has seen of one canonical path: a version, or confirmed absence. */
    record Seen(FileVersion version) {
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
        private volatile long bytes;
        private boolean forgotten;

        Observations(int max, ObservationMemory memory) {
            this.memory = memory;
            byPath = new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Path, Seen> eldest) {
                    if (size() > max) {
                        counted(-ObservationMemory.cost(eldest.getKey()));
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
                if (byPath.put(path, seen) == null) {
                    counted(ObservationMemory.cost(path));
                }
                over = memory.add(bytes - before);
            }
            if (over) {
                memory.shrink(); // with no session's records locked
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
                counted(-ObservationMemory.cost(eldest.next().getKey()));
                eldest.remove();
            }
            memory.add(bytes - before);
        }

        @Override
        public synchronized void forgotten() {
            forgotten = true;
            byPath.clear();
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
        Seen seen = observations(intent.execution().session()).get(intent.path().target());
        if (seen == null) {
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
        Seen seen = observations(intent.execution().session()).get(intent.path().target());
        if (seen == null) {
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
        observations(event.execution().session()).put(event.path().target(), new Seen(event.version()));
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
