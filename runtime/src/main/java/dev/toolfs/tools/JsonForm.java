package dev.toolfs.tools;

/**
 * A text's JSON string form, made only when a transport asks for it: a tool that built its text from parts it knows
 * (a read's lines, most of which need no escaping) makes it far faster than an escape of the finished text.
 */
@FunctionalInterface
public interface JsonForm {

    /** Appends the escaped UTF-8 bytes of the string, without its quotes, exactly as Jackson would write them. */
    void appendTo(JsonEscaper out);
}
