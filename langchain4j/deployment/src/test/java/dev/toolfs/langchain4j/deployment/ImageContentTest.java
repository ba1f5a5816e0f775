package dev.toolfs.langchain4j.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;

import javax.imageio.ImageIO;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.toolfs.langchain4j.ToolFsToolProvider;
import io.quarkus.test.QuarkusUnitTest;

/** With image content on, read_image hands a tool loop the text envelope and then the image itself. */
class ImageContentTest {

    static final Path WS = VisionApp.workspace("image-content-workspace");

    @RegisterExtension
    static final QuarkusUnitTest test = VisionApp.serving(WS)
            .overrideConfigKey("quarkus.tool-fs.langchain4j.image-content", "true");

    @Inject
    ToolFsToolProvider provider;

    @Test
    void theImageFollowsTheText() throws IOException {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(2, 2, BufferedImage.TYPE_INT_RGB), "png", png);
        Files.write(WS.resolve("pixel.png"), png.toByteArray());
        ToolExecutionResult r = provider.provideTools(new ToolProviderRequest("m", dev.langchain4j.data.message.UserMessage.from("look")))
                .toolExecutorByName("read_image")
                .executeWithContext(ToolExecutionRequest.builder().id("1").name("read_image")
                        .arguments("{\"file_path\": \"pixel.png\"}").build(),
                        InvocationContext.builder().chatMemoryId("m").build());
        assertThat(r.isError()).isFalse();
        assertThat(r.resultContents()).hasSize(2);
        assertThat(((TextContent) r.resultContents().get(0)).text()).startsWith("<path>pixel.png</path>\n<type>image</type>");
        ImageContent image = (ImageContent) r.resultContents().get(1);
        assertThat(image.image().mimeType()).isEqualTo("image/png");
        assertThat(Base64.getDecoder().decode(image.image().base64Data())).isEqualTo(png.toByteArray());
    }

    /**
     * The text-only entry point cannot carry the image: refused, rather than the envelope sent alone, which the model
     * would take for the image (found in a review).
     */
    @Test
    void theTextOnlyEntryPointRefusesAnImage() throws IOException {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(3, 3, BufferedImage.TYPE_INT_RGB), "png", png);
        Files.write(WS.resolve("small.png"), png.toByteArray());
        var executor = provider.provideTools(new ToolProviderRequest("m", dev.langchain4j.data.message.UserMessage.from("look")))
                .toolExecutorByName("read_image");
        ToolExecutionRequest request = ToolExecutionRequest.builder().id("3").name("read_image")
                .arguments("{\"file_path\": \"small.png\"}").build();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> executor.execute(request, "m"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the result of read_image holds an image, which a text result cannot carry; call executeWithContext");
        assertThat(executor.execute(ToolExecutionRequest.builder().id("4").name("read_image")
                .arguments("{\"file_path\": \"missing.png\"}").build(), "m"))
                .isEqualTo("Error: cannot read \"missing.png\": not found");
    }

    /** As over REST: an object of more names than any call needs is refused before it is read as a tree. */
    @Test
    void argumentsOfVeryManyNamesAreRefused() {
        StringBuilder many = new StringBuilder("{\"file_path\": \"lines.txt\"");
        for (int i = 0; i < 1001; i++) {
            many.append(", \"k").append(i).append("\": 0");
        }
        assertThat(read(many.append('}').toString()).resultText()).isEqualTo(
                "Error: the arguments have an object with more than 1000 names; send the tool's arguments");
        String values = "{\"file_path\": \"lines.txt\", \"junk\": [" + String.join(",", java.util.Collections.nCopies(10_000, "0"))
                + "]}";
        assertThat(read(values).resultText()).isEqualTo(
                "Error: the arguments have more than 10000 JSON values; send the tool's arguments");
    }

    private ToolExecutionResult read(String arguments) {
        return provider.provideTools(new ToolProviderRequest("m", dev.langchain4j.data.message.UserMessage.from("read")))
                .toolExecutorByName("read")
                .executeWithContext(ToolExecutionRequest.builder().id("2").name("read").arguments(arguments).build(),
                        InvocationContext.builder().chatMemoryId("m").build());
    }

    @Test
    void argumentsAreReadAsOverRest() throws IOException {
        Files.writeString(WS.resolve("lines.txt"), "1\n2\n3\n");
        assertThat(read("{\"file_path\": \"lines.txt\", \"offset\": 2.0000000000000001}").resultText())
                .isEqualTo("Error: offset must be an integer");
        assertThat(read("{\"file_path\": \"lines.txt\"} trailing").resultText())
                .isEqualTo("Error: the arguments are not valid JSON; send the tool's arguments as a JSON object");
        assertThat(read("{\"file_path\": \"lines.txt\", \"offset\": 2.0}").resultText()).contains("2: 2\n3: 3");
    }
}
