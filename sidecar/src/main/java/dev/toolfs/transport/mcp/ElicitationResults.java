package dev.toolfs.transport.mcp;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * How both transports read a client's answer to an approval's elicitation before an MCP library does: the libraries
 * read the action leniently (in any case; over stdio also with white space around it), so that "ACCEPT" or "accept "
 * approved a sandbox escalation, where only MCP's own "accept" may (both found by black-box testing).
 */
final class ElicitationResults {

    static final String NOT_AN_ELICITATION_RESULT = "its answer was not an elicitation result";

    private static final Set<String> ACTIONS = Set.of("accept", "decline", "cancel");

    private ElicitationResults() {
    }

    /**
     * The action the library should be given for an answer's {@code result}: the action as sent when it is one of
     * MCP's; "decline" for another spelling of them that a library would still read (only "accept" approves); null
     * when it is no elicitation result at all (not an object, no action, an action padded or unknown, a content that
     * is not an object).
     */
    static String action(Object result) {
        if (!(result instanceof Map<?, ?> fields) || !(fields.get("action") instanceof String action)) {
            return null;
        }
        Object content = fields.get("content");
        if (content != null && !(content instanceof Map<?, ?>)) {
            return null;
        }
        if (ACTIONS.contains(action)) {
            return action;
        }
        return ACTIONS.contains(action.toLowerCase(Locale.ROOT)) ? "decline" : null;
    }
}
