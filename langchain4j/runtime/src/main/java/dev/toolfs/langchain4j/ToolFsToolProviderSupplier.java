package dev.toolfs.langchain4j;

import java.util.function.Supplier;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import dev.langchain4j.service.tool.ToolProvider;

/**
 * Gives an AI service the Tool FS tools by name, for the two cases where Quarkus LangChain4j's default does not: an
 * AI service that names tools of its own ({@code tools = ...}), which then gets no tool provider unless it names one,
 * and an application with another {@link ToolProvider} bean, where the default finds no single one. Use it as
 * {@code @RegisterAiService(tools = MyTools.class, toolProviderSupplier = ToolFsToolProviderSupplier.class)}.
 */
@Singleton
public class ToolFsToolProviderSupplier implements Supplier<ToolProvider> {

    @Inject
    ToolFsToolProvider tools;

    @Override
    public ToolProvider get() {
        return tools;
    }
}
