package dev.toolfs.deployment;

import java.util.List;

import dev.toolfs.runtime.ToolCatalog;
import dev.toolfs.runtime.ToolDescriptor;
import io.quarkus.builder.item.SimpleBuildItem;

/** The checked tool catalog, with its schemas, as the build found it. */
public final class ToolCatalogBuildItem extends SimpleBuildItem {

    private final List<ToolDescriptor> tools;

    public ToolCatalogBuildItem(List<ToolDescriptor> tools) {
        // The catalog's own stable order (order, then name), for every consumer of the build item too.
        this.tools = new ToolCatalog(tools).tools();
    }

    public List<ToolDescriptor> tools() {
        return tools;
    }
}
