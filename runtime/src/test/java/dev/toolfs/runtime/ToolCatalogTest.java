package dev.toolfs.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** How the keys of quarkus.tool-fs.tools find their tools, and which keys stop the start. */
class ToolCatalogTest {

    private static ToolDescriptor tool(String name, int order) {
        return new ToolDescriptor(name, name, order, false, false, "E", "A", List.of(), "{}", "{}");
    }

    private final ToolCatalog catalog = new ToolCatalog(List.of(tool("read", 1), tool("read_image", 2), tool("write", 3),
            tool("edit", 4)));

    /** Found by black-box testing: QUARKUS_TOOL_FS_TOOLS__READ_IMAGE__ENABLED=false is the key "read.image". */
    @Test
    void aKeyFindsItsToolAlsoSpeltWithDotsOrHyphensInAnyCase() {
        assertThat(catalog.configured("read_image")).map(ToolDescriptor::name).contains("read_image");
        assertThat(catalog.configured("read.image")).map(ToolDescriptor::name).contains("read_image");
        assertThat(catalog.configured("Read-Image")).map(ToolDescriptor::name).contains("read_image");
        assertThat(catalog.configured("WRITE")).map(ToolDescriptor::name).contains("write");
        assertThat(catalog.configured("readimage")).isEmpty();
        ToolDescriptor readImage = catalog.find("read_image").orElseThrow();
        assertThat(catalog.enabled(readImage, Map.of("read.image", false))).isFalse();
        assertThat(catalog.enabled(readImage, Map.of("read.image", true, "write", false))).isTrue();
        assertThat(catalog.enabled(catalog.find("read").orElseThrow(), Map.of("read.image", false))).isTrue();
    }

    @Test
    void aKeyThatNamesNoToolOrTwoThatDisagreeStopTheStart() {
        assertThat(catalog.configProblems(Map.of("wrte", false, "edit", false, "read.image", true, "read_image", true)))
                .containsExactly("quarkus.tool-fs.tools.\"wrte\" names no tool; the tools are read, read_image, write, edit");
        assertThat(catalog.configProblems(Map.of("read_image", false, "READ-IMAGE", true))).containsExactly(
                "quarkus.tool-fs.tools.\"READ-IMAGE\".enabled and quarkus.tool-fs.tools.\"read_image\".enabled both"
                        + " configure the tool read_image, one true and one false; keep one");
        assertThat(catalog.configProblems(Map.of())).isEmpty();
        // Found by black-box testing: an empty key, which may come as none, failed the check itself.
        java.util.Map<String, Boolean> empty = new java.util.HashMap<>();
        empty.put(null, false);
        empty.put("", false);
        assertThat(catalog.configProblems(empty)).containsExactly(
                "quarkus.tool-fs.tools.\"\" names no tool; the tools are read, read_image, write, edit",
                "quarkus.tool-fs.tools.\"\" names no tool; the tools are read, read_image, write, edit");
    }
}
