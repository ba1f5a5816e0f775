package dev.toolfs.runtime;

/** A call named a tool the catalog does not have (REST answers 404). */
public class UnknownToolException extends RuntimeException {

    public UnknownToolException(String name, java.util.List<String> known) {
        super(message(name, known));
    }

    /** The words for a call of {@code name}, naming the tools there are (where no exception is wanted). */
    public static String message(String name, java.util.List<String> known) {
        return "unknown tool \"" + name + "\"; the tools are " + String.join(", ", known);
    }
}
