package dev.toolfs.langchain4j.deployment;

import jakarta.enterprise.context.ApplicationScoped;

import dev.langchain4j.agent.tool.Tool;

/** An application's own LangChain4j tool. */
@ApplicationScoped
public class ClockTool {

    @Tool("The time of day")
    public String now() {
        return "noon";
    }
}
