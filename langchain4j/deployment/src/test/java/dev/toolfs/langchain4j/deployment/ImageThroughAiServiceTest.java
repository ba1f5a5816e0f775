package dev.toolfs.langchain4j.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

import javax.imageio.ImageIO;

import jakarta.enterprise.context.control.ActivateRequestContext;
import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.langchain4j.data.message.Content;
import dev.langchain4j.data.message.ImageContent;
import dev.langchain4j.data.message.TextContent;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import io.quarkiverse.langchain4j.textonlyprovider.TextOnlyMapper;
import io.quarkus.test.QuarkusUnitTest;

/**
 * With image content on, read_image's image reaches the model through the Quarkus LangChain4j tool loops — blocking
 * and streaming — inside the tool result, after its text; text results stay exactly as they were.
 */
class ImageThroughAiServiceTest {

    static final Path WS = VisionApp.workspace("image-ai-service-workspace");

    @RegisterExtension
    static final QuarkusUnitTest test = VisionApp.serving(WS, Coder.class, ScriptedChatModel.class,
            ScriptedChatModel.Provider.class, StreamingCoder.class, ScriptedStreamingChatModel.class,
            ScriptedStreamingChatModel.Provider.class, TextOnlyMapper.class)
            .overrideConfigKey("quarkus.tool-fs.langchain4j.image-content", "true");

    @Inject
    Coder coder;

    @Inject
    StreamingCoder streamingCoder;

    @Test
    @ActivateRequestContext
    void theBlockingLoopHandsTheModelTheImage() throws IOException {
        byte[] png = png(4, 3);
        Files.write(WS.resolve("chart.png"), png);
        Files.writeString(WS.resolve("notes.txt"), "alpha\n");
        ScriptedChatModel.RESULT_MESSAGES.clear();
        ScriptedChatModel.then("read_image", "{\"file_path\": \"chart.png\"}");
        ScriptedChatModel.then("read", "{\"file_path\": \"notes.txt\"}");
        Files.write(WS.resolve("blob.bin"), new byte[] { 'a', 0, 'b' });
        ScriptedChatModel.then("read", "{\"file_path\": \"blob.bin\"}");

        assertThat(coder.chat("vision-a", "What is in the chart?")).isEqualTo("done");

        assertImageResult(ScriptedChatModel.RESULT_MESSAGES.get(0), png, 4, 3);
        ToolExecutionResultMessage text = ScriptedChatModel.RESULT_MESSAGES.get(1);
        assertThat(text.hasSingleText()).isTrue();
        assertThat(text.text()).isEqualTo(
                "<path>notes.txt</path>\n<type>file</type>\n<content>\n1: alpha\n\n(End of file - total 1 lines)\n</content>");
        // read_image is offered here, so a file that is not text may be an image for it.
        assertThat(ScriptedChatModel.RESULT_MESSAGES.get(2).text()).isEqualTo("Error: cannot read \"blob.bin\": not a UTF-8 "
                + "text file (it contains NUL bytes); use read_image for an image, or a shell tool for other binary files or text in another encoding");
        // An error is marked as one, for the providers that tell the model so; a result that is none is not.
        assertThat(ScriptedChatModel.RESULT_MESSAGES.get(2).isError()).isTrue();
        assertThat(text.isError()).isNotEqualTo(Boolean.TRUE);
    }

    /**
     * Only Quarkus LangChain4j's core is rewritten: a model provider (its own modules share its package names) that
     * reads a tool result as text fails on the image, as LangChain4j makes it, instead of sending the model the text
     * alone, which the model would take for the image.
     */
    @Test
    void aProviderThatSendsToolResultsAsTextFailsOnAnImageInsteadOfDroppingIt() {
        ToolExecutionResultMessage image = ToolExecutionResultMessage.builder().id("c1").toolName("read_image")
                .contents(List.of(TextContent.from("envelope"), ImageContent.from("aGk=", "image/png"))).build();
        assertThatThrownBy(() -> TextOnlyMapper.toolResult(image)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> TextOnlyMapper.anyMessage(image)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    @ActivateRequestContext
    void theStreamingLoopHandsTheModelTheImage() throws IOException {
        byte[] png = png(2, 5);
        Files.write(WS.resolve("icon.png"), png);
        ScriptedStreamingChatModel.RESULT_MESSAGES.clear();
        ScriptedStreamingChatModel.then("read_image", "{\"file_path\": \"icon.png\"}");

        List<String> tokens = streamingCoder.chat("vision-b", "Describe the icon.").collect().asList().await()
                .atMost(java.time.Duration.ofSeconds(30));

        assertThat(String.join("", tokens)).isEqualTo("done");
        assertImageResult(ScriptedStreamingChatModel.RESULT_MESSAGES.get(0), png, 2, 5);
    }

    private static void assertImageResult(ToolExecutionResultMessage message, byte[] png, int width, int height) {
        assertThat(message.toolName()).isEqualTo("read_image");
        List<Content> contents = message.contents();
        assertThat(contents).hasSize(2);
        assertThat(((TextContent) contents.get(0)).text()).isEqualTo("<path>" + (width == 4 ? "chart" : "icon")
                + ".png</path>\n<type>image</type>\n<content>\nimage/png " + width + "x" + height + ", " + png.length
                + " bytes\n</content>");
        ImageContent image = (ImageContent) contents.get(1);
        assertThat(image.image().mimeType()).isEqualTo("image/png");
        assertThat(Base64.getDecoder().decode(image.image().base64Data())).isEqualTo(png);
    }

    private static byte[] png(int width, int height) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB), "png", out);
        return out.toByteArray();
    }
}
