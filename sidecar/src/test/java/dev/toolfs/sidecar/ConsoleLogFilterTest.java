package dev.toolfs.sidecar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.logging.Level;
import java.util.logging.LogRecord;

import org.junit.jupiter.api.Test;

/** Only the two known kinds of noise are kept off the console. */
class ConsoleLogFilterTest {

    private static LogRecord record(String logger, Throwable thrown) {
        LogRecord r = new LogRecord(Level.WARNING, "An exception was thrown by a listener");
        r.setLoggerName(logger);
        r.setThrown(thrown);
        return r;
    }

    private static IllegalStateException headSent(String framesClass) {
        IllegalStateException e = new IllegalStateException("Response head already sent");
        e.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("io.vertx.core.http.impl.Http1xServerResponse", "checkHeadWritten", "X.java", 732),
                new StackTraceElement(framesClass, "lambda$handle$1", "Y.java", 275) });
        return e;
    }

    @Test
    void anAnswerToAClientThatLeftIsNotLogged() {
        ConsoleLogFilter filter = new ConsoleLogFilter();
        String netty = "io.netty.util.concurrent.DefaultPromise";
        assertThat(filter.isLoggable(record(netty,
                headSent("io.quarkiverse.mcp.server.http.runtime.StreamableHttpMcpMessageHandler")))).isFalse();
        // The same words from elsewhere, another exception, or another logger: logged.
        assertThat(filter.isLoggable(record(netty, headSent("com.example.Handler")))).isTrue();
        assertThat(filter.isLoggable(record(netty, new IllegalStateException("something else")))).isTrue();
        assertThat(filter.isLoggable(record("io.vertx.core", headSent("io.quarkiverse.mcp.server.http.runtime.X")))).isTrue();
        assertThat(filter.isLoggable(record(netty, null))).isTrue();
    }

    @Test
    void aRefusedStartIsNotLoggedTwice() {
        ConsoleLogFilter filter = new ConsoleLogFilter();
        assertThat(filter.isLoggable(record("io.quarkus.runtime.Application", new RuntimeException("Failed to start",
                dev.toolfs.config.ConfigCheck.refusal("quarkus.tool-fs.read.limit is -1"))))).isFalse();
        assertThat(filter.isLoggable(record("io.quarkus.runtime.Application", new RuntimeException("Failed to start")))).isTrue();
    }
}
