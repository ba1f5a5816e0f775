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
        return memoryId -> new ToolCall("memory-" + memoryId, cwd, model, Cancellation.NONE);
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
