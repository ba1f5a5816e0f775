package dev.toolfs.langchain4j.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

/**
 * Image content on, and a configured model that takes no images: read_image, offered to every AI service, would refuse
 * every call. Found in a review; the start says so.
 */
class ImageContentWithoutImageModelTest {

    static final Path WS = VisionApp.workspace("image-content-text-model-workspace");

    @RegisterExtension
    static final QuarkusUnitTest test = VisionApp.serving(WS)
            .overrideConfigKey("quarkus.tool-fs.langchain4j.image-content", "true")
            .overrideConfigKey("quarkus.tool-fs.default-model", "texty")
            .setLogRecordPredicate(r -> r.getLoggerName().endsWith("ToolFsLangChain4jProducers"))
            .assertLogRecords(records -> assertThat(records).anySatisfy(r -> assertThat(((org.jboss.logmanager.ExtLogRecord) r).getFormattedMessage()).isEqualTo(
                    "quarkus.tool-fs.langchain4j.image-content is on, but the model \"texty\" does not declare image"
                            + " input, so read_image, which AI services are offered, refuses every call; name the model in"
                            + " quarkus.tool-fs.langchain4j.model and set quarkus.tool-fs.models.\"<model>\".image-input=true,"
                            + " or turn image-content off")));

    @Test
    void theStartSaysSo() {
        // The assertion is in assertLogRecords, made once the application has stopped.
    }
}
