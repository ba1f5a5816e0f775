package dev.toolfs.runtime;

/** A call named a tool the catalog does not have (REST answers 404). */
public class UnknownToolException extends RuntimeException {

    public UnknownToolException(String name, java.util.List<String> known) {
        super("unknown tool \"" + name + "\"; the tools are " + String.join(", ", known));
    }
}
