package dev.toolfs.langchain4j.deployment;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

import org.jboss.jandex.ClassInfo;
import org.jboss.logging.Logger;

import dev.toolfs.langchain4j.ToolFsLangChain4jProducers;
import dev.toolfs.langchain4j.ToolFsToolProvider;
import dev.toolfs.langchain4j.ToolFsToolProviderSupplier;
import io.quarkus.arc.deployment.AdditionalBeanBuildItem;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.builditem.BytecodeTransformerBuildItem;
import io.quarkus.deployment.builditem.CombinedIndexBuildItem;
import io.quarkus.deployment.builditem.FeatureBuildItem;

class ToolFsLangChain4jProcessor {

    private static final Logger LOG = Logger.getLogger(ToolFsLangChain4jProcessor.class);

    /**
     * Quarkus LangChain4j's own classes: its tool loops (blocking and streaming), and what else reads a tool result or
     * its message as text (tracing, guardrails, templates).
     */
    static final String QUARKUS_LANGCHAIN4J = "io.quarkiverse.langchain4j.";

    /**
     * A class of Quarkus LangChain4j's core, whose location is the core's: only the core's classes are rewritten. Its
     * model providers (Gemini, Ollama and others, under the same package names) read a tool result as text to send it:
     * one that cannot send an image must fail on it, as LangChain4j makes it, not drop it unseen.
     */
    static final String CORE_CLASS = "io/quarkiverse/langchain4j/RegisterAiService.class";

    /** The core's message-to-text helper, which providers use too: left as it is, its core callers are rewritten. */
    static final String PROVIDERS_TEXT = "io.quarkiverse.langchain4j.runtime.LangChain4jUtil";

    @BuildStep
    FeatureBuildItem feature() {
        return new FeatureBuildItem("tool-fs-langchain4j");
    }

    /**
     * The tool provider bean, which Quarkus LangChain4j hands to every AI service that names neither tools nor a
     * provider, and its supplier, for one that names it.
     */
    @BuildStep
    AdditionalBeanBuildItem beans() {
        return AdditionalBeanBuildItem.builder()
                .addBeanClasses(ToolFsToolProvider.class, ToolFsToolProviderSupplier.class, ToolFsLangChain4jProducers.class,
                        dev.toolfs.langchain4j.RequestSessions.class)
                .setUnremovable()
                .build();
    }

    static final org.jboss.jandex.DotName TOOL_PROVIDER = org.jboss.jandex.DotName
            .createSimple("dev.langchain4j.service.tool.ToolProvider");

    static final org.jboss.jandex.DotName REGISTER_AI_SERVICE = org.jboss.jandex.DotName
            .createSimple("io.quarkiverse.langchain4j.RegisterAiService");

    /**
     * Tool FS's provider is a default bean: another one of the application's (its own, or the MCP client's) goes first.
     * The AI services that leave the choice to Quarkus LangChain4j then get that one, without Tool FS's tools: said
     * once, at build time, naming them and the way to give them Tool FS's (found in a review: nothing said so).
     */
    @BuildStep
    void otherToolProviders(io.quarkus.arc.deployment.ValidationPhaseBuildItem validation, CombinedIndexBuildItem index,
            BuildProducer<io.quarkus.arc.deployment.ValidationPhaseBuildItem.ValidationErrorBuildItem> errors) {
        List<String> others = validation.getContext().beans().withBeanType(TOOL_PROVIDER).stream()
                // Any other, a default bean too (the MCP client's is one): it goes before Tool FS's, of lower priority.
                .filter(bean -> bean.getImplClazz() == null
                        || !bean.getImplClazz().name().toString().equals(ToolFsToolProvider.class.getName()))
                .map(bean -> bean.getImplClazz() != null ? bean.getImplClazz().name().toString()
                        : bean.getBeanClass().toString())
                .sorted().toList();
        if (others.isEmpty()) {
            return;
        }
        List<String> leaving = servicesLeavingTheChoice(index.getIndex());
        if (!leaving.isEmpty()) {
            LOG.warnf("The application has a ToolProvider bean of its own (%s), which goes before Tool FS's: AI"
                    + " services that name neither tools nor a tool provider (%s) get that one, without Tool FS's read,"
                    + " write and edit; to give one of them Tool FS's tools, name toolProviderSupplier ="
                    + " ToolFsToolProviderSupplier.class in its @RegisterAiService", String.join(", ", others),
                    String.join(", ", leaving));
        }
    }

    /** The AI services that name neither tools nor a tool provider supplier, by name. */
    static List<String> servicesLeavingTheChoice(org.jboss.jandex.IndexView index) {
        List<String> leaving = new java.util.ArrayList<>();
        for (org.jboss.jandex.AnnotationInstance service : index.getAnnotations(REGISTER_AI_SERVICE)) {
            org.jboss.jandex.AnnotationValue tools = service.value("tools");
            org.jboss.jandex.AnnotationValue supplier = service.value("toolProviderSupplier");
            boolean namesTools = tools != null && tools.asClassArray().length > 0;
            boolean namesSupplier = supplier != null
                    && !supplier.asClass().name().toString().endsWith("$BeanIfExistsToolProviderSupplier");
            if (!namesTools && !namesSupplier && service.target().kind() == org.jboss.jandex.AnnotationTarget.Kind.CLASS) {
                leaving.add(service.target().asClass().name().toString());
            }
        }
        java.util.Collections.sort(leaving);
        return leaving;
    }

    /**
     * Lets tool results with images through the Quarkus LangChain4j tool loop, which reads every result as text. The
     * classes that do so are found once here, by their calls, so an anonymous class renamed by a new version is still
     * found; a version with no such call needs nothing.
     */
    @BuildStep
    void imagesThroughTheToolLoop(CombinedIndexBuildItem index, BuildProducer<BytecodeTransformerBuildItem> transformers) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        String core = locationOf(loader, CORE_CLASS);
        if (core == null) {
            LOG.warn("Quarkus LangChain4j's core was not found; tool results with images will not pass its tool loop");
            return;
        }
        int rewritten = 0;
        for (ClassInfo c : index.getIndex().getKnownClasses()) {
            String name = c.name().toString();
            if (!name.startsWith(QUARKUS_LANGCHAIN4J) || name.equals(PROVIDERS_TEXT)
                    || !core.equals(locationOf(loader, name.replace('.', '/') + ".class"))) {
                continue;
            }
            byte[] bytes = bytesOf(loader, name);
            if (bytes != null && ToolResultCallRewriter.sites(bytes) > 0) {
                transformers.produce(new BytecodeTransformerBuildItem(name,
                        (className, next) -> ToolResultCallRewriter.rewriting(next)));
                rewritten++;
            }
        }
        if (rewritten == 0) {
            LOG.debug("No Quarkus LangChain4j tool loop reads tool results as text only; nothing to rewrite");
        } else {
            LOG.debugf("Tool results with images pass through %d Quarkus LangChain4j classes", rewritten);
        }
    }

    /** The jar or folder a class file comes from, or null. */
    static String locationOf(ClassLoader loader, String resource) {
        java.net.URL url = loader.getResource(resource);
        if (url == null) {
            return null;
        }
        String s = url.toString();
        return s.endsWith(resource) ? s.substring(0, s.length() - resource.length()) : null;
    }

    private static byte[] bytesOf(ClassLoader loader, String className) {
        try (InputStream in = loader.getResourceAsStream(className.replace('.', '/') + ".class")) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }
}
