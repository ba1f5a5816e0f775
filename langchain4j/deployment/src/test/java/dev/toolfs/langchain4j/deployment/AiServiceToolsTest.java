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
 * An AI service with a scripted model reads a file, edits it, hits the not-observed error on a file it never read,
 * reads that file and edits it: the exact tool results the model received, and the final bytes.
 */
class AiServiceToolsTest {

    static final Path WS = VisionApp.workspace("ai-service-workspace");

    @RegisterExtension
    static final QuarkusUnitTest test = VisionApp.serving(WS, Coder.class, ScriptedChatModel.class,
            ScriptedChatModel.Provider.class);

    @Inject
    Coder coder;

    @Test
    @ActivateRequestContext
    void theModelSeesTheExactToolResultsAndThePolicyHolds() throws IOException {
        Files.writeString(WS.resolve("notes.txt"), "alpha\r\nbeta\r\n");
        Files.writeString(WS.resolve("other.txt"), "gamma\n");
        ScriptedChatModel.then("read", "{\"file_path\": \"notes.txt\"}");
        ScriptedChatModel.then("edit", "{\"file_path\": \"notes.txt\", \"old_string\": \"alpha\", \"new_string\": \"ALPHA\"}");
        ScriptedChatModel.then("edit", "{\"file_path\": \"other.txt\", \"old_string\": \"gamma\", \"new_string\": \"GAMMA\"}");
        ScriptedChatModel.then("read", "{\"file_path\": \"other.txt\"}");
        ScriptedChatModel.then("edit", "{\"file_path\": \"other.txt\", \"old_string\": \"gamma\", \"new_string\": \"GAMMA\"}");

        assertThat(coder.chat("conversation-a", "Uppercase the first words.")).isEqualTo("done");

        // read_image only with image content on (see ImageThroughAiServiceTest): without it, the model would get no image.
        assertThat(ScriptedChatModel.TOOL_NAMES).containsExactly("read", "write", "edit");
        assertThat(ScriptedChatModel.RESULTS).containsExactly(
                "<path>notes.txt</path>\n<type>file</type>\n<content>\n1: alpha\n2: beta\n\n(End of file - total 2 lines)\n</content>",
                "The file notes.txt has been updated successfully.",
                "Error: cannot edit \"other.txt\": it has not been read in this session — read the file, then retry",
                "<path>other.txt</path>\n<type>file</type>\n<content>\n1: gamma\n\n(End of file - total 1 lines)\n</content>",
                "The file other.txt has been updated successfully.");
        assertThat(Files.readString(WS.resolve("notes.txt"))).isEqualTo("ALPHA\r\nbeta\r\n");
        assertThat(Files.readString(WS.resolve("other.txt"))).isEqualTo("GAMMA\n");

        // Another conversation is another session: it has read nothing.
        ScriptedChatModel.RESULTS.clear();
        ScriptedChatModel.then("edit", "{\"file_path\": \"notes.txt\", \"old_string\": \"beta\", \"new_string\": \"BETA\"}");
        Files.write(WS.resolve("blob.bin"), new byte[] { 'a', 0, 'b' });
        ScriptedChatModel.then("read", "{\"file_path\": \"blob.bin\"}");
        coder.chat("conversation-b", "Uppercase beta.");
        assertThat(ScriptedChatModel.RESULTS).containsExactly(
                "Error: cannot edit \"notes.txt\": it has not been read in this session — read the file, then retry",
                // read_image is not offered without image content, so the advice does not name it.
                "Error: cannot read \"blob.bin\": not a UTF-8 text file (it contains NUL bytes); use a shell tool for binary files or text in another encoding");
        assertThat(Files.readString(WS.resolve("notes.txt"))).isEqualTo("ALPHA\r\nbeta\r\n");
    }
}
