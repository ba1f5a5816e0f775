package dev.toolfs.langchain4j.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.toolfs.session.SessionRegistry;
import dev.toolfs.session.ToolSession;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ManagedContext;
import io.quarkus.test.QuarkusUnitTest;

/**
 * Found in a review: an AI service without a {@code @MemoryId} gets a memory id of the request, whose memory goes with
 * it, but its tool session stayed for the idle timeout, so that busy services pushed real conversations out. It ends
 * with its request now.
 */
class RequestSessionTest {

    static final Path WS = VisionApp.workspace("request-workspace");

    @RegisterExtension
    static final QuarkusUnitTest test = VisionApp.serving(WS, RequestCoder.class, ScriptedChatModel.class,
            ScriptedChatModel.Provider.class);

    @Inject
    RequestCoder coder;

    @Inject
    SessionRegistry sessions;

    @Test
    void aRequestsToolSessionEndsWithTheRequest() throws IOException {
        Files.writeString(WS.resolve("notes.txt"), "alpha\n");
        ScriptedChatModel.RESULTS.clear();
        List<String> during;
        ManagedContext request = Arc.container().requestContext();
        request.activate();
        try {
            ScriptedChatModel.then("read", "{\"file_path\": \"notes.txt\"}");
            assertThat(coder.chat("Read the notes.")).isEqualTo("done");
            during = memorySessions();
        } finally {
            request.terminate();
        }
        assertThat(ScriptedChatModel.RESULTS).containsExactly(
                "<path>notes.txt</path>\n<type>file</type>\n<content>\n1: alpha\n\n(End of file - total 1 lines)\n</content>");
        assertThat(during).hasSize(1);
        assertThat(during.get(0)).endsWith("#" + RequestCoder.class.getName() + ".chat");
        assertThat(memorySessions()).isEmpty();
        assertThat(sessions.find(during.get(0))).isEmpty();

        // The next request starts afresh: what the last one read lets it change nothing.
        request.activate();
        try {
            ScriptedChatModel.then("edit", "{\"file_path\": \"notes.txt\", \"old_string\": \"alpha\", \"new_string\": \"beta\"}");
            assertThat(coder.chat("Change the notes.")).isEqualTo("done");
        } finally {
            request.terminate();
        }
        assertThat(ScriptedChatModel.RESULTS.get(1)).isEqualTo("Error: cannot edit \"notes.txt\": it has not been read in"
                + " this session — read the file, then retry");
        assertThat(Files.readString(WS.resolve("notes.txt"))).isEqualTo("alpha\n");
        assertThat(memorySessions()).isEmpty();
    }

    private List<String> memorySessions() {
        return sessions.all().stream().map(ToolSession::id).filter(id -> id.startsWith("memory-")).toList();
    }
}
