package dev.toolfs.langchain4j.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import jakarta.enterprise.context.control.ActivateRequestContext;
import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

/**
 * Found in a review: an AI service that names tools of its own got none of Tool FS's, and another tool provider bean
 * took them from every AI service. Naming {@code ToolFsToolProviderSupplier} gives them back in both cases.
 */
class ToolProviderSupplierTest {

    static final Path WS = VisionApp.workspace("supplier-workspace");

    @RegisterExtension
    static final QuarkusUnitTest test = VisionApp.serving(WS, CoderWithOwnTools.class, ClockTool.class,
            OtherToolProvider.class, ScriptedChatModel.class, ScriptedChatModel.Provider.class);

    @Inject
    CoderWithOwnTools coder;

    @Test
    @ActivateRequestContext
    void anAiServiceWithItsOwnToolsGetsToolFsToolsByNamingTheirSupplier() throws IOException {
        Files.writeString(WS.resolve("notes.txt"), "alpha\n");
        ScriptedChatModel.TOOL_NAMES.clear();
        ScriptedChatModel.RESULTS.clear();
        ScriptedChatModel.then("read", "{\"file_path\": \"notes.txt\"}");
        ScriptedChatModel.then("now", "{}");
        assertThat(coder.chat("conversation-a", "Read the notes.")).isEqualTo("done");
        assertThat(ScriptedChatModel.TOOL_NAMES).containsExactlyInAnyOrder("now", "read", "write", "edit");
        assertThat(ScriptedChatModel.RESULTS).containsExactly(
                "<path>notes.txt</path>\n<type>file</type>\n<content>\n1: alpha\n\n(End of file - total 1 lines)\n</content>",
                "\"noon\""); // LangChain4j gives a @Tool method's string as JSON
    }
}
