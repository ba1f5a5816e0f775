package dev.toolfs.langchain4j.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

/** Found in a review: a relative folder made every tool call fail; the application now refuses to start, saying why. */
class RelativeFolderTest {

    static final Path WS = VisionApp.workspace("relative-folder-workspace");

    @RegisterExtension
    static final QuarkusUnitTest test = VisionApp.serving(WS, Coder.class, ScriptedChatModel.class,
            ScriptedChatModel.Provider.class)
            .overrideConfigKey("quarkus.tool-fs.langchain4j.cwd", "src")
            .assertException(t -> {
                Throwable root = t;
                while (root.getCause() != null && root.getCause() != root) {
                    root = root.getCause();
                }
                assertThat(root.getMessage()).isEqualTo("Tool FS refuses to start: quarkus.tool-fs.langchain4j.cwd is"
                        + " wrong: the session folder \"src\" must be an absolute path");
            });

    @Test
    void startupFails() {
        // The assertion is in assertException: this test only runs if startup failed as expected.
    }
}
