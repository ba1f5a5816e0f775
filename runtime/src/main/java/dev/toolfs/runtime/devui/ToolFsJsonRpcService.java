package dev.toolfs.runtime.devui;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.policy.ObservationPolicy;
import dev.toolfs.runtime.ArgumentsJson;
import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;
import dev.toolfs.session.SessionRegistry;
import dev.toolfs.session.ToolSession;
import dev.toolfs.tools.ContentBlock;
import dev.toolfs.tools.Guidance;

/** The Dev UI's back end (dev mode only): the live sessions, and calling a tool as a model would. */
public class ToolFsJsonRpcService {

    private final ToolRuntime runtime;
    private final SessionRegistry sessions;
    private final ObservationPolicy policy;
    private final ObjectMapper mapper;

    @Inject
    public ToolFsJsonRpcService(ToolRuntime runtime, SessionRegistry sessions, ObservationPolicy policy,
            ObjectMapper mapper) {
        this.runtime = runtime;
        this.sessions = sessions;
        this.policy = policy;
        this.mapper = mapper;
    }

    /**
     * The tools as a model is offered them: the enabled ones only, their schemas as the sandbox makes them, and their
     * descriptions with the guidance MCP and LangChain4j add.
     */
    public List<Map<String, Object>> getTools() {
        return runtime.tools().stream().map(t -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", t.name());
            m.put("description", Guidance.describe(t.name(), t.description()));
            m.put("readOnly", t.readOnly());
            m.put("destructive", t.destructive());
            m.put("inputSchema", t.inputSchema());
            return m;
        }).toList();
    }

    /** Every live session: id, folder, model, and the paths it has observed with what it saw of each. */
    public List<Map<String, Object>> getSessions() {
        return sessions.all().stream().map(this::describe).toList();
    }

    private Map<String, Object> describe(ToolSession s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", s.id());
        m.put("cwd", s.cwd().toString());
        m.put("model", s.model().orElse(""));
        m.put("observed", policy.observed(s));
        return m;
    }

    /**
     * Calls a tool as a model would.
     *
     * @param arguments the arguments as a JSON object text
     * @param session the session id (empty: {@code devui})
     * @param model the model the call is routed to (empty: the session's, else the default model), which decides
     *        whether read_image runs
     */
    public Map<String, Object> callTool(String tool, String arguments, String session, String model) {
        Map<String, Object> out = new LinkedHashMap<>();
        JsonNode args;
        try {
            // As over REST: text after the object is refused too.
            args = ArgumentsJson.reader(mapper).readTree(arguments == null || arguments.isBlank() ? "{}" : arguments);
        } catch (java.io.IOException e) {
            out.put("isError", true);
            out.put("text", "the arguments are not valid JSON: " + e.getMessage());
            return out;
        }
        String id = Optional.ofNullable(session).filter(s -> !s.isBlank()).orElse("devui");
        ToolResult r;
        try {
            ToolCall call = ToolCall.session(id);
            r = runtime.execute(tool, args, model == null || model.isBlank() ? call : call.withModel(model.strip()));
        } catch (RuntimeException e) {
            out.put("isError", true);
            out.put("text", e.getMessage());
            return out;
        }
        out.put("isError", r.isError());
        out.put("text", r.text());
        out.put("images", r.content().stream().filter(b -> b instanceof ContentBlock.Image).count());
        if (r.error() != null) {
            out.put("error", Map.of("name", r.error().name(), "code", r.error().code()));
        }
        out.put("metadata", r.metadata());
        return out;
    }
}
