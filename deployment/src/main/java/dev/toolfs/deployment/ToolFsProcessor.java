package dev.toolfs.deployment;

import java.util.List;

import jakarta.inject.Singleton;

import dev.toolfs.config.ConfigCheck;
import dev.toolfs.config.SettingNames;
import dev.toolfs.config.ToolFsBuildTimeConfig;
import dev.toolfs.gates.Gates;
import dev.toolfs.policy.ObservationPolicy;
import dev.toolfs.runtime.ToolCatalog;
import dev.toolfs.runtime.ToolDescriptor;
import dev.toolfs.runtime.ToolFsProducers;
import dev.toolfs.runtime.ToolFsRecorder;
import dev.toolfs.runtime.ToolRuntime;
import dev.toolfs.runtime.observability.MicrometerToolMetrics;
import dev.toolfs.runtime.observability.WorkspaceHealthCheck;
import io.quarkus.smallrye.health.deployment.spi.HealthBuildItem;
import java.lang.reflect.Modifier;

import org.jboss.jandex.DotName;

import dev.toolfs.attachments.AttachmentStore;
import dev.toolfs.attachments.LocalAttachmentStore;
import dev.toolfs.tools.EditTool;
import dev.toolfs.tools.ReadImageTool;
import dev.toolfs.tools.SandboxEscalation;
import dev.toolfs.tools.ReadTool;
import dev.toolfs.tools.WriteTool;
import dev.toolfs.transport.rest.ExposureCheck;
import dev.toolfs.transport.rest.RestGuard;
import dev.toolfs.transport.rest.RestRecorder;
import io.quarkus.arc.deployment.AdditionalBeanBuildItem;
import io.quarkus.arc.deployment.AutoAddScopeBuildItem;
import io.quarkus.arc.deployment.ExcludedTypeBuildItem;
import io.quarkus.arc.deployment.SyntheticBeanBuildItem;
import io.quarkus.arc.processor.BuiltinScope;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.bootstrap.classloading.QuarkusClassLoader;
import io.quarkus.deployment.Capabilities;
import io.quarkus.deployment.Capability;
import io.quarkus.deployment.builditem.CombinedIndexBuildItem;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.IndexDependencyBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ReflectiveClassBuildItem;
import io.quarkus.vertx.http.deployment.RouteBuildItem;
import io.quarkus.vertx.http.runtime.HandlerType;

class ToolFsProcessor {

    private static final String FEATURE = "tool-fs";

    @BuildStep
    FeatureBuildItem feature() {
        return new FeatureBuildItem(FEATURE);
    }

    /** Our runtime jar goes into the index so the built-in tools and their records are found like an app's. */
    @BuildStep
    IndexDependencyBuildItem indexRuntime() {
        return new IndexDependencyBuildItem("dev.toolfs", "quarkus-tool-fs");
    }

    @BuildStep
    AdditionalBeanBuildItem beans() {
        return AdditionalBeanBuildItem.builder()
                .addBeanClasses(ToolFsProducers.class, ToolRuntime.class, Gates.class, ObservationPolicy.class,
                        ReadTool.class, ReadImageTool.class, WriteTool.class, EditTool.class, SandboxEscalation.class)
                .setUnremovable()
                .setDefaultScope(BuiltinScope.SINGLETON.getName())
                .build();
    }

    /** An app's tool class needs no scope annotation: it becomes a singleton bean that is never removed. */
    @BuildStep
    AutoAddScopeBuildItem toolScope() {
        return AutoAddScopeBuildItem.builder()
                .isAnnotatedWith(ToolCatalogBuilder.CATALOG_TOOL)
                .defaultScope(BuiltinScope.SINGLETON)
                .unremovable()
                .reason("a Tool FS @CatalogTool")
                .build();
    }

    /** Finds and checks every tool and generates its schema; a mistake fails the build here. */
    @BuildStep
    ToolCatalogBuildItem buildCatalog(CombinedIndexBuildItem index, ToolFsBuildTimeConfig config) {
        // Without a durable store an image cannot be committed, so the built-in read_image is never offered.
        boolean images = config.attachments().localEnabled() || hasOwnAttachmentStore(index);
        java.util.Set<DotName> leftOut = images ? java.util.Set.of()
                : java.util.Set.of(DotName.createSimple(ReadImageTool.class.getName()));
        return new ToolCatalogBuildItem(new ToolCatalogBuilder(index.getIndex(), leftOut).build());
    }

    /** An application's own attachment store: a concrete implementation other than the local one. */
    private static boolean hasOwnAttachmentStore(CombinedIndexBuildItem index) {
        return index.getIndex().getAllKnownImplementors(DotName.createSimple(AttachmentStore.class.getName())).stream()
                .anyMatch(c -> !Modifier.isAbstract(c.flags()) && !c.isInterface()
                        && !c.name().toString().equals(LocalAttachmentStore.class.getName()));
    }

    @BuildStep
    @Record(ExecutionTime.STATIC_INIT)
    SyntheticBeanBuildItem catalog(ToolCatalogBuildItem catalog, ToolFsRecorder recorder,
            BuildProducer<ReflectiveClassBuildItem> reflection) {
        List<ToolDescriptor> tools = catalog.tools();
        for (ToolDescriptor t : tools) {
            // The binder creates argument records through their canonical constructor.
            reflection.produce(ReflectiveClassBuildItem.builder(t.argsClass()).constructors().methods().fields()
                    .reason("Tool FS argument record of " + t.name()).build());
        }
        return SyntheticBeanBuildItem.configure(ToolCatalog.class)
                .scope(Singleton.class)
                .unremovable()
                .supplier(recorder.catalog(tools))
                .done();
    }

    /**
     * The names of Tool FS's settings, worked out from its setting interfaces once, here: the start refuses a key under
     * quarkus.tool-fs. that is none of them (see UnknownKeys).
     */
    @BuildStep
    @Record(ExecutionTime.STATIC_INIT)
    SyntheticBeanBuildItem settingNames(ToolFsRecorder recorder) {
        return SyntheticBeanBuildItem.configure(SettingNames.class)
                .scope(Singleton.class)
                .unremovable()
                .supplier(recorder.settingNames(SettingNames.ofSettingInterfaces().names()))
                .done();
    }

    /** A readiness check of the workspace, when the application has SmallRye Health. */
    @BuildStep
    HealthBuildItem health() {
        return new HealthBuildItem(WorkspaceHealthCheck.class.getName(), true);
    }

    /** Call counts and latency per tool and outcome, when the application has Micrometer. */
    @BuildStep
    void metrics(Capabilities capabilities, BuildProducer<AdditionalBeanBuildItem> beans) {
        if (capabilities.isPresent(Capability.METRICS)
                && QuarkusClassLoader.isClassPresentAtRuntime("io.micrometer.core.instrument.MeterRegistry")) {
            beans.produce(AdditionalBeanBuildItem.builder().addBeanClass(MicrometerToolMetrics.class)
                    .setUnremovable().setDefaultScope(BuiltinScope.SINGLETON.getName()).build());
        }
    }

    /** The configuration's values are checked as the application starts (see ConfigCheck). */
    @BuildStep
    AdditionalBeanBuildItem configCheck() {
        return AdditionalBeanBuildItem.builder().addBeanClass(ConfigCheck.class).setUnremovable()
                .setDefaultScope(BuiltinScope.SINGLETON.getName()).build();
    }

    /**
     * Serving the tools over HTTP brings the exposure check (no non-loopback listener without a token) and the guard
     * against foreign browser origins and oversized bodies.
     */
    @BuildStep
    void restBeans(ToolFsBuildTimeConfig config, BuildProducer<AdditionalBeanBuildItem> beans,
            BuildProducer<ExcludedTypeBuildItem> excluded) {
        if (config.rest().enabled()) {
            beans.produce(AdditionalBeanBuildItem.builder().addBeanClasses(ExposureCheck.class, RestGuard.class)
                    .setUnremovable().setDefaultScope(BuiltinScope.SINGLETON.getName()).build());
        } else {
            // Their observer methods would make them beans anyway (ArC gives such a class a scope): without REST
            // they would refuse a start on a public address and guard the application's own /tools and /approvals.
            excluded.produce(new ExcludedTypeBuildItem(ExposureCheck.class.getName()));
            excluded.produce(new ExcludedTypeBuildItem(RestGuard.class.getName()));
        }
    }

    @BuildStep
    @Record(ExecutionTime.RUNTIME_INIT)
    void restRoutes(ToolFsBuildTimeConfig config, RestRecorder recorder, BuildProducer<RouteBuildItem> routes) {
        if (!config.rest().enabled()) {
            return;
        }
        var handler = recorder.handler();
        var approvals = recorder.approvalsHandler();
        for (String path : List.of("/tools", "/tools/:name", "/approvals", "/approvals/:id")) {
            routes.produce(RouteBuildItem.builder()
                    .routeFunction(path, recorder.route(path.startsWith("/tools")))
                    .handler(path.startsWith("/tools") ? handler : approvals)
                    .handlerType(HandlerType.BLOCKING)
                    .build());
        }
    }
}
