package dev.toolfs.langchain4j.deployment;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.service.tool.ToolExecutionResult;

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
}
