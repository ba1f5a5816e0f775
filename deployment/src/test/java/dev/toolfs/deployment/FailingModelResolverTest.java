package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.toolfs.attachments.ModelInfoResolver;
import dev.toolfs.fs.local.Workspace;
import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;
import io.quarkus.test.QuarkusUnitTest;

/**
 * An application's model resolver that fails (a remote catalog down): a file error is still an error result, without
 * the image advice. Found in a review: the resolver, asked for that advice, threw out of execute.
 */
class FailingModelResolverTest {

    @Singleton
    public static class CatalogDown implements ModelInfoResolver {
        @Override
        public Optional<Boolean> imageInput(String model) {
            throw new IllegalStateException("the model catalog is down");
        }
    }

    static final Path ROOT = TempFolders.made("toolfs-failing-resolver");

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class).addClasses(TempFolders.class, CatalogDown.class))
            .overrideConfigKey("quarkus.tool-fs.workspace.roots", ROOT.toString())
            .overrideConfigKey("quarkus.tool-fs.default-model", "vision");

    @Inject
    ToolRuntime runtime;

    @Inject
    Workspace workspace;

    @Test
    void aFileErrorIsStillAnErrorResult() throws IOException {
        // The root as the application got it (this class is loaded again by the application, with another ROOT).
        Path root = workspace.roots().get(0);
        Files.write(root.resolve("blob.bin"), new byte[] { 'a', 0, 'b' });
        ToolResult r = runtime.execute("read", Map.of("file_path", "blob.bin"), ToolCall.session("s"));
        assertThat(r.isError()).isTrue();
        assertThat(r.text()).isEqualTo("Error: cannot read \"blob.bin\": not a UTF-8 text file (it contains NUL bytes); "
                + "use a shell tool for binary files or text in another encoding");
        assertThat(r.error().code()).isEqualTo("FS_NOT_TEXT");
    }
}
