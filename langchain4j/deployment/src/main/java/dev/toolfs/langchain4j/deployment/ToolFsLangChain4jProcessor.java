package dev.toolfs.langchain4j.deployment;

import java.io.IOException;
import java.io.InputStream;

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
                .addBeanClasses(ToolFsToolProvider.class, ToolFsToolProviderSupplier.class, ToolFsLangChain4jProducers.class)
                .setUnremovable()
                .build();
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
