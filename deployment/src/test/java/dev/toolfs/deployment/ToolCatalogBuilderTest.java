package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;

import org.jboss.jandex.Index;
import org.junit.jupiter.api.Test;

import dev.toolfs.tools.EditArgs;
import dev.toolfs.tools.EditTool;
import dev.toolfs.tools.ReadArgs;
import dev.toolfs.tools.ReadTool;
import dev.toolfs.tools.SandboxPermissions;
import dev.toolfs.tools.WriteArgs;
import dev.toolfs.tools.WriteTool;

class ToolCatalogBuilderTest {

    private static Index index() throws IOException {
        return Index.of(ReadTool.class, ReadArgs.class, WriteTool.class, WriteArgs.class, EditTool.class, EditArgs.class,
                SandboxPermissions.class);
    }

    @Test
    void theCatalogIsTheSameFromBuildToBuild() throws IOException {
        // Two independent builds (fresh indexes, fresh builders) give byte-identical catalogs.
        assertThat(new ToolCatalogBuilder(index()).build()).isEqualTo(new ToolCatalogBuilder(index()).build());
    }

    @Test
    void snakeCaseOfComponents() {
        assertThat(ToolCatalogBuilder.snakeCase("filePath")).isEqualTo("file_path");
        assertThat(ToolCatalogBuilder.snakeCase("replaceAll")).isEqualTo("replace_all");
        assertThat(ToolCatalogBuilder.snakeCase("limit")).isEqualTo("limit");
    }
}
