package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.spec.McpSchema;

/** Only MCP's own "accept" approves; what is no elicitation result is said to be none, on both transports. */
class ElicitationResultsTest {

    private static Map<String, Object> result(Object action, Object content) {
        Map<String, Object> fields = new HashMap<>();
        if (action != null) {
            fields.put("action", action);
        }
        if (content != null) {
            fields.put("content", content);
        }
        return fields;
    }

    @Test
    void onlyMcpsOwnSpellingIsTakenAsIs() {
        for (String action : List.of("accept", "decline", "cancel")) {
            assertThat(ElicitationResults.action(result(action, Map.of("approve", true)))).isEqualTo(action);
        }
        // Another case a library still reads: a no.
        for (String action : List.of("ACCEPT", "Accept", "DECLINE", "Cancel")) {
            assertThat(ElicitationResults.action(result(action, Map.of("approve", true)))).as(action).isEqualTo("decline");
        }
        // Found by black-box testing: the stdio SDK read these as "accept", and approved the change.
        for (String action : List.of("accept ", " accept", "accept\n", "\taccept", "accept\u00a0", "yes", "")) {
            assertThat(ElicitationResults.action(result(action, Map.of("approve", true)))).as(action).isNull();
        }
        assertThat(ElicitationResults.action(result(null, Map.of("approve", true)))).as("no action").isNull();
        assertThat(ElicitationResults.action(result(true, null))).isNull();
        assertThat(ElicitationResults.action(result("accept", "approve"))).as("content not an object").isNull();
        assertThat(ElicitationResults.action(result("accept", null))).isEqualTo("accept");
        assertThat(ElicitationResults.action("accept")).isNull();
        assertThat(ElicitationResults.action(null)).isNull();
    }

    @Test
    void overStdioTheSdkGetsTheAnswerAsRead() {
        McpSchema.JSONRPCResponse padded = new McpSchema.JSONRPCResponse("2.0", "e1",
                result("accept ", Map.of("approve", true)), null);
        McpSchema.JSONRPCResponse refused = StdioTransport.asElicitationResult(padded);
        assertThat(refused.result()).isNull();
        assertThat(refused.id()).isEqualTo("e1");
        assertThat(refused.error().message()).isEqualTo("its answer was not an elicitation result");
        McpSchema.JSONRPCResponse upper = StdioTransport.asElicitationResult(new McpSchema.JSONRPCResponse("2.0", "e2",
                result("ACCEPT", Map.of("approve", true)), null));
        assertThat(((Map<?, ?>) upper.result()).get("action")).isEqualTo("decline");
        assertThat(((Map<?, ?>) upper.result()).get("content")).isEqualTo(Map.of("approve", true));
        McpSchema.JSONRPCResponse fine = new McpSchema.JSONRPCResponse("2.0", "e3", result("accept", Map.of("approve", true)),
                null);
        assertThat(StdioTransport.asElicitationResult(fine)).isSameAs(fine);
        // The SDK took a missing action for "cancel", which the model was told was its user's no.
        assertThat(StdioTransport.asElicitationResult(new McpSchema.JSONRPCResponse("2.0", "e4", Map.of(), null)).error())
                .isNotNull();
    }
}
