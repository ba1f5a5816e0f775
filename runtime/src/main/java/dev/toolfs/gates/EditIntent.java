package dev.toolfs.gates;

import dev.toolfs.fs.ResolvedPath;

/** The {@code fs/edit-intent} gate: an edit is about to change {@link #path()}. */
public final class EditIntent extends MutationIntent {

    public EditIntent(ResolvedPath path, Execution execution) {
        super(path, execution);
    }

    @Override
    public String gate() {
        return "fs/edit-intent";
    }
}
