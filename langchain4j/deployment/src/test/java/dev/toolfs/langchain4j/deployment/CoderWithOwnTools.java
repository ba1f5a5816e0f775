package dev.toolfs.langchain4j.deployment;

import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import dev.toolfs.langchain4j.ToolFsToolProviderSupplier;
import io.quarkiverse.langchain4j.RegisterAiService;

/** An AI service that names a tool of its own: it gets Tool FS's tools only by naming their supplier too. */
@RegisterAiService(chatLanguageModelSupplier = ScriptedChatModel.Provider.class, tools = ClockTool.class,
        toolProviderSupplier = ToolFsToolProviderSupplier.class)
public interface CoderWithOwnTools {

    String chat(@MemoryId String conversation, @UserMessage String message);
}
