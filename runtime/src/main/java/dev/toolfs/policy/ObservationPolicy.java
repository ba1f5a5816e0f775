package dev.toolfs.policy;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.config.inject.ConfigProperty;

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

    /** The per-session record, kept inside the session so that it goes when the session goes. */
    static final class Observations {
        final Map<Path, Seen> byPath = new ConcurrentHashMap<>();
    }

    @ConfigProperty(name = "quarkus.tool-fs.policy.enabled", defaultValue = "true")
    boolean enabled;

    void onWrite(@Observes WriteIntent intent) {
        if (!enabled) {
            return;
        }
        Seen seen = observations(intent.execution().session()).byPath.get(intent.path().target());
        if (seen == null) {
            // Never looked at: creating is fine; replacing what was never read is not.
            intent.decide(Precondition.createIfAbsent(FsErrorCode.FS_NOT_OBSERVED));
        } else if (seen.version() == null) {
            intent.decide(Precondition.createIfAbsent());
        } else {
            intent.decide(Precondition.ifVersion(seen.version()));
        }
    }

    void onEdit(@Observes EditIntent intent) {
        if (!enabled) {
            return;
        }
        Seen seen = observations(intent.execution().session()).byPath.get(intent.path().target());
        if (seen == null) {
            throw FsException.notRead("edit", intent.path().requested());
        }
        if (seen.version() == null) {
            throw FsException.notFound("edit", intent.path().requested());
        }
        intent.decide(Precondition.ifVersion(seen.version()));
    }

    void onObserved(@Observes FsObserved event) {
        if (!enabled) {
            return;
        }
        observations(event.execution().session()).byPath.put(event.path().target(), new Seen(event.version()));
    }

    /** What the session has observed, by canonical path: a version token, or {@code absent} (for the Dev UI). */
    public java.util.SortedMap<String, String> observed(ToolSession session) {
        java.util.SortedMap<String, String> out = new java.util.TreeMap<>();
        observations(session).byPath.forEach((path, seen) -> out.put(path.toString(),
                seen.version() == null ? "absent" : seen.version().token()));
        return out;
    }

    private static Observations observations(ToolSession session) {
        return session.state(Observations.class, k -> new Observations());
    }
}
