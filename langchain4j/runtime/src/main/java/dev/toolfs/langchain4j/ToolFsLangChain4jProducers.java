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
        Optional<String> model = config.langchain4j().model().or(config::defaultModel);
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

    /** A configured folder that is none would fail every call of every conversation: refused at start instead. */
    void checkFolder(@Observes StartupEvent event, ToolFsConfig config, ToolRuntime runtime,
            io.quarkus.arc.InjectableInstance<ToolSessionMapper> mappers) {
        if (!mappers.getHandle().getBean().isDefaultBean()) {
            return; // the application's own mapper chooses the folders; its choice is checked at each call
        }
        config.langchain4j().cwd().ifPresent(cwd -> {
            try {
                runtime.checkSessionFolder(cwd);
            } catch (InvalidCallException e) {
                throw new IllegalStateException("Tool FS refuses to start: quarkus.tool-fs.langchain4j.cwd is wrong: "
                        + e.getMessage());
            }
        });
    }
}
