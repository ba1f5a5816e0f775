package dev.toolfs.tools;

/** An argument the schema could not rule out is wrong; the message is shown to the model as it is. */
public class ToolInputException extends RuntimeException {

    public ToolInputException(String message) {
        super(message, null, false, false);
    }
}
