package dev.toolfs.deployment;

import java.util.List;

import dev.toolfs.runtime.ToolDescriptor;
import io.quarkus.builder.item.SimpleBuildItem;

/** The checked tool catalog, with its schemas, as the build found it. */
public final class ToolCatalogBuildItem extends SimpleBuildItem {

    private final List<ToolDescriptor> tools;

    public ToolCatalogBuildItem(List<ToolDescriptor> tools) {
        this.tools = List.copyOf(tools);
    }

    public List<ToolDescriptor> tools() {
        return tools;
    }
}
