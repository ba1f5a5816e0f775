package dev.toolfs.langchain4j.deployment;

import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import io.quarkiverse.langchain4j.RegisterAiService;

/** An ordinary AI service: it names no tools; the Tool FS tool provider gives it read, write and edit. */
@RegisterAiService(chatLanguageModelSupplier = ScriptedChatModel.Provider.class)
public interface Coder {

    String chat(@MemoryId String conversation, @UserMessage String message);
}
