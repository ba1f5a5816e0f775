package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.modelcontextprotocol.spec.McpSchema;

/**
 * What reads the stdio channel when the application could not start: every request the client is waiting for gets
 * a JSON-RPC error that says why, instead of a connection that just closes (the recorded handshake may already have
 * told the client the server was there). Plain Jackson: no part of the application is running.
 */
public final class FailedStart implements StdioChannel.Receiver {

    private final ObjectMapper mapper = new ObjectMapper();

    {
        // Any message the stdio channel reads (a write of a large file among them) can be answered.
        mapper.getFactory().setStreamReadConstraints(com.fasterxml.jackson.core.StreamReadConstraints.builder()
                .maxStringLength(StdioChannel.MAX_MESSAGE_BYTES).build());
    }
    private final OutputStream out;
    private final String message;
    private final Set<String> answered = new HashSet<>();

    public FailedStart(OutputStream out, Throwable failure) {
        this.out = out;
        // "could not start: Tool FS refuses to start: …" would say it twice.
        String reason = reason(failure);
        if (reason.startsWith(dev.toolfs.config.ConfigCheck.REFUSAL)) {
            reason = reason.substring(dev.toolfs.config.ConfigCheck.REFUSAL.length());
        }
        this.message = "the Tool FS server could not start: " + reason + "; fix this in its configuration, then start it again";
    }

    /**
     * The innermost message of the failure that says what is wrong, on one line (configuration errors list several
     * lines); values the configuration could not convert, in plain words. An I/O exception at the bottom usually names only a path ({@code NoSuchFileException: /no/such}), so
     * the message of what caught it is preferred.
     */
    public static String reason(Throwable failure) {
        java.util.Optional<String> badValues = dev.toolfs.config.ConfigProblemText.of(failure);
        if (badValues.isPresent()) {
            return dev.toolfs.config.ConfigCheck.REFUSAL + badValues.get();
        }
        String reason = null;
        String io = null;
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                if (t instanceof IOException) {
                    io = t.toString();
                } else {
                    reason = t.getMessage();
                }
            }
        }
        String text = reason != null ? reason : io != null ? io : failure.toString();
        return text.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    @Override
    public void answeredEarly(List<StdioHandshake.EarlyAnswer> answers) {
        answers.forEach(a -> answered.add(a.id()));
    }

    @Override
    public void line(byte[] line) {
        if (line == StdioChannel.LineReader.TOO_LONG) {
            return;
        }
        JsonNode message;
        try {
            message = mapper.readTree(line);
        } catch (IOException e) {
            return;
        }
        if (message == null || !message.path("method").isTextual() || !message.hasNonNull("id")) {
            return; // notifications and responses wait for no answer
        }
        Object id = mapper.convertValue(message.get("id"), Object.class);
        if (answered.remove(StdioHandshake.idKey(mapper, id))) {
            return;
        }
        Map<String, Object> error = StdioTransport.reply(id, "error",
                StdioTransport.error(McpSchema.ErrorCodes.INTERNAL_ERROR, this.message));
        try {
            byte[] bytes = mapper.writeValueAsBytes(error);
            synchronized (out) {
                out.write(bytes);
                out.write('\n');
                out.flush();
            }
        } catch (IOException e) {
            // The client is gone: nobody to tell.
        }
    }

    @Override
    public void ended(Throwable failure) {
        // The process exits anyway.
    }
}
