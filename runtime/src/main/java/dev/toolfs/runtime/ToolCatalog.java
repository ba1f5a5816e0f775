package dev.toolfs.runtime;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Every tool, in the catalog's stable order (by order, then name), as recorded at build time. */
public final class ToolCatalog {

    private final List<ToolDescriptor> tools;

    public ToolCatalog(List<ToolDescriptor> tools) {
        this.tools = tools.stream()
                .sorted(Comparator.comparingInt(ToolDescriptor::order).thenComparing(ToolDescriptor::name))
                .toList();
    }

    public List<ToolDescriptor> tools() {
        return tools;
    }

    public Optional<ToolDescriptor> find(String name) {
        return tools.stream().filter(t -> t.name().equals(name)).findFirst();
    }
}
