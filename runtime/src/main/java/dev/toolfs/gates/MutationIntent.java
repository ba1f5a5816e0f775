package dev.toolfs.gates;

import java.util.Objects;

import dev.toolfs.fs.Precondition;
import dev.toolfs.fs.ResolvedPath;

/**
 * A mutation about to happen, fired synchronously before the tool calls the provider. It has one decision slot:
 * an observer may set the guard once, or throw an {@link dev.toolfs.fs.FsException} to refuse. No decision means
 * the mutation is unconditional.
 */
public abstract sealed class MutationIntent permits WriteIntent, EditIntent {

    private static final StackWalker WALKER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

    private final ResolvedPath path;
    private final Execution execution;
    private Precondition decision;
    private String decidedBy;

    MutationIntent(ResolvedPath path, Execution execution) {
        this.path = Objects.requireNonNull(path);
        this.execution = Objects.requireNonNull(execution);
    }

    /** The event's name as the design documents call it. */
    public abstract String gate();

    public ResolvedPath path() {
        return path;
    }

    public Execution execution() {
        return execution;
    }

    public Precondition decision() {
        return decision;
    }

    /**
     * Sets the guard; a second decision is a bug in the deployment and fails naming both deciders. The decider is named
     * by its class, found on the stack.
     */
    public void decide(Precondition guard) {
        Objects.requireNonNull(guard, "guard");
        decide(guard, WALKER.walk(frames -> frames
                .filter(f -> f.getDeclaringClass() != MutationIntent.class)
                .findFirst()
                .map(f -> f.getDeclaringClass().getName())
                .orElse("unknown")));
    }

    /**
     * Sets the guard, naming the decider (as a second decision's failure will): without the look at the stack that
     * {@link #decide(Precondition)} makes, which every write and edit would pay for.
     */
    public void decide(Precondition guard, String decider) {
        Objects.requireNonNull(guard, "guard");
        Objects.requireNonNull(decider, "decider");
        if (decision != null) {
            throw new IllegalStateException(gate() + " for " + path.target() + " was already decided by " + decidedBy
                    + "; " + decider + " tried to decide it again: only one observer may decide a mutation");
        }
        decision = guard;
        decidedBy = decider;
    }

    public String decidedBy() {
        return decidedBy;
    }
}
