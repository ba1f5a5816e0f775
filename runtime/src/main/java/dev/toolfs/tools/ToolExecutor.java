package dev.toolfs.tools;

/**
 * Runs one tool. {@code A} is the argument record: the runtime binds the JSON arguments to it and validates it with
 * Bean Validation before {@link #execute} is called. Throw {@link dev.toolfs.fs.FsException} or
 * {@link ToolInputException} to fail with a message the model can act on.
 */
public interface ToolExecutor<A extends Record> {

    ToolOutcome execute(A args, ToolContext context);
}
