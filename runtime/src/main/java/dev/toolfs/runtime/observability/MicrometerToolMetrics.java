package dev.toolfs.runtime.observability;

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

    @Override
    public void record(String tool, String outcome, long nanos) {
        Timer.builder("toolfs.tool.calls")
                .description("Tool FS tool calls, by tool and outcome")
                .tag("tool", tool)
                .tag("outcome", outcome)
                .register(registry)
                .record(nanos, TimeUnit.NANOSECONDS);
    }
}
