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
 * Found in a review: an AI service that names tools of its own got none of Tool FS's, and another tool provider bean
 * took them from every AI service. Naming {@code ToolFsToolProviderSupplier} gives them back in both cases. Found in a
 * later review: the application's own provider bean made an injection of {@code ToolProvider} ambiguous (the build
 * failed) and gave no AI service either provider; Tool FS's is a default bean now, and the build names the services
 * that get the other one.
 */
class ToolProviderSupplierTest {

    static final Path WS = VisionApp.workspace("supplier-workspace");

    @RegisterExtension
    static final QuarkusUnitTest test = VisionApp.serving(WS, CoderWithOwnTools.class, Coder.class, ClockTool.class,
            OtherToolProvider.class, ScriptedChatModel.class, ScriptedChatModel.Provider.class)
            .setLogRecordPredicate(r -> r.getLoggerName().endsWith("ToolFsLangChain4jProcessor"))
            .assertLogRecords(records -> assertThat(records).anySatisfy(r -> assertThat(
                    ((org.jboss.logmanager.ExtLogRecord) r).getFormattedMessage()).isEqualTo("The application has a"
                            + " ToolProvider bean of its own (dev.toolfs.langchain4j.deployment.OtherToolProvider),"
                            + " which goes before Tool FS's: AI services that name neither tools nor a tool provider"
                            + " (dev.toolfs.langchain4j.deployment.Coder) get that one, without Tool FS's read,"
                            + " write and edit; to give one of them Tool FS's tools, name toolProviderSupplier ="
                            + " ToolFsToolProviderSupplier.class in its @RegisterAiService")));

    @Inject
    CoderWithOwnTools coder;

    @Inject
    dev.langchain4j.service.tool.ToolProvider provider;

    @Test
    void theApplicationsOwnProviderGoesBeforeToolFsOne() {
        assertThat(io.quarkus.arc.ClientProxy.unwrap(provider)).isInstanceOf(OtherToolProvider.class);
    }

    @Test
    @ActivateRequestContext
    void anAiServiceWithItsOwnToolsGetsToolFsToolsByNamingTheirSupplier() throws IOException {
        Files.writeString(WS.resolve("notes.txt"), "alpha\n");
        ScriptedChatModel.TOOL_NAMES.clear();
        ScriptedChatModel.RESULTS.clear();
        ScriptedChatModel.then("read", "{\"file_path\": \"notes.txt\"}");
        ScriptedChatModel.then("now", "{}");
        assertThat(coder.chat("conversation-a", "Read the notes.")).isEqualTo("done");
        assertThat(ScriptedChatModel.TOOL_NAMES).containsExactlyInAnyOrder("now", "read", "write", "edit");
        assertThat(ScriptedChatModel.RESULTS).containsExactly(
                "<path>notes.txt</path>\n<type>file</type>\n<content>\n1: alpha\n\n(End of file - total 1 lines)\n</content>",
                "\"noon\""); // LangChain4j gives a @Tool method's string as JSON
    }
}
