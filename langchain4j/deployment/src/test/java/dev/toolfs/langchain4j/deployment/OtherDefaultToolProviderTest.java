package dev.toolfs.langchain4j.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

/**
 * Found in a review: the MCP client extension's tool provider is a default bean too, and two of one priority left
 * every AI service without tools (and made an injection of ToolProvider fail the build). Tool FS's is of lower
 * priority: the other goes first, and the build says so.
 */
class OtherDefaultToolProviderTest {

    static final Path WS = VisionApp.workspace("other-default-workspace");

    @RegisterExtension
    static final QuarkusUnitTest test = VisionApp.serving(WS, Coder.class, OtherDefaultToolProvider.class,
            ScriptedChatModel.class, ScriptedChatModel.Provider.class)
            .setLogRecordPredicate(r -> r.getLoggerName().endsWith("ToolFsLangChain4jProcessor"))
            .assertLogRecords(records -> assertThat(records).anySatisfy(r -> assertThat(
                    ((org.jboss.logmanager.ExtLogRecord) r).getFormattedMessage()).startsWith("The application has a"
                            + " ToolProvider bean of its own (dev.toolfs.langchain4j.deployment.OtherDefaultToolProvider),"
                            + " which goes before Tool FS's: AI services that name neither tools nor a tool provider"
                            + " (dev.toolfs.langchain4j.deployment.Coder) get that one")));

    @Inject
    dev.langchain4j.service.tool.ToolProvider provider;

    @Test
    void theOtherDefaultProviderGoesFirst() {
        assertThat(io.quarkus.arc.ClientProxy.unwrap(provider)).isInstanceOf(OtherDefaultToolProvider.class);
    }
}
