package dev.toolfs.transport.mcp;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Singleton;

import io.vertx.ext.web.RoutingContext;

/**
 * The tools/call requests over Streamable HTTP whose answers are still being written, so that what a result holds (an
 * image's share of memory) is given back once its answer is written, not once it is encoded: the MCP library writes
 * the answer after the tool's handler returns, as JSON, and six parallel reads of 5 MB images ran a 64 MiB heap out
 * while their answers were written (found by black-box testing). Over the older SSE transport the answer travels on
 * the event stream, apart from its request, and is given back once encoded.
 */
@Singleton
public class AnswersInFlight {

    /** The answers open, by session and request id. */
    private final ConcurrentHashMap<String, Answer> open = new ConcurrentHashMap<>();

    /** What waits for one answer to be written; once it is, whatever comes later is given back at once. */
    static final class Answer {
        private final List<Runnable> held = new ArrayList<>();
        private boolean written;
        /** A second request came with the same id: which answer is which cannot be told, so nothing more waits. */
        private boolean shared;

        synchronized boolean hold(Runnable release) {
            if (written || shared) {
                return false;
            }
            held.add(release);
            return true;
        }

        synchronized void share() {
            shared = true;
        }

        void written() {
            List<Runnable> due;
            synchronized (this) {
                written = true;
                due = List.copyOf(held);
                held.clear();
            }
            due.forEach(Runnable::run);
        }
    }

    /**
     * The answer to request {@code id} of {@code session} is written on {@code ctx}'s response, which ends when it is
     * written or the connection is closed. A second request with an id in use is not followed.
     */
    public void opened(RoutingContext ctx, String session, Object id) {
        if (session == null || id == null) {
            return;
        }
        String key = key(session, id);
        Answer answer = new Answer();
        Answer before = open.putIfAbsent(key, answer);
        if (before != null) {
            // A client's mistake (JSON-RPC ids are unique among a client's open requests): tied to the first answer,
            // the second call's content would be emptied once the first was written, perhaps before its own was.
            before.share();
            return;
        }
        ctx.addEndHandler(done -> whenSent(ctx, () -> {
            open.remove(key, answer);
            answer.written();
        }));
    }

    /** How often to look whether an ended answer has left the connection's buffer. */
    private static final long SENT_POLL_MILLIS = 10;

    /**
     * The longest an ended answer is waited for: a client that does not read holds its connection's buffer full, and
     * the room with it, which other calls wait for (at most 30 s); over HTTP/2 the buffer is the whole connection's.
     */
    private static final long SENT_WAIT_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(10);

    /**
     * Runs {@code then} once what the response wrote has left the connection's buffer for the socket (its channel is
     * writable again), the connection is gone, or 10 s have passed. An ended response may still be queued whole there, as the bytes of its
     * JSON: a slow client held a 7 MB answer in the heap after its end (found by black-box testing).
     */
    static void whenSent(RoutingContext ctx, Runnable then) {
        io.netty.channel.Channel channel = ctx.request().connection() instanceof io.vertx.core.net.impl.ConnectionBase c
                ? c.channel()
                : null;
        if (channel == null || sent(channel)) {
            then.run();
            return;
        }
        long deadline = System.nanoTime() + SENT_WAIT_NANOS;
        ctx.vertx().setPeriodic(SENT_POLL_MILLIS, timer -> {
            if (sent(channel) || System.nanoTime() - deadline > 0) {
                ctx.vertx().cancelTimer(timer);
                then.run();
            }
        });
    }

    private static boolean sent(io.netty.channel.Channel channel) {
        return !channel.isActive() || channel.isWritable();
    }

    /**
     * Runs {@code release} once the answer to request {@code id} of {@code session} is written, then {@code drop}, which
     * lets go of the answer itself; when that answer is not followed, runs {@code release} now and never {@code drop}
     * (the answer is still to be written). The MCP library keeps a call's response after writing it, in tasks queued
     * behind other calls' (found by black-box testing: six written answers of 7 MB each were still held, and ran a
     * 64 MiB heap out): {@code drop} empties what it holds.
     */
    public void whenWritten(String session, Object id, Runnable release, Runnable drop) {
        Answer answer = session == null || id == null ? null : open.get(key(session, id));
        if (answer == null || !answer.hold(() -> {
            release.run();
            drop.run();
        })) {
            release.run();
        }
    }

    /** How many answers are followed (for tests). */
    int open() {
        return open.size();
    }

    /** One key for an id however its number was read (an Integer here, a Long there); a string id is another. */
    static String key(String session, Object id) {
        return session + (id instanceof CharSequence ? "\u0000s:" : "\u0000n:") + id;
    }
}
