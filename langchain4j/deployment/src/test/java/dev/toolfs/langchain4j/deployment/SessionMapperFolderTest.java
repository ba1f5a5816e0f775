package dev.toolfs.langchain4j.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import jakarta.enterprise.context.control.ActivateRequestContext;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.toolfs.fs.Cancellation;
import dev.toolfs.langchain4j.ToolSessionMapper;
import dev.toolfs.runtime.ToolCall;
import io.quarkus.test.QuarkusUnitTest;

/**
 * An application's ToolSessionMapper names a folder per conversation: a conversation whose folder is missing gets
 * an error result the model and the loop can see (with the Error: prefix), not an exception's bare message.
 */
class SessionMapperFolderTest {

    static final Path WS = VisionApp.workspace("mapper-workspace");

    @RegisterExtension
    static final QuarkusUnitTest test = VisionApp.serving(WS, Coder.class, ScriptedChatModel.class,
            ScriptedChatModel.Provider.class, PerUserFolders.class)
            // Not the folder the app's mapper uses: not checked at start (found in a review), so the app starts.
            .overrideConfigKey("quarkus.tool-fs.langchain4j.cwd", "not-used");

    @Singleton
    public static class PerUserFolders implements ToolSessionMapper {
        @Override
        public ToolCall callFor(Object memoryId) {
            return new ToolCall("memory-" + memoryId, Optional.of(WS.resolve("users").resolve(String.valueOf(memoryId)).toString()),
                    Optional.empty(), Cancellation.NONE);
        }
    }

    @Inject
    Coder coder;

    @Test
    @ActivateRequestContext
    void aConversationWhoseFolderIsMissingGetsAnErrorResult() throws IOException {
        Files.createDirectories(WS.resolve("users/alice"));
        Files.writeString(WS.resolve("users/alice/a.txt"), "hers\n");
        ScriptedChatModel.RESULTS.clear();
        ScriptedChatModel.then("read", "{\"file_path\": \"a.txt\"}");
        coder.chat("alice", "Read a.txt.");
        ScriptedChatModel.then("read", "{\"file_path\": \"a.txt\"}");
        coder.chat("bob", "Read a.txt.");
        assertThat(ScriptedChatModel.RESULTS).containsExactly(
                "<path>a.txt</path>\n<type>file</type>\n<content>\n1: hers\n\n(End of file - total 1 lines)\n</content>",
                "Error: the session folder \"" + WS.resolve("users/bob") + "\" is not a folder inside the workspace;"
                        + " the application chose it for this conversation, so tell the user");
    }
}
