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
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;

/** The streaming twin of {@link ScriptedChatModel}: replays tool calls and records the tool results it receives. */
public class ScriptedStreamingChatModel implements StreamingChatModel {

    static final Deque<String[]> SCRIPT = new ArrayDeque<>();
    static final List<ToolExecutionResultMessage> RESULT_MESSAGES = new ArrayList<>();

    static void then(String tool, String argumentsJson) {
        SCRIPT.add(new String[] { tool, argumentsJson });
    }

    @Override
    public void doChat(ChatRequest request, StreamingChatResponseHandler handler) {
        List<ChatMessage> messages = request.messages();
        if (messages.get(messages.size() - 1) instanceof ToolExecutionResultMessage r) {
            RESULT_MESSAGES.add(r);
        }
        String[] next = SCRIPT.poll();
        if (next == null) {
            handler.onPartialResponse("done");
            handler.onCompleteResponse(ChatResponse.builder().aiMessage(AiMessage.from("done")).build());
            return;
        }
        ToolExecutionRequest call = ToolExecutionRequest.builder().id("stream-" + RESULT_MESSAGES.size()).name(next[0])
                .arguments(next[1]).build();
        handler.onCompleteResponse(ChatResponse.builder().aiMessage(AiMessage.from(List.of(call))).build());
    }

    public static class Provider implements Supplier<StreamingChatModel> {
        @Override
        public StreamingChatModel get() {
            return new ScriptedStreamingChatModel();
        }
    }
}
