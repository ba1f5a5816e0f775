package dev.toolfs.sidecar;

import java.util.logging.Filter;
import java.util.logging.LogRecord;

import io.quarkus.logging.LoggingFilter;

/**
 * Keeps a refused configuration's failed start off the console log: Quarkus logs it with a stack trace of some twenty
 * lines, for a reason the sidecar prints alone on standard error (found by black-box testing). Any other failure is
 * logged as before.
 */
@LoggingFilter(name = "tool-fs-start-refusal")
public final class StartRefusalFilter implements Filter {

    @Override
    public boolean isLoggable(LogRecord record) {
        return record.getThrown() == null || !isRefusal(record.getThrown());
    }

    static boolean isRefusal(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t.getMessage() != null && t.getMessage().startsWith(dev.toolfs.config.ConfigCheck.REFUSAL)) {
                return true;
            }
        }
        return false;
    }
}
