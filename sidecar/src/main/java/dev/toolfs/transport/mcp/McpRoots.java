package dev.toolfs.transport.mcp;

import java.net.URI;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.time.Duration;

import org.jboss.logging.Logger;

import dev.toolfs.fs.local.Workspace;

/**
 * The client's roots, when it sends them, narrow the session's folder: the first {@code file:} root inside the
 * workspace becomes the folder relative paths resolve against. A root outside the workspace never widens anything.
 * Asked once per MCP session: calls made while it is being asked take that answer.
 */
public final class McpRoots {

    private static final Logger LOG = Logger.getLogger(McpRoots.class);

    private final Workspace workspace;
    /** Sessions whose roots were asked, the most recent last; the oldest are forgotten (and asked again if seen). */
    private static final int REMEMBERED = 4096;

    private final Map<String, Optional<String>> cwdBySession = Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Optional<String>> eldest) {
                    return size() > REMEMBERED;
                }
            });

    public McpRoots(Workspace workspace) {
        this.workspace = workspace;
    }

    /** When each session's roots were first asked, while they are not known: the session waits 5 s for them in all. */
    private final Map<String, Long> firstAsked = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
            return size() > REMEMBERED;
        }
    });

    /**
     * The session's folder from its roots, asked once a session with {@code rootUris} given how long it may wait: the
     * session waits {@link ClientWait#ROOTS_WAIT} in all, so a call that asks again after one cancelled while it
     * waited has only what is left of it.
     */
    public Optional<String> cwd(String session, java.util.function.Function<Duration, List<String>> rootUris,
            dev.toolfs.fs.Cancellation cancellation) {
        while (true) {
            Optional<String> known = cwdBySession.get(session);
            if (known != null) {
                return known;
            }
            // One call of a session asks; calls that come meanwhile take its answer (found by black-box testing: a
            // model's first parallel reads each asked, and each resolved paths against its own answer).
            java.util.concurrent.CompletableFuture<Optional<String>> mine = new java.util.concurrent.CompletableFuture<>();
            java.util.concurrent.CompletableFuture<Optional<String>> asking = inFlight.putIfAbsent(session, mine);
            if (asking != null) {
                try {
                    return cancellation.await(asking, ClientWait.ROOTS_WAIT.plus(WAITER_MARGIN));
                } catch (java.util.concurrent.ExecutionException e) {
                    continue; // the call that asked was cancelled: this one asks, for the time that is left
                } catch (java.util.concurrent.TimeoutException e) {
                    return Optional.empty(); // not expected: the asking call's wait is bounded by the same 5 s
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new CancellationException("interrupted while waiting for the client's roots");
                }
            }
            Optional<String> cwd;
            try {
                cwd = ask(session, rootUris);
            } catch (Throwable e) {
                // Out of the map first, so that a call taking this failure finds the way free to ask.
                inFlight.remove(session, mine);
                // Wrapped: a CancellationException as it is would reach the waiting calls as their own cancellation.
                mine.completeExceptionally(new IllegalStateException("the call that asked for the roots failed", e));
                throw e;
            }
            inFlight.remove(session, mine);
            mine.complete(cwd);
            return cwd;
        }
    }

    /** How much longer than a session's roots wait the calls that take another's answer wait for it. */
    private static final Duration WAITER_MARGIN = Duration.ofSeconds(1);

    /** The call of each session that is asking for its roots now, as the answer to come. */
    private final Map<String, java.util.concurrent.CompletableFuture<Optional<String>>> inFlight =
            new java.util.concurrent.ConcurrentHashMap<>();

    private Optional<String> ask(String session, java.util.function.Function<Duration, List<String>> rootUris) {
        Optional<String> known = cwdBySession.get(session);
        if (known != null) {
            return known; // answered between the look above and this call's turn
        }
        long now = System.nanoTime();
        Long first = firstAsked.putIfAbsent(session, now);
        Duration left = first == null ? ClientWait.ROOTS_WAIT : ClientWait.ROOTS_WAIT.minusNanos(now - first);
        // Asked outside the lock: the client's answer takes a round trip.
        Optional<String> cwd;
        try {
            // None of the 5 s left: the client did not list its roots in time.
            cwd = left.isNegative() || left.isZero() ? Optional.empty() : pick(rootUris.apply(left));
        } catch (CancellationException e) {
            // The call was cancelled while it waited: nothing learned, the next call asks again (what time is left).
            throw e;
        } catch (RuntimeException e) {
            LOG.debugf(e, "MCP session %s: roots not available", session);
            cwd = Optional.empty();
        }
        cwdBySession.put(session, cwd);
        firstAsked.remove(session);
        return cwd;
    }

    Optional<String> pick(List<String> uris) {
        for (String uri : uris) {
            try {
                URI u = URI.create(uri);
                if (u.getScheme() == null || !u.getScheme().equalsIgnoreCase("file")) {
                    continue;
                }
                // file:///x, file:/x and file://localhost/x (RFC 8089) name the same local folder.
                String host = u.getHost();
                if (host != null && !host.isEmpty() && !host.equalsIgnoreCase("localhost")) {
                    continue;
                }
                Path p = Path.of(new URI("file", null, u.getPath(), null)).toAbsolutePath().normalize();
                if (workspace.folder(p).isPresent()) {
                    return Optional.of(p.toString());
                }
            } catch (Exception e) {
                // A root we cannot read is simply not used.
            }
        }
        return Optional.empty();
    }
}
