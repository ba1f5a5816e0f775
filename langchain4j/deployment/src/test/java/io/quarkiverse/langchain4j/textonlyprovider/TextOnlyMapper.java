package io.quarkiverse.langchain4j.textonlyprovider;

import dev.langchain4j.data.message.ToolExecutionResultMessage;
import io.quarkiverse.langchain4j.runtime.LangChain4jUtil;

/**
 * A model provider's message mapper, under Quarkus LangChain4j's package names but outside its core, as Quarkus's own
 * Gemini and Ollama modules are: it sends a tool result as text, and must fail on an image rather than drop it.
 */
public final class TextOnlyMapper {

    private TextOnlyMapper() {
    }

    public static String toolResult(ToolExecutionResultMessage message) {
        return message.text();
    }

    public static String anyMessage(ToolExecutionResultMessage message) {
        return LangChain4jUtil.chatMessageToText(message);
    }
}
