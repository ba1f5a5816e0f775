package dev.toolfs.sidecar;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Singleton;

import io.quarkus.arc.properties.IfBuildProperty;

import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmInfoMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;

/**
 * The sidecar's JVM metrics, all read from the JVM when they are scraped: memory, threads, classes, the JVM's
 * version, and each collector's collections and the time they took ({@code jvm_gc_collection_seconds_count} and
 * {@code _sum}, tagged {@code gc}).
 *
 * <p>
 * In place of Quarkus' JVM metrics ({@code quarkus.micrometer.binder.jvm}, off in the sidecar's configuration), which
 * time each pause and the heap's pressure by listening to every collection: the JVM then sends a notification per
 * young collection, built on a thread of its own mostly by code run too rarely to be compiled, which cost the sidecar
 * about a tenth of a write's or an edit's CPU (its small young generation is collected every few calls). A build with
 * Quarkus' on has those alone: both register {@code jvm.info}, as different kinds of meter.
 */
@Singleton
@IfBuildProperty(name = "quarkus.micrometer.binder.jvm", stringValue = "false")
public class PolledJvmMetrics implements MeterBinder {

    @Override
    public void bindTo(MeterRegistry registry) {
        new ClassLoaderMetrics().bindTo(registry);
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new JvmInfoMetrics().bindTo(registry);
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            FunctionTimer.builder("jvm.gc.collection", gc, GarbageCollectorMXBean::getCollectionCount,
                    GarbageCollectorMXBean::getCollectionTime, TimeUnit.MILLISECONDS)
                    .tag("gc", gc.getName())
                    .description("Collections by this collector, and the time they took")
                    .register(registry);
        }
    }
}
