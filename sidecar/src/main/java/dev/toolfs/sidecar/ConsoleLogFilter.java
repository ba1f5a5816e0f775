package dev.toolfs.sidecar;

import java.util.logging.Filter;
import java.util.logging.LogRecord;

import io.quarkus.logging.LoggingFilter;

/**
 * Keeps two kinds of record off the console log, both found by black-box testing; any other is logged as before.
 * <ul>
 * <li>A refused configuration's failed start: Quarkus logs it with a stack trace of some twenty lines, for a reason the
 * sidecar prints alone on standard error.</li>
 * <li>A Streamable HTTP client that went away before its call's answer: the MCP library then tries to set the status
 * of a response already under way, and Netty logs that as a WARN with some forty lines of stack trace. Clients drop a
 * stream routinely (a timeout, a user's abort); the call itself ran, as MCP asks of a disconnection.</li>
 * </ul>
 */
@LoggingFilter(name = "tool-fs-console")
public final class ConsoleLogFilter implements Filter {

    @Override
    public boolean isLoggable(LogRecord record) {
        Throwable thrown = record.getThrown();
        return thrown == null || !isRefusal(thrown) && !isAnswerToAClientGone(record.getLoggerName(), thrown);
    }

    static boolean isRefusal(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && t.getMessage().startsWith(dev.toolfs.config.ConfigCheck.REFUSAL)) {
                return true;
            }
        }
        return false;
    }

    /** Netty's record of the MCP library setting the status of a response already sent, and only that. */
    static boolean isAnswerToAClientGone(String logger, Throwable thrown) {
        if (!"io.netty.util.concurrent.DefaultPromise".equals(logger) || !(thrown instanceof IllegalStateException)
                || !"Response head already sent".equals(thrown.getMessage())) {
            return false;
        }
        for (StackTraceElement frame : thrown.getStackTrace()) {
            if (frame.getClassName().startsWith("io.quarkiverse.mcp.server.http.")) {
                return true;
            }
        }
        return false;
    }
}
