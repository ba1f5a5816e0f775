package dev.toolfs.langchain4j;

import java.util.Optional;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.Cancellation;
import dev.toolfs.runtime.InvalidCallException;
import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolRuntime;
import io.quarkus.arc.DefaultBean;
import io.quarkus.runtime.StartupEvent;

/** The default session mapping: one tool session per chat memory id, with the configured folder and model. */
@Singleton
public class ToolFsLangChain4jProducers {

    @Produces
    @Singleton
    @DefaultBean
    ToolSessionMapper sessions(ToolFsConfig config) {
        Optional<String> cwd = config.langchain4j().cwd();
        Optional<String> model = configuredModel(config);
        return memoryId -> new ToolCall(sessionId(memoryId), cwd, model, Cancellation.NONE);
    }

    /**
     * The tool session of a chat memory: {@code memory-<id>}, or, for an id whose text is too long for a session id
     * (a composite key, say; see ToolRuntime.MAX_KEPT_CHARS), {@code memory-sha256-<hash of it>}.
     */
    public static String sessionId(Object memoryId) {
        String id = "memory-" + memoryId;
        if (id.length() <= dev.toolfs.runtime.ToolRuntime.MAX_KEPT_CHARS) {
            return id;
        }
        try {
            byte[] hash = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(String.valueOf(memoryId).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return "memory-sha256-" + java.util.HexFormat.of().formatHex(hash);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JDK has SHA-256
        }
    }

    /** The model the default mapping routes every call to: quarkus.tool-fs.langchain4j.model, else the default one. */
    private static Optional<String> configuredModel(ToolFsConfig config) {
        return config.langchain4j().model().or(config::defaultModel);
    }

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(ToolFsLangChain4jProducers.class);

    /**
     * A configured folder that is none would fail every call of every conversation: refused at start instead. A
     * configured model that takes no images, with image content on, would have read_image refuse every call: said.
     */
    void checkAtStart(@Observes StartupEvent event, ToolFsConfig config, ToolRuntime runtime,
            io.quarkus.arc.InjectableInstance<ToolSessionMapper> mappers,
            dev.toolfs.attachments.ModelInfoResolver models) {
        if (!mappers.getHandle().getBean().isDefaultBean()) {
            return; // the application's own mapper chooses the folders; its choice is checked at each call
        }
        if (config.langchain4j().imageContent()) {
            Optional<String> model = configuredModel(config);
            if (model.isEmpty() || !models.imageInput(model.get()).orElse(false)) {
                LOG.warnf("quarkus.tool-fs.langchain4j.image-content is on, but %s, so read_image, which AI services"
                        + " are offered, refuses every call; name the model in quarkus.tool-fs.langchain4j.model and set"
                        + " quarkus.tool-fs.models.\"<model>\".image-input=true, or turn image-content off",
                        model.map(m -> "the model \"" + m + "\" does not declare image input")
                                .orElse("no model is configured"));
            }
        }
        config.langchain4j().cwd().ifPresent(cwd -> {
            try {
                runtime.checkSessionFolder(cwd);
            } catch (InvalidCallException e) {
                throw dev.toolfs.config.ConfigCheck.refusal("quarkus.tool-fs.langchain4j.cwd is wrong: " + e.getMessage());
            }
        });
    }
}
