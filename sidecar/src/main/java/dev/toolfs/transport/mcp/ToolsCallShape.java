package dev.toolfs.transport.mcp;

/**
 * The rule for a {@code tools/call} request a server can run: params an object with a string {@code name} and, if
 * present, an object {@code arguments}; and an id, a string or an integer. The HTTP library fails on some calls that
 * break it without answering (a missing name leaves the client waiting), so the sidecar answers them itself, as the
 * stdio transport does.
 */
public final class ToolsCallShape {

    /** The answer's message, the same over both transports. */
    public static final String MESSAGE = "tools/call needs params {\"name\": <string>, \"arguments\": <object, optional>}";

    private ToolsCallShape() {
    }

    /** The same rule for params already read into a map (the stdio transport's); {@code _meta}, if any, an object. */
    public static boolean wellFormed(Object params) {
        return params instanceof java.util.Map<?, ?> m && m.get("name") instanceof String
                && (m.get("arguments") == null || m.get("arguments") instanceof java.util.Map)
                && (m.get("_meta") == null || m.get("_meta") instanceof java.util.Map);
    }

    /** What the HTTP guard does with a {@code tools/call}. */
    enum Verdict {
        /** A call as it should be: the library's. */
        FINE,
        /** A call whose arguments name a value null: the library cannot take those (the tools can). */
        NULL_ARGUMENTS,
        /** A call whose id is neither a string nor an integer. */
        BAD_ID,
        /** A call whose params a server cannot read. */
        MALFORMED
    }

    /**
     * The verdict on a {@code tools/call} request (with an id) read by {@link McpRequestBody#read}; the guard answers
     * one sent as a notification before (it is not run, nor answered).
     */
    static Verdict verdict(McpRequestBody call) {
        if (!call.idValid()) {
            return Verdict.BAD_ID;
        }
        return switch (call.params().call()) {
            case WELL_FORMED -> Verdict.FINE;
            case NULL_ARGUMENT -> Verdict.NULL_ARGUMENTS;
            case MALFORMED -> Verdict.MALFORMED;
        };
    }
}
