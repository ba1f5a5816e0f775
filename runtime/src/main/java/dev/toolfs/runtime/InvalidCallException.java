package dev.toolfs.runtime;

/** A call whose envelope (not its arguments) is wrong, e.g. a session folder outside the workspace (REST: 400). */
public class InvalidCallException extends RuntimeException {

    public InvalidCallException(String message) {
        super(message);
    }
}
