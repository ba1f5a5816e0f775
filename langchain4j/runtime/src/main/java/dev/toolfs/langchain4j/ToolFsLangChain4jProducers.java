package dev.toolfs.langchain4j;

import java.util.Optional;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.Cancellation;
import dev.toolfs.runtime.ToolCall;
import io.quarkus.arc.DefaultBean;

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
}
