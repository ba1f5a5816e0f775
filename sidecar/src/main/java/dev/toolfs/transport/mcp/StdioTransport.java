package dev.toolfs.transport.mcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransport;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import reactor.core.publisher.Mono;

/**
 * MCP's stdio transport: one JSON-RPC message per line on a pair of streams, for the MCP SDK's server session.
 *
 * <p>
 * Why not the SDK's own: its reader thread also ran the tool calls, so a call that asks the client something (its
 * roots, an approval) waited for an answer that only that thread could read, until the request timed out; and every
 * response was serialized to a {@code String}, scanned three times for line breaks (compact JSON has none) and copied
 * to bytes, which cost a fifth of the sidecar's time in the benchmark. Here the reader only reads: answers to the
 * server's own requests are completed at once, and the client's requests and notifications run in arrival order on
 * one call thread. A message is written as UTF-8 straight from Jackson, under a lock, by the thread that sends it.
 */
public final class StdioTransport implements McpServerTransportProvider {

    private static final Logger LOG = Logger.getLogger(StdioTransport.class);

    private final McpJsonMapper json;
    private final ObjectWriter writer;
    private final InputStream in;
    private final OutputStream out;
    private final ExecutorService calls = Executors.newSingleThreadExecutor(r -> daemon(r, "mcp-stdio-calls"));
    private volatile McpServerSession session;
    private volatile boolean closing;

    public StdioTransport(McpJsonMapper json, ObjectMapper mapper, InputStream in, OutputStream out) {
        this.json = json;
        // Indentation would put line breaks between tokens, and a line break ends a message.
        this.writer = mapper.writer().without(SerializationFeature.INDENT_OUTPUT);
        this.in = in;
        this.out = out;
    }

    @Override
    public void setSessionFactory(McpServerSession.Factory factory) {
        session = factory.create(new SessionTransport());
        daemon(this::readMessages, "mcp-stdio-reader").start();
    }

    @Override
    public Mono<Void> notifyClients(String method, Object params) {
        McpServerSession s = session;
        return s == null ? Mono.error(new IllegalStateException("no MCP session yet")) : s.sendNotification(method, params);
    }

    /** Lets the calls already received finish (a write in progress completes), then closes the session. */
    @Override
    public Mono<Void> closeGracefully() {
        return Mono.defer(() -> {
            closing = true;
            calls.shutdown();
            try {
                if (!calls.awaitTermination(60, TimeUnit.SECONDS)) {
                    LOG.warn("MCP stdio: calls still running after 60 s at shutdown");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            McpServerSession s = session;
            return s == null ? Mono.empty() : s.closeGracefully();
        });
    }

    private void readMessages() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 64 * 1024)) {
            for (String line; (line = reader.readLine()) != null && !closing;) {
                if (!line.isBlank()) {
                    dispatch(line);
                }
            }
        } catch (IOException e) {
            if (!closing) {
                LOG.debugf(e, "MCP stdio: the input failed");
            }
        } finally {
            closing = true;
            calls.shutdown();
        }
    }

    private void dispatch(String line) {
        McpSchema.JSONRPCMessage message;
        try {
            message = McpSchema.deserializeJsonRpcMessage(json, line);
        } catch (IOException | IllegalArgumentException e) {
            // JSON-RPC's answer to a line that is not a message; the connection goes on.
            Map<String, Object> error = new LinkedHashMap<>();
            error.put("jsonrpc", McpSchema.JSONRPC_VERSION);
            error.put("id", null);
            error.put("error", Map.of("code", McpSchema.ErrorCodes.PARSE_ERROR,
                    "message", "not a JSON-RPC message: " + e.getMessage()));
            write(error);
            return;
        }
        if (message instanceof McpSchema.JSONRPCResponse) {
            // The answer to a request of ours, which a call may be waiting for: complete it now.
            session.handle(message).subscribe(null, e -> LOG.debugf(e, "MCP stdio: a response could not be handled"));
            return;
        }
        try {
            calls.execute(() -> {
                try {
                    session.handle(message).block();
                } catch (RuntimeException e) {
                    LOG.debugf(e, "MCP stdio: a message could not be handled");
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            // Closing: nothing more is started.
        }
    }

    private void write(Object message) {
        try {
            byte[] bytes = writer.writeValueAsBytes(message);
            synchronized (out) {
                out.write(bytes);
                out.write('\n');
                out.flush();
            }
        } catch (IOException e) {
            if (!closing) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    private final class SessionTransport implements McpServerTransport {

        @Override
        public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
            return Mono.fromRunnable(() -> write(message));
        }

        @Override
        public <T> T unmarshalFrom(Object data, TypeRef<T> type) {
            return json.convertValue(data, type);
        }

        @Override
        public Mono<Void> closeGracefully() {
            return Mono.fromRunnable(() -> closing = true);
        }

        @Override
        public void close() {
            closing = true;
        }
    }
}
