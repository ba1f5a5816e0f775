package dev.toolfs.langchain4j.deployment;

import jakarta.enterprise.context.ApplicationScoped;

import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import io.quarkus.arc.DefaultBean;

/** A tool provider that is a default bean too, as the MCP client extension's is. */
@ApplicationScoped
@DefaultBean
public class OtherDefaultToolProvider implements ToolProvider {

    @Override
    public ToolProviderResult provideTools(ToolProviderRequest request) {
        return ToolProviderResult.builder().build();
    }
}
