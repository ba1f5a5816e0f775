package dev.toolfs.transport.rest;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.sandbox.ApprovalDecision;
import dev.toolfs.sandbox.ConfiguredApprovals;
import io.quarkus.arc.Arc;
import io.quarkus.arc.InstanceHandle;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;

/**
 * Sandbox escalations waiting for a person: {@code GET /approvals} lists them, {@code POST /approvals/{id}} with
 * {@code {"decision": "approve" | "deny", "reason": "…"}} decides one. Admitted as {@code /tools} (RestGuard).
 */
public class ApprovalsRestHandler implements Handler<RoutingContext> {

    @Override
    public void handle(RoutingContext ctx) {
        ObjectMapper mapper = Arc.container().instance(ObjectMapper.class).get();
        // The token, the origin and the host were checked in front of this handler (RestGuard).
        InstanceHandle<ConfiguredApprovals> approvals = Arc.container().instance(ConfiguredApprovals.class);
        InstanceHandle<dev.toolfs.sandbox.ApprovalService> active = Arc.container()
                .instance(dev.toolfs.sandbox.ApprovalService.class);
        if (!approvals.isAvailable() || !active.isAvailable() || !(active.get() instanceof ConfiguredApprovals)) {
            json(ctx, mapper, 404, Map.of("error", "escalations are decided by the application's own approval service"));
            return;
        }
        String id = ctx.pathParam("id");
        if (id == null) {
            if (ctx.request().method() != HttpMethod.GET) {
                ctx.response().putHeader("Allow", "GET");
                json(ctx, mapper, 405, Map.of("error", "use GET /approvals, or POST /approvals/{id} to decide one"));
                return;
            }
            json(ctx, mapper, 200, Map.of("approvals", approvals.get().pending().stream().map(r -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("id", r.id());
                m.put("session", r.sessionId());
                m.put("tool", r.tool());
                m.put("path", r.path());
                m.put("reason", r.reason());
                m.put("justification", r.justification());
                m.put("requested_at", r.requestedAt().toString());
                m.put("change", changeJson(r.change()));
                return m;
            }).toList()));
            return;
        }
        if (ctx.request().method() != HttpMethod.POST) {
            ctx.response().putHeader("Allow", "POST");
            json(ctx, mapper, 405, Map.of("error", "use POST /approvals/" + id + " with {\"decision\": \"approve\"} or \"deny\""));
            return;
        }
        JsonNode body;
        try {
            Buffer raw = ctx.body().buffer();
            byte[] bytes = raw == null ? null : raw.getBytes();
            // JSON as the tools' bodies are: UTF-8 (no overlong form, which a lenient parser reads as the character it
            // spells), and no NUL (JSON in UTF-16, whose encoding it would guess).
            body = bytes == null || !dev.toolfs.fs.ByteScan.isJsonText(bytes, 0, bytes.length) ? null
                    : mapper.reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).readTree(bytes);
        } catch (java.io.IOException e) {
            body = null;
        }
        JsonNode decisionNode = body == null ? null : body.get("decision");
        String decision = decisionNode != null && decisionNode.isTextual() ? decisionNode.asText() : null;
        JsonNode reasonNode = body == null ? null : body.get("reason");
        if (!"approve".equals(decision) && !"deny".equals(decision)
                || reasonNode != null && !reasonNode.isTextual() && !reasonNode.isNull()) {
            json(ctx, mapper, 400, Map.of("error", "send {\"decision\": \"approve\"} or {\"decision\": \"deny\"}, with an optional \"reason\""));
            return;
        }
        String reason = reasonNode == null || reasonNode.isNull() ? "" : reasonNode.asText();
        boolean approve = decision.equals("approve");
        ApprovalDecision d = approve
                ? ApprovalDecision.approve(reason.isBlank() ? "approved by the reviewer" : reason)
                : ApprovalDecision.deny(reason.isBlank() ? "denied by the reviewer" : reason);
        if (!approvals.get().resolve(id, d)) {
            json(ctx, mapper, 404, Map.of("error", "no escalation is waiting with id " + id + " (decided already, or timed out)"));
            return;
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", id);
        answer.put("decision", decision);
        json(ctx, mapper, 200, answer);
    }

    private static void json(RoutingContext ctx, ObjectMapper mapper, int status, Object body) {
        try {
            ctx.response().setStatusCode(status).putHeader("Content-Type", "application/json; charset=utf-8")
                    .end(Buffer.buffer(mapper.writer().with(AS_READ).writeValueAsBytes(body)));
        } catch (java.io.IOException e) {
            ctx.fail(e);
        }
    }

    /**
     * The characters that do not show as they are, written as JSON escapes, which any JSON reader decodes back: a person
     * reading the list as it comes (curl) sees a right-to-left override in a justification or in a write's content as
     * such, not text turned around, and a line separator as one (C0 controls JSON escapes anyway).
     */
    static final com.fasterxml.jackson.core.io.CharacterEscapes AS_READ = new com.fasterxml.jackson.core.io.CharacterEscapes() {
        private final int[] ascii = withDel(standardAsciiEscapesForJSON());

        /** DEL too, which JSON leaves as it is: a control character like the others. */
        private static int[] withDel(int[] codes) {
            codes[0x7F] = ESCAPE_STANDARD;
            return codes;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public com.fasterxml.jackson.core.SerializableString getEscapeSequence(int ch) {
            boolean hidden = ch <= 0xFFFF && dev.toolfs.fs.ShownText.showsOtherThanItIs((char) ch);
            return hidden ? new com.fasterxml.jackson.core.io.SerializedString(String.format("\\u%04x", ch)) : null;
        }
    };

    /** A change as listed: a write's content, or an edit's strings; null when the tool gave neither. */
    private static Map<String, Object> changeJson(dev.toolfs.sandbox.ApprovalRequest.Change change) {
        if (!change.known()) {
            return null;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        if (change.content() != null) {
            m.put("content", change.content());
        } else {
            m.put("old_string", change.oldString());
            m.put("new_string", change.newString());
            m.put("replace_all", change.replaceAll());
        }
        return m;
    }
}
