package dev.toolfs.langchain4j.deployment;

import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import io.quarkiverse.langchain4j.RegisterAiService;
import io.smallrye.mutiny.Multi;

/** A streaming AI service: its tool calls run through Quarkus LangChain4j's streaming tool loop. */
@RegisterAiService(streamingChatLanguageModelSupplier = ScriptedStreamingChatModel.Provider.class)
public interface StreamingCoder {

    Multi<String> chat(@MemoryId String conversation, @UserMessage String message);
}
