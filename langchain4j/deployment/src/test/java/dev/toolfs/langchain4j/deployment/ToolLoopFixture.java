package dev.toolfs.langchain4j.deployment;

import java.util.List;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.service.tool.ToolExecutionResult;
import io.quarkiverse.langchain4j.runtime.LangChain4jUtil;

/** A tool loop written the way Quarkus LangChain4j 1.10 writes its own: every result read as text. */
public class ToolLoopFixture {

    public static ToolExecutionResultMessage message(ToolExecutionRequest request, ToolExecutionResult result) {
        return ToolExecutionResultMessage.from(request, result.resultText());
    }

    public static String shown(ToolExecutionResultMessage message) {
        return "shown: " + message.text();
    }

    public static String log(ToolExecutionResult result, boolean verbose) {
        return verbose ? "result: " + result.resultText() : "result";
    }

    /** As Quarkus LangChain4j's templates render a message. */
    public static String rendered(ChatMessage message) {
        return LangChain4jUtil.chatMessageToText(message);
    }

    /** As its tracing renders the messages of a prompt: by method reference. */
    public static List<String> renderedAll(List<ChatMessage> messages) {
        return messages.stream().map(LangChain4jUtil::chatMessageToText).toList();
    }

    public static List<String> shownAll(List<ToolExecutionResultMessage> messages) {
        return messages.stream().map(ToolExecutionResultMessage::text).toList();
    }

    public static List<String> logged(List<ToolExecutionResult> results) {
        return results.stream().map(ToolExecutionResult::resultText).toList();
    }
}
