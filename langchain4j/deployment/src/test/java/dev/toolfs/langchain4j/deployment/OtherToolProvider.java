package dev.toolfs.langchain4j.deployment;

import jakarta.enterprise.context.ApplicationScoped;

import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;

/** Another tool provider bean of the application, which the default supplier cannot choose between. */
@ApplicationScoped
public class OtherToolProvider implements ToolProvider {

    @Override
    public ToolProviderResult provideTools(ToolProviderRequest request) {
        return ToolProviderResult.builder().build();
    }
}
