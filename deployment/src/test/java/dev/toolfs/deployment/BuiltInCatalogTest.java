package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import jakarta.inject.Inject;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.toolfs.runtime.ToolCatalog;
import dev.toolfs.runtime.ToolDescriptor;
import io.quarkus.test.QuarkusUnitTest;

/** The built-in tools' schemas, generated at build time, byte for byte. */
class BuiltInCatalogTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class));

    @Inject
    ToolCatalog catalog;

    @Test
    void readWriteEditInOrderWithExactSchemas() {
        List<ToolDescriptor> tools = catalog.tools();
        assertThat(tools).extracting(ToolDescriptor::name).containsExactly("read", "read_image", "write", "edit");
        assertThat(tools.get(0).inputSchema()).isEqualTo("{\"type\":\"object\",\"properties\":{"
                + "\"file_path\":{\"type\":\"string\",\"description\":\"The path of the file to read, absolute or relative to the session's working folder.\",\"minLength\":1},"
                + "\"offset\":{\"type\":\"integer\",\"description\":\"The line number to start reading from (1-based). Use it with limit to page through a large file.\",\"default\":1,\"minimum\":1},"
                + "\"limit\":{\"type\":\"integer\",\"description\":\"The number of lines to read. Defaults to, and may not exceed, the read limit (2000 by default).\",\"minimum\":1}},"
                + "\"required\":[\"file_path\"],\"additionalProperties\":false}");
        assertThat(tools.get(3).inputSchema()).contains(
                "\"replace_all\":{\"type\":\"boolean\",\"description\":\"Replace every occurrence of old_string instead of requiring exactly one.\",\"default\":false}",
                "\"required\":[\"file_path\",\"old_string\",\"new_string\"]");
        assertThat(tools.get(0).readOnly()).isTrue();
        assertThat(tools.get(1).readOnly()).isTrue();
        assertThat(tools.get(2).destructive()).isTrue();
        assertThat(tools.get(3).destructive()).isTrue();
    }
}
