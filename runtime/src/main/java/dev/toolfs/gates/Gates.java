package dev.toolfs.gates;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;

import dev.toolfs.fs.FileVersion;
import dev.toolfs.fs.Precondition;
import dev.toolfs.fs.ResolvedPath;

/** Fires the {@code fs/*} gates as synchronous CDI events; the tools call nothing else of the policy. */
@ApplicationScoped
public class Gates {

    @Inject
    Event<WriteIntent> writeIntents;

    @Inject
    Event<EditIntent> editIntents;

    @Inject
    Event<FsObserved> observed;

    /** The guard for a write, or {@link Precondition#NONE} when no observer decided. */
    public Precondition writeIntent(Execution execution, ResolvedPath path) {
        WriteIntent intent = new WriteIntent(path, execution);
        writeIntents.fire(intent);
        return intent.decision() == null ? Precondition.NONE : intent.decision();
    }

    /** The guard for an edit, or {@link Precondition#NONE} when no observer decided. */
    public Precondition editIntent(Execution execution, ResolvedPath path) {
        EditIntent intent = new EditIntent(path, execution);
        editIntents.fire(intent);
        return intent.decision() == null ? Precondition.NONE : intent.decision();
    }

    /** Records that the session saw {@code path} at {@code version} (null: confirmed absent). */
    public void observed(Execution execution, ResolvedPath path, FileVersion version) {
        observed.fire(new FsObserved(execution, path, version));
    }
}
