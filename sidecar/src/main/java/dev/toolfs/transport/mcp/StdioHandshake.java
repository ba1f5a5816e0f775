package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import io.modelcontextprotocol.spec.McpServerTransportProvider;
import reactor.core.publisher.Mono;

/**
 * The MCP handshake ({@code initialize}, then {@code tools/list}) answered from the answers the build recorded, while
 * the application is still starting: an MCP client lists a server's tools as soon as it has started it, and the first
 * tool call comes only after the model's first turn, so the start-up no longer holds up the client's own.
 *
 * <p>
 * Only what is known in advance is answered: the first {@code initialize} asking for a protocol version the server
 * speaks, and after it the first {@code tools/list} without a cursor, each only when the server would take the request
 * as it is (an id the SDK reads back the same, the parameters it requires). Every other message waits for the server. Once it runs,
 * the server answers the same requests again, unseen by the client, and the transport compares: a different tool
 * list (a tool disabled by the run's configuration) is announced with {@code notifications/tools/list_changed}.
 *
 * <p>
 * It runs before the application, so it parses with Jackson's streaming parser only (a first {@code ObjectMapper}
 * costs tens of milliseconds to set up) and writes its answers from the recorded text. Not thread-safe: one reader
 * thread asks it.
 */
public final class StdioHandshake {

    /** A request answered here, its id as JSON text, and the result sent as JSON text, for the comparison. */
    public record EarlyAnswer(String method, String id, String result) {
    }

    /** The line to write, and what it answered. */
    public record Answer(String line, EarlyAnswer answered) {
    }

    private static final String VERSION_FIELD = "{\"protocolVersion\":\"";

    private final JsonFactory json = new JsonFactory();
    /** The recorded initialize result after its protocol version's closing quote. */
    private final String initializeRest;
    /** Null when the tool list is not answered early. */
    private final String toolsResult;
    private final List<String> protocolVersions;
    private boolean initialized;
    private boolean listed;
    /** The ids answered here: a client that reuses one gets its second request answered by the server. */
    private final Set<String> answeredIds = new HashSet<>();

    StdioHandshake(String initializeRest, String toolsResult, List<String> protocolVersions) {
        this.initializeRest = initializeRest;
        this.toolsResult = toolsResult;
        this.protocolVersions = protocolVersions;
    }

    /**
     * Reads the build's recording: two lines, the server's answer to {@code initialize} (id 1) and then to
     * {@code tools/list} (id 2), as the build's training run received them.
     */
    public static StdioHandshake load(Path file) throws IOException {
        List<String> lines = new ArrayList<>(2);
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                lines.add(line);
            }
        }
        String initialize = lines.size() == 2 ? result(lines.get(0), "1") : null;
        String tools = lines.size() == 2 ? result(lines.get(1), "2") : null;
        int versionEnd = initialize != null && initialize.startsWith(VERSION_FIELD)
                ? initialize.indexOf('"', VERSION_FIELD.length())
                : -1;
        if (versionEnd < 0 || tools == null || !tools.startsWith("{\"tools\":[")) {
            throw new IOException(file + " does not hold the answers to initialize and tools/list, one a line");
        }
        return new StdioHandshake(initialize.substring(versionEnd + 1), tools, sdkProtocolVersions());
    }

    /** The result's JSON text of a recorded answer line with the given id, or null. */
    private static String result(String line, String id) {
        String prefix = "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":";
        return line.startsWith(prefix) && line.endsWith("}") ? line.substring(prefix.length(), line.length() - 1) : null;
    }

    /**
     * Answers pings only: what is answered early without a recording (none asked for, or one that could not be read),
     * since a ping's answer needs none, and a client may wait for it before anything else (found by black-box testing:
     * without the recording a ping waited for the start).
     */
    public static StdioHandshake pingOnly() {
        return new StdioHandshake(null, null, List.of());
    }

    /**
     * This handshake without its tool list: {@code initialize} alone is answered early (its answer does not depend on
     * the tools), for a run whose configuration changes the list.
     */
    public StdioHandshake withoutToolList() {
        return new StdioHandshake(initializeRest, null, protocolVersions);
    }

    /** The answer to {@code line} (UTF-8), when it is one this handshake may give before the server runs. */
    public Optional<Answer> answer(byte[] line) {
        Request request;
        try {
            request = Request.parse(json, line);
        } catch (IOException e) {
            return Optional.empty();
        }
        if (request == null || answeredIds.contains(request.id)) {
            return Optional.empty();
        }
        if (McpSchema.METHOD_PING.equals(request.method)) {
            // Anyone may answer a ping at any time, and a client may wait for it before anything else.
            return Optional.of(answer(request, "{}"));
        }
        if (McpSchema.METHOD_INITIALIZE.equals(request.method) && !initialized) {
            if (request.protocolVersion == null || !protocolVersions.contains(request.protocolVersion)
                    || !request.initializeParams) {
                // The server decides what to answer a version it does not speak, or a request it cannot read.
                return Optional.empty();
            }
            initialized = true;
            return Optional.of(answer(request, VERSION_FIELD + request.protocolVersion + '"' + initializeRest));
        }
        if (McpSchema.METHOD_TOOLS_LIST.equals(request.method) && toolsResult != null && initialized && !listed
                && !request.hasCursor) {
            // One list is enough for any client; more would only fill the output before the server reads it.
            listed = true;
            return Optional.of(answer(request, toolsResult));
        }
        return Optional.empty();
    }

    private Answer answer(Request request, String result) {
        answeredIds.add(request.id);
        String line = "{\"jsonrpc\":\"2.0\",\"id\":" + request.id + ",\"result\":" + result + "}";
        return new Answer(line, new EarlyAnswer(request.method, request.id, result));
    }

    /**
     * Whether the command line or the environment configures what {@code tools/list} shows (a tool's
     * {@code enabled}, the sandbox mode, which adds arguments to write and edit, or the models, which decide whether
     * read_image is listed): then the recorded list is not
     * answered early. Configuration from elsewhere (a config file beside the jar) is caught after the start, by the
     * comparison and {@code notifications/tools/list_changed}.
     */
    public static boolean configuresToolList(Map<?, ?> systemProperties, Map<String, String> environment) {
        for (Object key : systemProperties.keySet()) {
            String k = String.valueOf(key);
            if (k.startsWith("quarkus.tool-fs.tools.") || k.equals("quarkus.tool-fs.sandbox.mode")
                    || k.equals("quarkus.tool-fs.default-model") || k.startsWith("quarkus.tool-fs.models.")) {
                return true;
            }
        }
        for (String variable : environment.keySet()) {
            String k = variable.toUpperCase(java.util.Locale.ROOT); // Quarkus reads them in lower case too
            if (k.startsWith("QUARKUS_TOOL_FS_TOOLS_") || k.equals("QUARKUS_TOOL_FS_SANDBOX_MODE")
                    || k.equals("QUARKUS_TOOL_FS_DEFAULT_MODEL") || k.startsWith("QUARKUS_TOOL_FS_MODELS_")) {
                return true;
            }
        }
        return false;
    }

    /** A JSON-RPC id as JSON text, so that the number 1 and the string "1" stay apart: the SDK's ids, keyed alike. */
    static String idKey(ObjectMapper mapper, Object id) {
        try {
            return mapper.writeValueAsString(id);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The protocol versions the SDK's server negotiates, which a transport provider does not change by default. */
    static List<String> sdkProtocolVersions() {
        return new McpServerTransportProvider() {
            @Override
            public void setSessionFactory(McpServerSession.Factory sessionFactory) {
            }

            @Override
            public Mono<Void> notifyClients(String method, Object params) {
                return Mono.empty();
            }

            @Override
            public Mono<Void> closeGracefully() {
                return Mono.empty();
            }
        }.protocolVersions();
    }

    /** What the handshake needs of a JSON-RPC request: its id (as JSON text), method, and two of its params. */
    private static final class Request {
        String id;
        String method;
        String protocolVersion;
        boolean hasCursor;
        boolean validParams = true;
        /**
         * The params hold what the SDK needs to read an initialize: the client's capabilities (an object of objects)
         * and its name and version (strings).
         */
        boolean initializeParams;
        private boolean capabilities;
        private boolean clientInfo;

        /** The request on this line, or null when it is not a JSON-RPC 2.0 request with a string or integer id. */
        static Request parse(JsonFactory json, byte[] line) throws IOException {
            Request r = new Request();
            boolean version = false;
            try (JsonParser p = json.createParser(line)) {
                // A key twice is no message for the server either (see JsonRpcMessages): never answered early.
                p.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    return null;
                }
                for (JsonToken t; (t = p.nextToken()) == JsonToken.FIELD_NAME;) {
                    String field = p.currentName();
                    JsonToken value = p.nextToken();
                    switch (field) {
                        case "jsonrpc" -> version = value == JsonToken.VALUE_STRING && "2.0".equals(p.getText());
                        case "id" -> r.id = id(p, value);
                        case "method" -> r.method = value == JsonToken.VALUE_STRING ? p.getText() : null;
                        case "params" -> r.params(p, value);
                        default -> {
                        }
                    }
                    // Past a value that is an object or an array (params are read to their end already).
                    p.skipChildren();
                }
                if (p.currentToken() != JsonToken.END_OBJECT || p.nextToken() != null) {
                    return null;
                }
            }
            return version && r.id != null && r.method != null && r.validParams ? r : null;
        }

        private void params(JsonParser p, JsonToken value) throws IOException {
            if (value == JsonToken.VALUE_NULL) {
                return;
            }
            if (value != JsonToken.START_OBJECT) {
                validParams = false;
                return;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                if ("protocolVersion".equals(field) && v == JsonToken.VALUE_STRING) {
                    protocolVersion = p.getText();
                } else if ("cursor".equals(field)) {
                    hasCursor = true;
                } else if ("capabilities".equals(field)) {
                    capabilities = v == JsonToken.START_OBJECT && capabilities(p);
                } else if ("clientInfo".equals(field)) {
                    clientInfo = v == JsonToken.START_OBJECT && clientInfo(p);
                }
                p.skipChildren();
            }
            initializeParams = capabilities && clientInfo;
        }

        /**
         * Inside the capabilities object: every capability is an object, and what the SDK reads inside one has its
         * type ({@code roots.listChanged} a boolean, {@code elicitation.form} and {@code .url} objects, each of
         * {@code extensions} an object), so that the server would read it as this answer does. Leaves the parser at its
         * end.
         */
        private static boolean capabilities(JsonParser p) throws IOException {
            boolean ok = true;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    ok = false;
                    p.skipChildren();
                    continue;
                }
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken v = p.nextToken();
                    boolean typed = switch (name + "." + field) {
                        case "roots.listChanged" -> v == JsonToken.VALUE_TRUE || v == JsonToken.VALUE_FALSE
                                || v == JsonToken.VALUE_NULL;
                        case "elicitation.form", "elicitation.url" -> v == JsonToken.START_OBJECT || v == JsonToken.VALUE_NULL;
                        default -> !name.equals("extensions") || v == JsonToken.START_OBJECT || v == JsonToken.VALUE_NULL;
                    };
                    ok &= typed;
                    p.skipChildren();
                }
            }
            return ok;
        }

        /** Inside the clientInfo object: a string name and a string version. Leaves the parser at its end. */
        private static boolean clientInfo(JsonParser p) throws IOException {
            boolean name = false;
            boolean version = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                if ("name".equals(field)) {
                    name = v == JsonToken.VALUE_STRING;
                } else if ("version".equals(field)) {
                    version = v == JsonToken.VALUE_STRING;
                }
                p.skipChildren();
            }
            return name && version;
        }

        /**
         * The id as JSON text, the way the SDK writes it back: a string, or an integer it holds as an int or a long
         * (it refuses larger ones; {@code -0} comes back as {@code 0}). Null for any other id, which the server
         * answers itself.
         */
        private static String id(JsonParser p, JsonToken value) throws IOException {
            if (value == JsonToken.VALUE_NUMBER_INT) {
                JsonParser.NumberType type = p.getNumberType();
                return type == JsonParser.NumberType.INT || type == JsonParser.NumberType.LONG
                        ? Long.toString(p.getLongValue())
                        : null;
            }
            if (value != JsonToken.VALUE_STRING) {
                return null;
            }
            String s = p.getText();
            // A lone surrogate cannot be written as UTF-8 as it came (the SDK escapes it, String.getBytes would not).
            if (!StandardCharsets.UTF_8.newEncoder().canEncode(s)) {
                return null;
            }
            return '"' + new String(JsonStringEncoder.getInstance().quoteAsString(s)) + '"';
        }
    }
}
