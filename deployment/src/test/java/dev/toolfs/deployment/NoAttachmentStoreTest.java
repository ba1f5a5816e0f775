package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import jakarta.inject.Inject;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.toolfs.fs.local.Workspace;
import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolCatalog;
import dev.toolfs.runtime.ToolDescriptor;
import dev.toolfs.runtime.ToolRuntime;
import io.quarkus.test.QuarkusUnitTest;

/** Without a durable attachment store, read_image is never offered, and no error sends the model to it. */
class NoAttachmentStoreTest {

    static final Path ROOT = TempFolders.made("toolfs-no-store");

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class).addClass(TempFolders.class))
            .overrideConfigKey("quarkus.tool-fs.workspace.roots", ROOT.toString())
            .overrideConfigKey("quarkus.tool-fs.attachments.local.enabled", "false");

    @Inject
    ToolCatalog catalog;

    @Inject
    ToolRuntime runtime;

    @Inject
    Workspace workspace;

    @Test
    void readImageIsNotInTheCatalog() {
        assertThat(catalog.tools()).extracting(ToolDescriptor::name).containsExactly("read", "write", "edit");
    }

    @Test
    void aFileThatIsNotTextGetsAdviceWithoutReadImage() throws IOException {
        // The root as the application got it (this class is loaded again by the application, with another ROOT).
        Path root = workspace.roots().get(0);
        Files.write(root.resolve("logo.png"), new byte[] { (byte) 0x89, 'P', 'N', 'G', 0, 0 });
        assertThat(runtime.execute("read", Map.of("file_path", "logo.png"), ToolCall.session("s")).text())
                .isEqualTo("Error: cannot read \"logo.png\": not a UTF-8 text file (it contains NUL bytes); "
                        + "use a shell tool for binary files or text in another encoding");
        // A tool its caller hides is left out of the tools a restricted session is told to use.
        runtime.restrictSession("narrow", Set.of("read", "write"));
        assertThat(runtime.execute("edit", Map.of("file_path", "a", "old_string", "x", "new_string", "y"),
                ToolCall.session("narrow").withHiddenTools(Set.of("write"))).text())
                .isEqualTo("Error: the edit tool is not available in this session; use one of read");
    }
}
