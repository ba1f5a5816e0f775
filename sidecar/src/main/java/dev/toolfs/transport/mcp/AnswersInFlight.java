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

        /** What became of a result handed over: held until the answer is written, or not. */
        enum Held {
            /** Held until the answer is written. */
            HELD,
            /** The answer ended before its result came: its connection is gone, and it will never be written. */
            ENDED,
            /** Which answer it is cannot be told: the answer is still to be written. */
            NOT_FOLLOWED
        }

        /** Whether a result was handed over. */
        private boolean resultCame;

        synchronized Held hold(Runnable release) {
            if (shared) {
                return Held.NOT_FOLLOWED;
            }
            resultCame = true;
            if (written) {
                return Held.ENDED;
            }
            held.add(release);
            return Held.HELD;
        }

        synchronized boolean resultCame() {
            return resultCame;
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
            answer.written();
            if (answer.resultCame()) {
                open.remove(key, answer);
            } else {
                // Ended before its result came (its connection closed): kept a while, so that the result, when it
                // comes, is let go at once rather than kept with an answer nobody will read.
                ctx.vertx().setTimer(ENDED_KEPT_MILLIS, timer -> open.remove(key, answer));
            }
        }));
    }

    /** How long an answer that ended before its result came is kept for that result. */
    static final long ENDED_KEPT_MILLIS = 120_000;

    /** How often to look whether an ended answer has left the connection's buffer. */
    private static final long SENT_POLL_MILLIS = 10;

    /**
     * How long an answer may stay in the connection's buffer without any of it being taken: a client that stops reading
     * holds it there, in the heap (7 MB for a 5 MB image), and the room with it, which other calls wait for. Past this
     * its connection is closed, which lets both go (found by black-box testing: sixteen clients that never read their
     * answers ran a 64 MiB heap out once the room had been given back for them).
     */
    static final long STALL_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(30);

    /**
     * Runs {@code then} once what the response wrote has left the connection's buffer for the socket, or the connection
     * is gone; a connection whose buffer does not shrink for {@link #STALL_NANOS} is closed. Looked at on the
     * connection's event loop: the response ends on a worker thread, and its bytes reach the buffer only once the
     * event loop has taken them (found by black-box testing: looked at from the worker, an answer of 7 MB was never in
     * it).
     */
    static void whenSent(RoutingContext ctx, Runnable then) {
        io.netty.channel.Channel channel = ctx.request().connection() instanceof io.vertx.core.net.impl.ConnectionBase c
                ? c.channel()
                : null;
        if (channel == null) {
            then.run();
            return;
        }
        channel.eventLoop().execute(() -> {
            if (sent(channel)) {
                then.run();
                return;
            }
            long[] progress = { pending(channel), System.nanoTime() };
            ctx.vertx().setPeriodic(SENT_POLL_MILLIS, timer -> {
                if (sent(channel)) {
                    ctx.vertx().cancelTimer(timer);
                    then.run();
                    return;
                }
                long now = pending(channel);
                if (now < progress[0]) {
                    progress[0] = now;
                    progress[1] = System.nanoTime();
                } else if (System.nanoTime() - progress[1] > STALL_NANOS) {
                    ctx.vertx().cancelTimer(timer);
                    channel.close();
                    then.run();
                }
            });
        });
    }

    /** The bytes the connection's buffer holds for the socket (as many as make it unwritable, when not known). */
    private static long pending(io.netty.channel.Channel channel) {
        io.netty.channel.ChannelOutboundBuffer buffer = channel.unsafe().outboundBuffer();
        return buffer == null ? 0 : buffer.totalPendingWriteBytes();
    }

    private static boolean sent(io.netty.channel.Channel channel) {
        return !channel.isActive() || channel.isWritable();
    }

    /**
     * Runs {@code release} once the answer to request {@code id} of {@code session} is written, then {@code drop}, which
     * lets go of the answer itself; both now when the answer ended before (its connection is gone); when that answer is
     * not followed, runs {@code release} now and never {@code drop} (the answer is still to be written). The MCP library keeps a call's response after writing it, in tasks queued
     * behind other calls' (found by black-box testing: six written answers of 7 MB each were still held, and ran a
     * 64 MiB heap out): {@code drop} empties what it holds.
     */
    public void whenWritten(String session, Object id, Runnable release, Runnable drop) {
        Answer answer = session == null || id == null ? null : open.get(key(session, id));
        Answer.Held held = answer == null ? Answer.Held.NOT_FOLLOWED : answer.hold(() -> {
            release.run();
            drop.run();
        });
        if (held == Answer.Held.ENDED) {
            open.remove(key(session, id), answer);
            // Its connection closed before the result came: nothing will be sent, and the library keeps the answer a
            // while (found by black-box testing: eight clients that closed at once after asking ran a 64 MiB heap out).
            release.run();
            drop.run();
        } else if (held == Answer.Held.NOT_FOLLOWED) {
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
