package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A server that could not start answers each request still waiting with the reason, and nothing else. */
class FailedStartTest {

    private static byte[] line(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void everyWaitingRequestGetsTheReasonOnce() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FailedStart failed = new FailedStart(out, new RuntimeException("Failed to start quarkus",
                new IllegalStateException("SRCFG00014: The config property quarkus.tool-fs.workspace.roots is required\n  but it could not be found")));
        failed.answeredEarly(List.of(new StdioHandshake.EarlyAnswer("initialize", "1", "{}")));
        failed.line(line("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}"));
        failed.line(line("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"));
        failed.line(line("{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"method\":\"tools/list\"}"));
        failed.line(line("{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}"));
        failed.line(line("not json"));
        failed.line(StdioChannel.LineReader.TOO_LONG);
        failed.line(line("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"read\"}}"));
        String reason = "the Tool FS server could not start: SRCFG00014: The config property quarkus.tool-fs.workspace.roots"
                + " is required but it could not be found; fix this in its configuration, then start it again";
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(
                "{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"error\":{\"code\":-32603,\"message\":\"" + reason + "\"}}\n"
                        + "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32603,\"message\":\"" + reason + "\"}}\n");
    }

    @Test
    void theReasonIsWhatCaughtAnIoFailure() {
        RuntimeException failure = new RuntimeException("Failed to start quarkus", new RuntimeException("Error injecting x",
                new IllegalArgumentException("workspace root /no/such is not an existing folder",
                        new java.nio.file.NoSuchFileException("/no/such"))));
        assertThat(FailedStart.reason(failure)).isEqualTo("workspace root /no/such is not an existing folder");
        assertThat(FailedStart.reason(new RuntimeException(new java.nio.file.AccessDeniedException("/x"))))
                .isEqualTo("java.nio.file.AccessDeniedException: /x");
    }

    @Test
    void valuesTheConfigurationCouldNotConvertAreSaidPlainly() {
        RuntimeException failure = new RuntimeException("Failed to start quarkus",
                new io.smallrye.config.ConfigValidationException(new io.smallrye.config.ConfigValidationException.Problem[] {
                        new io.smallrye.config.ConfigValidationException.Problem("java.lang.IllegalArgumentException:"
                                + " SRCFG00039: The config property quarkus.tool-fs.sessions.max with the config value"
                                + " \"abc\" threw an Exception whilst being converted SRCFG00029: Expected an integer"
                                + " value, got \"abc\"") }));
        assertThat(FailedStart.reason(failure)).isEqualTo(
                "Tool FS refuses to start: quarkus.tool-fs.sessions.max = \"abc\" is not valid: expected a whole number");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new FailedStart(out, failure).line(line("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}"));
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32603,"
                + "\"message\":\"the Tool FS server could not start: quarkus.tool-fs.sessions.max = \\\"abc\\\" is not valid:"
                + " expected a whole number; fix this in its configuration, then start it again\"}}\n");
    }

    @Test
    void aFailureWithoutMessagesIsNamedByItsClass() {
        assertThat(FailedStart.reason(new IllegalStateException())).isEqualTo("java.lang.IllegalStateException");
    }
}
