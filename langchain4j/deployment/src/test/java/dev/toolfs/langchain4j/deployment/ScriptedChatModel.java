package dev.toolfs.langchain4j.deployment;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Supplier;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;

/**
 * A chat model that replays a script of tool calls, one per turn, and records every tool result it receives: the
 * exact texts the model would have seen.
 */
public class ScriptedChatModel implements ChatModel {

    static final Deque<String[]> SCRIPT = new ArrayDeque<>();
    static final List<String> RESULTS = new ArrayList<>();
    static final List<ToolExecutionResultMessage> RESULT_MESSAGES = new ArrayList<>();
    static final List<String> TOOL_NAMES = new ArrayList<>();

    /** Queues a tool call: the tool's name and its arguments as JSON. */
    static void then(String tool, String argumentsJson) {
        SCRIPT.add(new String[] { tool, argumentsJson });
    }

    @Override
    public ChatResponse doChat(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        ChatMessage last = messages.get(messages.size() - 1);
        if (last instanceof ToolExecutionResultMessage r) {
            RESULT_MESSAGES.add(r);
            RESULTS.add(r.hasSingleText() ? r.text() : "(" + r.contents().size() + " contents)");
        }
        if (TOOL_NAMES.isEmpty() && request.toolSpecifications() != null) {
            request.toolSpecifications().forEach(s -> TOOL_NAMES.add(s.name()));
        }
        String[] next = SCRIPT.poll();
        if (next == null) {
            return ChatResponse.builder().aiMessage(AiMessage.from("done")).build();
        }
        ToolExecutionRequest call = ToolExecutionRequest.builder().id("call-" + RESULTS.size()).name(next[0])
                .arguments(next[1]).build();
        return ChatResponse.builder().aiMessage(AiMessage.from(List.of(call))).build();
    }

    public static class Provider implements Supplier<ChatModel> {
        @Override
        public ChatModel get() {
            return new ScriptedChatModel();
        }
    }
}
