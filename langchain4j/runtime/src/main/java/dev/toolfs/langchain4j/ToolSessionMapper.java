package dev.toolfs.langchain4j;

import dev.toolfs.runtime.ToolCall;

/**
 * Maps an AI service's chat memory id to the tool call context. The default makes each memory id its own tool
 * session (so two conversations have separate read histories) with the configured folder and model; an
 * application provides its own bean to choose them per conversation.
 */
public interface ToolSessionMapper {

    ToolCall callFor(Object memoryId);
}
