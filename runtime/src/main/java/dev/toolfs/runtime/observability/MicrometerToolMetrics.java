package dev.toolfs.runtime.observability;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import dev.toolfs.runtime.ToolMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * Tool calls as Micrometer meters: {@code toolfs.tool.calls} (a timer, so it counts calls and measures latency),
 * tagged by {@code tool} and {@code outcome} ({@code ok} or the error code). Registered only when the application
 * has Micrometer.
 */
// No scope annotation: the build makes it a bean only when it applies (see ToolFsProcessor).
public class MicrometerToolMetrics implements ToolMetrics {

    @Inject
    MeterRegistry registry;

    /** One timer per tool and outcome, looked up once (the registry's own lookup builds an id on every call). */
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    @Override
    public void record(String tool, String outcome, long nanos) {
        timers.computeIfAbsent(tool + '\0' + outcome, k -> Timer.builder("toolfs.tool.calls")
                .description("Tool FS tool calls, by tool and outcome")
                .tag("tool", tool)
                .tag("outcome", outcome)
                .register(registry))
                .record(nanos, TimeUnit.NANOSECONDS);
    }
}
