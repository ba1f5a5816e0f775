package dev.toolfs.gates;

import dev.toolfs.fs.ResolvedPath;

/** The {@code fs/write-intent} gate: a write is about to create or replace {@link #path()}. */
public final class WriteIntent extends MutationIntent {

    public WriteIntent(ResolvedPath path, Execution execution) {
        super(path, execution);
    }

    @Override
    public String gate() {
        return "fs/write-intent";
    }
}
