package dev.toolfs.langchain4j;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.service.tool.ToolExecutionResult;
import io.quarkiverse.langchain4j.runtime.LangChain4jUtil;

/**
 * Tool results with images inside the Quarkus LangChain4j tool loop. That loop (1.10) turns every tool result into a
 * message through {@code ToolExecutionResult.resultText()}, which throws for a result holding an image. The extension
 * rewrites those call sites at build time to call these methods instead, so a result's contents (text and images)
 * reach the model as LangChain4j intends, and a text-only result gives the same message as before.
 */
public final class ToolResultMessages {

    private ToolResultMessages() {
    }

    /**
     * The message for a tool result: all its contents, and, as LangChain4j's own AI services give it, whether it is an
     * error (so that a provider can mark it: an Anthropic {@code tool_result} with {@code is_error}) and its
     * attributes. A text result that is no error is exactly the text message the loop built before.
     */
    public static ToolExecutionResultMessage from(ToolExecutionRequest request, ToolExecutionResult result) {
        List<Content> contents = result.resultContents();
        Map<String, Object> attributes = result.attributes();
        boolean withAttributes = attributes != null && !attributes.isEmpty();
        if (!result.isError() && !withAttributes && contents.size() == 1 && contents.get(0) instanceof TextContent text) {
            return ToolExecutionResultMessage.from(request, text.text());
        }
        ToolExecutionResultMessage.Builder message = ToolExecutionResultMessage.builder().id(request.id())
                .toolName(request.name()).contents(contents);
        if (result.isError()) {
            message.isError(true);
        }
        if (withAttributes) {
            message.attributes(attributes);
        }
        return message.build();
    }

    /**
     * The text of a tool result's message, for logs, traces and templates: its text parts (for a text-only message,
     * what {@code text()} gives), never an exception.
     */
    public static String textOf(ToolExecutionResultMessage message) {
        return texts(message.contents());
    }

    /**
     * Quarkus LangChain4j's {@code LangChain4jUtil.chatMessageToText}, for its own tracing, templates and Dev UI: a tool
     * result's message gives its text parts, never an exception for an image. That method itself is left as it is:
     * model providers map messages with it too, and one that cannot send an image must fail, not drop it.
     */
    public static String messageText(ChatMessage message) {
        return message instanceof ToolExecutionResultMessage result ? textOf(result)
                : LangChain4jUtil.chatMessageToText(message);
    }

    /** The text of a tool result, for logs and events: its text parts, never an exception for an image. */
    public static String text(ToolExecutionResult result) {
        return texts(result.resultContents());
    }

    private static String texts(List<Content> contents) {
        return contents.stream().filter(TextContent.class::isInstance).map(c -> ((TextContent) c).text())
                .collect(Collectors.joining("\n"));
    }
}
