package dev.toolfs.runtime;

import java.util.Optional;
import java.util.Set;

import dev.toolfs.fs.Cancellation;
import dev.toolfs.sandbox.ClientApprover;

/**
 * Who calls a tool and from where.
 *
 * @param sessionId the tool session (observations are kept per session)
 * @param cwd an absolute folder inside the workspace to resolve relative paths against, or empty for the session's
 * @param model the routed model of this call, or empty for the session's latest
 * @param cancellation checked by the tools before each point of no return
 * @param approver how the transport can ask its client to approve a sandbox escalation, if it can
 * @param hiddenTools tools of the catalog the caller does not offer its model (a LangChain4j app without image
 *        content leaves out read_image): error advice does not send the model to them
 */
public record ToolCall(String sessionId, Optional<String> cwd, Optional<String> model, Cancellation cancellation,
        ClientApprover approver, Set<String> hiddenTools) {

    public ToolCall {
        java.util.Objects.requireNonNull(sessionId, "sessionId");
        cwd = cwd == null ? Optional.empty() : cwd;
        model = model == null ? Optional.empty() : model;
        cancellation = cancellation == null ? Cancellation.NONE : cancellation;
        approver = approver == null ? ClientApprover.NONE : approver;
        hiddenTools = hiddenTools == null ? Set.of() : Set.copyOf(hiddenTools);
    }

    public ToolCall(String sessionId, Optional<String> cwd, Optional<String> model, Cancellation cancellation,
            ClientApprover approver) {
        this(sessionId, cwd, model, cancellation, approver, Set.of());
    }

    public ToolCall(String sessionId, Optional<String> cwd, Optional<String> model, Cancellation cancellation) {
        this(sessionId, cwd, model, cancellation, ClientApprover.NONE);
    }

    public static final String DEFAULT_SESSION = "default";

    public static ToolCall session(String sessionId) {
        return new ToolCall(sessionId, Optional.empty(), Optional.empty(), Cancellation.NONE);
    }

    public ToolCall withCwd(String cwd) {
        return new ToolCall(sessionId, Optional.ofNullable(cwd), model, cancellation, approver, hiddenTools);
    }

    public ToolCall withModel(String model) {
        return new ToolCall(sessionId, cwd, Optional.ofNullable(model), cancellation, approver, hiddenTools);
    }

    public ToolCall withCancellation(Cancellation cancellation) {
        return new ToolCall(sessionId, cwd, model, cancellation, approver, hiddenTools);
    }

    public ToolCall withApprover(ClientApprover approver) {
        return new ToolCall(sessionId, cwd, model, cancellation, approver, hiddenTools);
    }

    public ToolCall withHiddenTools(Set<String> hiddenTools) {
        return new ToolCall(sessionId, cwd, model, cancellation, approver, hiddenTools);
    }
}
