package dev.toolfs.tools;

import java.nio.file.Path;

import dev.toolfs.fs.Cancellation;
import dev.toolfs.gates.Execution;
import dev.toolfs.sandbox.ClientApprover;

/** What a tool knows of the call: the execution (session, folder, model) and a way to notice cancellation. */
public record ToolContext(Execution execution, Cancellation cancellation, ClientApprover approver) {

    public Path cwd() {
        return execution.cwd();
    }

    /** The path as messages show it: relative to the session's folder when inside it, else absolute. */
    public String display(Path absolute) {
        return DisplayPath.of(absolute, execution.cwd());
    }
}
