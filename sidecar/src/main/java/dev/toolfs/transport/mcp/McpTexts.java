package dev.toolfs.transport.mcp;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import dev.toolfs.config.ToolFsConfig.Mcp.MetadataPlacement;
import dev.toolfs.fs.Cancellation;

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

    /** A request whose params are not an object (MCP's always are): both transports answer invalid params. */
    public static final String PARAMS_NOT_AN_OBJECT = "Invalid params: the params must be an object";

    /** MCP's log levels (RFC 5424's names, least severe first), as {@code logging/setLevel} takes them. */
    public static final java.util.List<String> LEVELS = java.util.List.of("debug", "info", "notice", "warning", "error",
            "critical", "alert", "emergency");

    /**
     * A logging/setLevel without one of MCP's levels (the MCP libraries failed on a missing one, naming their own
     * classes; over stdio an unknown one reset the level to info and answered success, over HTTP it was an invalid
     * request).
     */
    public static final String SET_LEVEL = "logging/setLevel needs params {\"level\": <level>}, the level one of "
            + String.join(", ", LEVELS);

    /** A tools/list with a cursor over stdio: the list has one page, so the server never gives one. */
    public static final String UNKNOWN_CURSOR = "Invalid params: unknown cursor; the tool list has one page, so ask"
            + " tools/list without a cursor";

    /** The answer to a call cancelled before it ran (MCP sends no answer to a cancelled request, should one leave). */
    public static final String CANCELLED_CALL = "Error: the client cancelled this call";

    /**
     * A call cancelled while it waited for the client's roots, before the tool ran (after "Error: "): FS_CANCELLED's
     * template, with the path as the call gave it (no folder to show it against is known yet), when it gave one.
     */
    static String cancelledBeforeStart(String tool, Object filePath) {
        String op = "read_image".equals(tool) ? "read" : tool;
        if (filePath instanceof String path && !path.isBlank()) {
            // FS_CANCELLED's own template; the path is shown as given, not resolved.
            return dev.toolfs.fs.FsException.cancelled(op, java.nio.file.Path.of(""))
                    .messageFor(unresolved -> dev.toolfs.sandbox.ApprovalRequest.oneLine(path, 200));
        }
        return "the " + op + " call was cancelled before it ran; nothing was done";
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

    /**
     * Asks the client's user with {@code ask} (an elicitation, answered as accepted or not and the approve field), and
     * decides: the same reasons over both transports, those of the approval service where they mean the same.
     */
    static ApprovalDecision approvalByElicitation(Supplier<ElicitAnswer> ask, Cancellation cancellation,
            Duration timeout, ClientWait.Abandon abandon) {
        ElicitAnswer answer;
        try {
            answer = ClientWait.answer(ask, cancellation, timeout, abandon);
        } catch (CancellationException e) {
            return ApprovalDecision.cancelledWhileWaiting();
        } catch (TimeoutException e) {
            return ApprovalDecision.noDecisionWithin(timeout);
        } catch (ExecutionException e) {
            return failedAnswer(e.getCause(), timeout);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ApprovalDecision.cancelledWhileWaiting();
        } catch (RuntimeException e) {
            return failedAnswer(e, timeout);
        }
        return approvalDecision(answer.accepted(), answer.approve());
    }

    /** An elicitation's answer: whether the user accepted the form, and its approve field (null when missing). */
    record ElicitAnswer(boolean accepted, Object approve) {
    }

    /** A request that failed: its own time limit, or an error the client answered with, or a lost connection. */
    private static ApprovalDecision failedAnswer(Throwable failure, Duration timeout) {
        String detail = failure == null ? "" : failure.getMessage() == null || failure.getMessage().isBlank()
                ? failure.getClass().getSimpleName() : failure.getMessage();
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getClass().getSimpleName().equals("TimeoutException")) {
                return ApprovalDecision.noDecisionWithin(timeout);
            }
            if (t instanceof com.fasterxml.jackson.core.JsonProcessingException) {
                // The library's words about its own classes tell the model nothing.
                detail = "its answer was not an elicitation result";
            }
        }
        // The client's words reach the model: on one line, controls shown, and not a page long.
        return ApprovalDecision.deny("the client could not ask its user ("
                + dev.toolfs.sandbox.ApprovalRequest.oneLine(detail, FAILURE_DETAIL_CHARS) + ")");
    }

    /** How much of a client's error message the model is given. */
    static final int FAILURE_DETAIL_CHARS = 300;

    /** How much of a change an elicitation shows (a dialog is no place for a whole large file). */
    static final int APPROVAL_PREVIEW_CHARS = 4000;

    /**
     * What an elicitation asks the client's user about a sandbox escalation: the change, the rule, the reason, and what
     * it would write (cut, saying so, past {@link #APPROVAL_PREVIEW_CHARS}).
     */
    public static String approvalQuestion(ApprovalRequest request) {
        // The model chose the path and the justification: each stays on its line, its controls shown, so that neither
        // can draw a part of the question (a false "It would write …") nor push the change out of view.
        return "The model asks to " + request.tool() + " " + ApprovalRequest.oneLine(request.path(), Integer.MAX_VALUE)
                + ", which the sandbox refuses (" + ApprovalRequest.oneLine(request.reason(), Integer.MAX_VALUE)
                + "). Its justification: " + ApprovalRequest.oneLine(request.justification(), APPROVAL_JUSTIFICATION_CHARS)
                + "\n\n" + request.change().preview(APPROVAL_PREVIEW_CHARS);
    }

    /** How much of the model's justification an elicitation shows. */
    static final int APPROVAL_JUSTIFICATION_CHARS = 1000;

    /** The {@code _meta} key of a successful result's presentation metadata. */
    public static final String METADATA_KEY = "dev.toolfs/metadata";

    /** The {@code _meta} key of a failed result's error name and code. */
    public static final String ERROR_KEY = "dev.toolfs/error";

    /**
     * The result's {@code structuredContent} where the configuration puts the presentation metadata there: the
     * metadata on success, the error's name and code on failure; else none.
     */
    public static Map<String, Object> structuredContent(ToolResult result, MetadataPlacement placement) {
        if (placement != MetadataPlacement.STRUCTURED_CONTENT) {
            return null;
        }
        return result.isError() ? Map.of("error", error(result)) : result.metadata();
    }

    /**
     * The experimental client capability by which a client asks for the cards under {@link MetadataPlacement#AUTO}:
     * the key {@code dev.toolfs/metadata}, with an object as its value, in the {@code experimental} capabilities of its
     * {@code initialize}.
     */
    public static final String METADATA_CAPABILITY = METADATA_KEY;

    /**
     * Whether a client's experimental capabilities (null when it declared none) ask for the cards: the capability's
     * value is an object, as MCP types every experimental capability ({@code false} or {@code null} does not ask). An
     * object is a map as the SDK reads it over stdio, a Vert.x {@code JsonObject} as the HTTP library keeps it.
     */
    public static boolean asksForCards(Map<String, ?> experimental) {
        Object value = experimental == null ? null : experimental.get(METADATA_CAPABILITY);
        return value instanceof Map || value instanceof io.vertx.core.json.JsonObject;
    }

    /**
     * The result's {@code _meta} where the configuration puts the presentation metadata there (and there is any):
     * the keys of the REST answer's {@code metadata} and {@code error}, with this server's prefix; else none. Under
     * {@link MetadataPlacement#AUTO} a success's card goes only to a client that {@code asksForCards}.
     */
    public static Map<String, Object> meta(ToolResult result, MetadataPlacement placement, boolean asksForCards) {
        if (placement != MetadataPlacement.META && placement != MetadataPlacement.AUTO) {
            return null;
        }
        if (result.isError()) {
            return result.error() == null ? null : Map.of(ERROR_KEY, error(result));
        }
        if (placement == MetadataPlacement.AUTO && !asksForCards) {
            return null;
        }
        return result.metadata().isEmpty() ? null : Map.of(METADATA_KEY, result.metadata());
    }

    private static Map<String, Object> error(ToolResult result) {
        Map<String, Object> error = new LinkedHashMap<>();
        if (result.error() != null) {
            error.put("name", result.error().name());
            error.put("code", result.error().code());
        }
        return error;
    }
}
