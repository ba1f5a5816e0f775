package dev.toolfs.tools;

/**
 * A failure that is neither a filesystem error nor a bad argument, with its own structured name and code (e.g. an
 * image whose bytes do not match its extension). The message is shown to the model as it is.
 */
public class ToolFailureException extends RuntimeException {

    private final String name;
    private final String code;

    public ToolFailureException(String name, String code, String message) {
        super(message, null, false, false);
        this.name = name;
        this.code = code;
    }

    public String name() {
        return name;
    }

    public String code() {
        return code;
    }
}
