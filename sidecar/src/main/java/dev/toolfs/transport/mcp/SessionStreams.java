package dev.toolfs.transport.mcp;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.vertx.core.http.HttpServerResponse;

/**
 * The event streams ({@code GET /mcp}) open for each MCP session over Streamable HTTP. The library forgets a session it
 * ends (a {@code DELETE}, or one ended to make room) but leaves its streams open, so that the client went on listening
 * to a session that no longer was, and kept a connection until the HTTP idle timeout; they are ended with it.
 */
final class SessionStreams {

    private final Map<String, Set<HttpServerResponse>> open = new ConcurrentHashMap<>();

    /** A stream of session {@code session} is being opened; it is forgotten once it ends or its connection closes. */
    void opened(String session, HttpServerResponse stream, java.util.function.Consumer<Runnable> onEnd) {
        open.computeIfAbsent(session, s -> ConcurrentHashMap.newKeySet()).add(stream);
        onEnd.accept(() -> open.computeIfPresent(session, (s, streams) -> {
            streams.remove(stream);
            return streams.isEmpty() ? null : streams;
        }));
    }

    /** Session {@code session} has ended: its streams end too, which tells their client. */
    void ended(String session) {
        Set<HttpServerResponse> streams = open.remove(session);
        if (streams != null) {
            for (HttpServerResponse stream : streams) {
                if (!stream.ended() && !stream.closed()) {
                    stream.end();
                }
            }
        }
    }

    /** How many sessions have a stream open. */
    int sessions() {
        return open.size();
    }
}
