package dev.toolfs.sandbox;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;

import org.jboss.logging.Logger;

import dev.toolfs.fs.Cancellation;

/**
 * The default approval service. In {@code ask} mode a request waits in a queue that a person answers (REST
 * {@code /approvals}, or directly by an MCP client that supports elicitation) and is denied after the timeout. Every
 * decision is logged with its session and justification.
 */
public class ConfiguredApprovals implements ApprovalService {

    private static final Logger LOG = Logger.getLogger(ConfiguredApprovals.class);

    public enum Mode {
        DENY,
        APPROVE,
        ASK
    }

    /**
     * The most escalations that wait for a person at once, asked of the client or queued. Each holds a thread of the
     * server for as long as it waits: found by black-box testing, 250 of them held every worker thread, so that nothing
     * else was served, for the whole approval timeout. A person decides a few at a time anyway.
     */
    public static final int MAX_WAITING = 32;

    static final String TOO_MANY_WAITING = "too many changes are already waiting for a decision (" + MAX_WAITING
            + "); retry once the user has decided those";

    private final Mode mode;
    private final Duration timeout;
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final java.util.concurrent.Semaphore waiting = new java.util.concurrent.Semaphore(MAX_WAITING);

    private record Pending(ApprovalRequest request, CompletableFuture<ApprovalDecision> decision) {
    }

    public ConfiguredApprovals(Mode mode, Duration timeout) {
        this.mode = mode;
        this.timeout = timeout;
    }

    @Override
    public boolean mayApprove() {
        return mode != Mode.DENY;
    }

    @Override
    public ApprovalDecision decide(ApprovalRequest request, ClientApprover client) {
        return decide(request, client, Cancellation.NONE);
    }

    /** A request waiting for a person is withdrawn when its call is cancelled (a REST client closed its connection). */
    @Override
    public ApprovalDecision decide(ApprovalRequest request, ClientApprover client, Cancellation cancellation) {
        ApprovalDecision decision = switch (mode) {
            case DENY -> ApprovalDecision.deny("escalations are not accepted here (quarkus.tool-fs.sandbox.approval=deny)");
            case APPROVE -> ApprovalDecision.approve("approved by configuration (quarkus.tool-fs.sandbox.approval=approve)");
            case ASK -> ask(request, client, cancellation);
        };
        // What the model wrote is escaped: a line break or a terminal control in it would forge log lines.
        LOG.infof("sandbox escalation %s: %s %s in session %s, justification \"%s\": %s", decision.approved()
                ? "approved" : "denied", request.tool(), logged(String.valueOf(request.path())), logged(request.sessionId()),
                logged(request.justification()), logged(decision.reason()));
        return decision;
    }

    /**
     * Control characters (C0, DEL, C1, the Unicode line separators, the marks and overrides that turn text around),
     * quotes and backslashes as escapes, so a logged text stays one plain line that reads as it is.
     */
    public static String logged(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (dev.toolfs.fs.ShownText.showsOtherThanItIs(c)) {
                sb.append(String.format("\\u%04x", (int) c));
            } else if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private ApprovalDecision ask(ApprovalRequest request, ClientApprover client, Cancellation cancellation) {
        if (!waiting.tryAcquire()) {
            return ApprovalDecision.deny(TOO_MANY_WAITING);
        }
        try {
            return askWithin(request, client, cancellation);
        } finally {
            waiting.release();
        }
    }

    private ApprovalDecision askWithin(ApprovalRequest request, ClientApprover client, Cancellation cancellation) {
        Optional<ApprovalDecision> direct = client.ask(request);
        if (direct.isPresent()) {
            return direct.get();
        }
        Pending p = new Pending(request, new CompletableFuture<>());
        pending.put(request.id(), p);
        try {
            return cancellation.await(p.decision(), timeout);
        } catch (java.util.concurrent.CancellationException e) {
            p.decision().complete(ApprovalDecision.cancelledWhileWaiting()); // a decision from now on is refused
            return ApprovalDecision.cancelledWhileWaiting();
        } catch (TimeoutException e) {
            // A decision sent at this very moment was told it was taken (resolve completed the future): it is.
            ApprovalDecision none = ApprovalDecision.noDecisionWithin(timeout);
            return p.decision().complete(none) ? none : p.decision().getNow(none);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.decision().complete(ApprovalDecision.cancelledWhileWaiting());
            return ApprovalDecision.cancelledWhileWaiting();
        } catch (ExecutionException e) {
            return ApprovalDecision.deny("the decision failed: " + e.getCause());
        } finally {
            pending.remove(request.id());
        }
    }

    /** The requests waiting for a person, oldest first. */
    public List<ApprovalRequest> pending() {
        Collection<Pending> all = pending.values();
        return all.stream().map(Pending::request)
                .sorted(java.util.Comparator.comparing(ApprovalRequest::requestedAt)).toList();
    }

    /**
     * Decides at once every waiting request that {@code which} picks, as {@code decision} says: they are no longer
     * listed, and their calls answer now instead of at the timeout.
     */
    public void withdraw(java.util.function.Predicate<ApprovalRequest> which,
            java.util.function.Function<ApprovalRequest, ApprovalDecision> decision) {
        for (Pending p : pending.values()) {
            if (which.test(p.request())) {
                p.decision().complete(decision.apply(p.request()));
                pending.remove(p.request().id(), p);
            }
        }
    }

    /** Decides a waiting request; false when there is no such request (already decided or timed out). */
    public boolean resolve(String id, ApprovalDecision decision) {
        Pending p = pending.get(id);
        return p != null && p.decision().complete(decision);
    }

}
