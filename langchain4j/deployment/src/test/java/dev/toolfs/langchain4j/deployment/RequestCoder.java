package dev.toolfs.langchain4j.deployment;

import dev.langchain4j.service.UserMessage;
import io.quarkiverse.langchain4j.RegisterAiService;

/** An AI service without a memory id: Quarkus LangChain4j gives each request a chat memory of its own. */
@RegisterAiService(chatLanguageModelSupplier = ScriptedChatModel.Provider.class)
public interface RequestCoder {

    String chat(@UserMessage String message);
}
