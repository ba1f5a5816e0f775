package dev.toolfs.transport.rest;

import io.vertx.core.Handler;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/**
 * Answers a body over its limit ({@link BodyLimits}: Tool FS's or Quarkus', the smaller) with a JSON 413: a declared
 * length is judged before the body is read (Quarkus' own check would answer with an empty 413), a chunked body once it
 * is. Put once before and once after the body handler.
 */
public class BodyLimitHandler implements Handler<RoutingContext> {

    private final BodyLimits limits;

    /** Null where bodies take no room: the answers to approvals, which large bodies may be waiting for. */
    private final BodyRoom room;

    public BodyLimitHandler(BodyLimits limits) {
        this(limits, true);
    }

    /**
     * @param takesRoom whether a body takes room in {@link BodyRoom}: not an approval's answer, which large bodies waiting
     *        for it must not keep out (found by black-box testing), and which is small
     */
    public BodyLimitHandler(BodyLimits limits, boolean takesRoom) {
        this.limits = limits;
        this.room = takesRoom ? BodyRoom.configured(limits.effective()) : null;
    }

    /** The room this request took for its body, in bytes. */
    private static final String ROOM = "tool-fs.body-room";

    /** Whether Quarkus decompresses request bodies ({@code quarkus.http.enable-decompression}, off by default). */
    private final boolean decompresses = org.eclipse.microprofile.config.ConfigProvider.getConfig()
            .getOptionalValue("quarkus.http.enable-decompression", Boolean.class).orElse(false);

    @Override
    public void handle(RoutingContext ctx) {
        long size = -1;
        boolean received = ctx.body() != null && ctx.body().buffer() != null;
        // Every Content-Encoding header: one of "identity" must not hide a "gzip" after it (found by black-box testing).
        String coding = ctx.request().headers().getAll("Content-Encoding").stream()
                .filter(c -> !c.isBlank() && !c.trim().equalsIgnoreCase("identity")).findFirst().orElse(null);
        boolean hasBody = contentLength(ctx.request().getHeader("Content-Length")) > 0
                || ctx.request().getHeader("Transfer-Encoding") != null;
        String expectation = received ? null : RestFailureHandler.unmetExpectation(ctx);
        if (expectation != null) {
            // Vert.x judges only the first Expect header (found by black-box testing: "foo" after "100-continue" passed).
            refuse(ctx, 417, RestFailureHandler.expectationRefused(expectation));
            return;
        }
        if (!received && hasBody && !decompresses && coding != null) {
            // Read as it came, a gzip body was said to be no valid JSON (found by black-box testing).
            refuse(ctx, 415, "the request body is encoded (Content-Encoding: "
                    + dev.toolfs.fs.ShownText.escaped(HeaderText.utf8(coding)) + "), which this server does not decode;"
                    + " send the JSON as it is, without Content-Encoding");
            return;
        }
        if (received) {
            size = ctx.body().length();
            if (!receivedWhole(ctx, size)) {
                return;
            }
        } else {
            size = contentLength(ctx.request().getHeader("Content-Length")); // a malformed one: the body handler judges it
        }
        if (size > limits.effective()) {
            refuse(ctx, 413, limits.tooLarge());
            return;
        }
        if (!received && !takeRoom(ctx, size)) {
            return;
        }
        ctx.next();
    }

    /**
     * Answers a request whose body is not read, and closes its connection once answered, so that the rest of the body
     * is not read (and not waited for); over HTTP/2 the stream's end says it all (a Connection header is an error there,
     * and the client's stream was reset without an answer).
     */
    static void refuse(RoutingContext ctx, int status, String error) {
        ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json; charset=utf-8");
        String answer = new JsonObject().put("error", error).encode();
        if (ctx.request().version() == io.vertx.core.http.HttpVersion.HTTP_2) {
            ctx.response().end(answer);
            return;
        }
        ctx.response().putHeader("Connection", "close").end(answer).onComplete(done -> ctx.request().connection().close());
    }

    /**
     * Takes room for the body about to be read, given back when the answer is sent (see {@link BodyRoom}); answers 503
     * when there is none.
     */
    private boolean takeRoom(RoutingContext ctx, long declared) {
        if (room == null || ctx.get(ROOM) != null) {
            return true;
        }
        long bytes;
        if (declared >= 0) {
            bytes = declared;
        } else if (ctx.request().getHeader("Transfer-Encoding") != null
                || ctx.request().version() == io.vertx.core.http.HttpVersion.HTTP_2 && !ctx.request().isEnded()) {
            // Chunked, or over HTTP/2 without a length (which has no Transfer-Encoding): as large as it may be. Such
            // HTTP/2 bodies took no room, and six of 3.5 MB ran a 48 MiB heap out (found by black-box testing).
            bytes = limits.effective();
        } else {
            return true; // no body
        }
        if (bytes <= 0) {
            return true;
        }
        if (!room.take(bytes)) {
            // The body refused is not read either (found by black-box testing: the 503 came once 100 MB had been sent).
            ctx.response().putHeader("Retry-After", "1");
            refuse(ctx, 503, room.busy("bodies", bytes));
            return false;
        }
        ctx.put(ROOM, bytes);
        ctx.addEndHandler(done -> room.give(bytes));
        if (bytes >= BodyRoom.SMALL_BYTES || room.smallUnderPressure()) {
            // Small bodies are watched only once half their room is held: forty that trickled held it all, and
            // an approval's answer got the 503 (found by black-box testing); a timer for every read would cost each.
            watchRate(ctx, declared);
        }
        return true;
    }

    /** How often a watched body's progress is looked at while it comes. */
    static final long RATE_WINDOW_MILLIS = 10_000;
    /** The least a watched body must bring in each window (all that is left, if less): far below any client's pace. */
    static final long MIN_WINDOW_BYTES = 10 * 1024;

    /**
     * Cuts a body that comes slower than {@link #MIN_WINDOW_BYTES} a window (or, with less left to come, does not end
     * within one), once room is taken for it: one that
     * trickled a byte every few seconds held its room for as long as it liked (Quarkus' idle timeout counts silence,
     * not slowness), and every other large write got the 503 meanwhile (found by black-box testing). It is answered with
     * a 408 and its connection closed (over HTTP/2 its stream ended), which gives the room back; nothing was done. (A
     * reset alone left the room taken: the answer's end is what gives it back.)
     */
    private static void watchRate(RoutingContext ctx, long declared) {
        io.vertx.core.http.HttpServerRequest request = ctx.request();
        long[] before = { request.bytesRead() };
        long timer = ctx.vertx().setPeriodic(RATE_WINDOW_MILLIS, id -> {
            if (request.isEnded() || ctx.response().ended() || ctx.response().closed()) {
                ctx.vertx().cancelTimer(id);
                return;
            }
            long now = request.bytesRead();
            long due = declared < 0 ? MIN_WINDOW_BYTES : Math.min(MIN_WINDOW_BYTES, declared - before[0]);
            if (now - before[0] < due) {
                ctx.vertx().cancelTimer(id);
                refuse(ctx, 408, "the request body came too slowly (" + (now - before[0]) + " bytes in the last "
                        + RATE_WINDOW_MILLIS / 1000 + " s; at least " + due + " are needed); nothing was done"
                        + " — send the body at once");
                return;
            }
            before[0] = now;
        });
        ctx.addEndHandler(done -> ctx.vertx().cancelTimer(timer));
    }

    /**
     * The length a body must have once read: its Content-Length, or -1 when there is none to hold it to (chunked, a
     * length that is no number, or a Content-Encoding the server may decode to another length).
     */
    static long declaredLength(String contentLength, String contentEncoding) {
        return contentEncoding != null ? -1 : contentLength(contentLength);
    }

    /** A Content-Length header's value, or -1 when there is none or it is no number. */
    private static long contentLength(String header) {
        try {
            return header == null ? -1 : Long.parseLong(header.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Whether the body read is as long as the request said: a chunk the body handler failed to keep (out of memory)
     * must not leave a shorter body that still parses, and is then written as if whole.
     */
    private static boolean receivedWhole(RoutingContext ctx, long received) {
        long declared = declaredLength(ctx.request().getHeader("Content-Length"),
                ctx.request().getHeader("Content-Encoding"));
        if (declared < 0 || declared == received) {
            return true;
        }
        ctx.response().setStatusCode(503).putHeader("Content-Type", "application/json; charset=utf-8")
                .end(new JsonObject().put("error", "the request body was not received whole (" + received + " of "
                        + declared + " bytes; the server may be short of memory); nothing was done — retry").encode());
        return false;
    }
}
