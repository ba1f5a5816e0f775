package dev.toolfs.transport.mcp;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import dev.toolfs.runtime.ToolDescriptor;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.sandbox.ApprovalDecision;
import dev.toolfs.sandbox.ApprovalRequest;
import dev.toolfs.tools.Guidance;

/** What both MCP transports say alike: descriptions with guidance, server instructions, structured content. */
public final class McpTexts {

    private McpTexts() {
    }

    /**
     * A tool's description for {@code tools/list}: its own text, then its guidance section when it has one. MCP has
     * no system prompt, so the guidance travels with the tool (and in the server instructions).
     */
    public static String description(ToolDescriptor tool) {
        return Guidance.describe(tool.name(), tool.description());
    }

    /** The server instructions: every guidance section, in their stable order. */
    public static String instructions() {
        return Guidance.sections().values().stream().collect(Collectors.joining("\n\n"));
    }

    /** The elicitation's one field: yes or no, default no. */
    public static final String APPROVE_FIELD = "approve";
    public static final String APPROVE_TITLE = "Allow this change?";

    /** What an elicitation's answer decides: approved only when accepted with the field set to true. */
    public static ApprovalDecision approvalDecision(boolean accepted, Object approve) {
        return accepted && Boolean.TRUE.equals(approve)
                ? ApprovalDecision.approve("approved by the client's user")
                : ApprovalDecision.deny("the client's user did not approve it");
    }

    /** The decision when the elicitation got no answer (timeout, closed connection). */
    public static ApprovalDecision noAnswer(Throwable e) {
        return ApprovalDecision.deny("the client did not answer (" + e.getClass().getSimpleName() + ")");
    }

    /** What an elicitation asks the client's user about a sandbox escalation: the change, the rule, the reason. */
    public static String approvalQuestion(ApprovalRequest request) {
        return "The model asks to " + request.tool() + " " + request.path() + ", which the sandbox refuses ("
                + request.reason() + "). Its justification: " + request.justification();
    }

    /** {@code structuredContent}: the presentation metadata on success, the error's name and code on failure. */
    public static Map<String, Object> structured(ToolResult result) {
        if (result.isError()) {
            Map<String, Object> error = new LinkedHashMap<>();
            if (result.error() != null) {
                error.put("name", result.error().name());
                error.put("code", result.error().code());
            }
            return Map.of("error", error);
        }
        return result.metadata();
    }
}
