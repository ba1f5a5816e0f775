package dev.toolfs.transport.mcp;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jboss.logging.Logger;

import io.quarkiverse.mcp.server.runtime.ServerRequests;

/**
 * Which MCP session each request of the server's to a client (an approval's elicitation, a roots list) was sent on,
 * so that over HTTP only that session can answer it. The MCP library matches an answer by its id alone, and its ids
 * are one counter for all sessions (1, 2, 3…): without this, any client of the server could approve another
 * session's sandbox escalation by answering its id.
 * <p>
 * The library keeps a request's id to itself. It takes the next id, and notes the request as awaiting an answer, when
 * the request is subscribed to; so the requests are sent one at a time here, and the id is the first one after the
 * last id found that the library awaits an answer for (its pings take ids too, but await no answer).
 */
@Singleton
public class ServerRequestOwners {

    private static final Logger LOG = Logger.getLogger(ServerRequestOwners.class);

    /** How far past the last id found to look: the pings sent meanwhile (one per session per ping interval). */
    private static final int SEARCH = 1_000_000;

    @Inject
    ServerRequests library;

    private final Object lock = new Object();

    /** The library's sessions, to tell a client that a request of the server's is no longer awaited. */
    @Inject
    io.quarkiverse.mcp.server.runtime.ConnectionManager connections;

    /**
     * A request awaiting its answer: the session it was sent on, the thread that waits, the answer to come, and whether
     * it is an elicitation (else a roots/list).
     */
    private record Pending(String session, Thread asking, CompletableFuture<?> answer, boolean elicitation) {
    }

    /** The pending requests by id; guarded by {@link #lock}. */
    private final Map<Long, Pending> owners = new HashMap<>();

    /** The threads whose waits were given up: what they send after that is not sent at all; guarded by {@link #lock}. */
    private final java.util.Set<Thread> abandoned = java.util.Collections.newSetFromMap(new java.util.WeakHashMap<>());

    /** The last id found; guarded by {@link #lock}. */
    private long lastId;

    /**
     * Sends a request on {@code session}: {@code subscribe} subscribes to it (the library then sends it) and returns
     * the answer to come. Its id is the session's until that completes, in any way (answered, failed, timed out), or
     * until the calling thread gives it up ({@link #abandon}).
     */
    public <T> CompletableFuture<T> send(String session, boolean elicitation, Supplier<CompletableFuture<T>> subscribe) {
        CompletableFuture<T> answer;
        long id;
        synchronized (lock) {
            if (abandoned.contains(Thread.currentThread())) {
                // Given up before it was sent: the client is never asked.
                throw new java.util.concurrent.CancellationException("the wait for this answer was given up");
            }
            answer = subscribe.get();
            id = find();
            if (id > 0) {
                owners.put(id, new Pending(session, Thread.currentThread(), answer, elicitation));
            }
        }
        if (id > 0) {
            answer.whenComplete((result, failure) -> release(id));
        } else if (!answer.isDone()) {
            // Not expected: the answer can then come from no session, and the request waits for its time limit.
            LOG.warnf("could not tell the id of a request sent on MCP session %s; its answer will not be accepted",
                    session);
        }
        return answer;
    }

    private long find() {
        for (long id = lastId + 1; id <= lastId + SEARCH; id++) {
            if (library.hasResponseHandler(id)) {
                lastId = id;
                return id;
            }
        }
        return -1;
    }

    private void release(long id) {
        synchronized (lock) {
            owners.remove(id);
        }
    }

    /** Whether the library still has session {@code session}: one that ended can answer nothing. */
    public boolean live(String session) {
        return connections.has(session);
    }

    /** Who may answer the request {@code id}. */
    public enum Owner {
        /** The session the request was sent on. */
        THIS_SESSION,
        /** Another session: the answer must not reach the library, which would take it. */
        ANOTHER_SESSION,
        /** No pending request has this id (a ping's, or one given up on): the library would drop the answer. */
        NONE
    }

    /** Whether the pending request {@code id} is an elicitation. */
    public boolean elicitation(long id) {
        synchronized (lock) {
            Pending pending = owners.get(id);
            return pending != null && pending.elicitation();
        }
    }

    /** Whose pending request {@code id} is, for an answer that came on {@code session}. */
    public Owner owner(long id, String session) {
        Pending pending;
        synchronized (lock) { // held only while a request is subscribed to: microseconds
            pending = owners.get(id);
        }
        return pending == null ? Owner.NONE
                : pending.session().equals(session) ? Owner.THIS_SESSION : Owner.ANOTHER_SESSION;
    }

    /**
     * The client answered request {@code id} of {@code session} with a JSON-RPC error: the wait for it ends with that
     * error. The library cannot take such an answer (it fails the client's POST with an HTTP 500 and keeps waiting).
     *
     * @return false when no such request of that session is pending
     */
    public boolean failed(long id, String session, String error) {
        Pending pending;
        synchronized (lock) {
            pending = owners.get(id);
            if (pending == null || !pending.session().equals(session)) {
                return false;
            }
            owners.remove(id);
        }
        pending.answer().completeExceptionally(new IllegalStateException(error));
        return true;
    }

    /**
     * The requests {@code asking} sent that are still unanswered are no longer awaited: each is given up, and its
     * client told with {@code notifications/cancelled}, as MCP asks, so that a question its user still sees goes away.
     * The library can send that only on the session's own event stream (GET /mcp): a client that keeps none does not
     * get it.
     */
    public void abandon(Thread asking, String reason) {
        Map<Long, Pending> given = new HashMap<>();
        synchronized (lock) {
            abandoned.add(asking);
            owners.entrySet().removeIf(e -> {
                if (e.getValue().asking() == asking) {
                    given.put(e.getKey(), e.getValue());
                    return true;
                }
                return false;
            });
        }
        given.forEach((id, pending) -> {
            // Completed with a failure that is no cancellation: a cancellation (even one completed so) would end the
            // subscription, and with it the library's own time limit, which is what removes its record of the request.
            pending.answer().completeExceptionally(new IllegalStateException("given up: " + reason));
            try {
                io.quarkiverse.mcp.server.runtime.McpConnectionBase connection = connections.get(pending.session());
                if (connection != null) {
                    connection.send(new io.vertx.core.json.JsonObject().put("jsonrpc", "2.0")
                            .put("method", ClientWait.CANCELLED)
                            .put("params", new io.vertx.core.json.JsonObject(ClientWait.cancelled(id, reason))));
                }
            } catch (RuntimeException e) {
                // The session's stream has ended: nobody is left to tell, and the wait's own outcome stands.
                LOG.debugf(e, "could not tell MCP session %s that request %d is given up", pending.session(), id);
            }
        });
    }
}
