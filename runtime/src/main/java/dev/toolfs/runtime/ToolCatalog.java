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

    /**
     * The tool a key of {@code quarkus.tool-fs.tools."<name>"} configures: by its name, or spelt with "-" or "." for
     * "_", in any case. An environment variable cannot spell "_" in a map's key: Quarkus reads
     * {@code QUARKUS_TOOL_FS_TOOLS__READ_IMAGE__ENABLED} as the key {@code read.image}, so that disabling read_image so
     * left it offered (found by black-box testing).
     */
    public Optional<ToolDescriptor> configured(String key) {
        Optional<ToolDescriptor> exact = find(key);
        return exact.isPresent() ? exact
                : tools.stream().filter(t -> loose(t.name()).equals(loose(key))).findFirst();
    }

    private static String loose(String name) {
        return name.toLowerCase(java.util.Locale.ROOT).replace('-', '_').replace('.', '_');
    }

    /**
     * Whether a tool is enabled by the settings of {@code quarkus.tool-fs.tools}: unless a key that configures it says
     * otherwise ({@link #configProblems} refuses two that disagree).
     */
    public boolean enabled(ToolDescriptor tool, java.util.Map<String, Boolean> enabledByKey) {
        return enabledByKey.entrySet().stream().noneMatch(e -> !e.getValue() && e.getKey() != null
                && configured(e.getKey()).map(t -> t.name().equals(tool.name())).orElse(false));
    }

    /**
     * What is wrong with the keys of {@code quarkus.tool-fs.tools}: one that names no tool, which would leave the tool
     * meant as it is (a tool a typo was to disable stayed offered, with a warning among the start's lines), and two that
     * configure one tool differently.
     */
    public List<String> configProblems(java.util.Map<String, Boolean> enabledByKey) {
        List<String> problems = new java.util.ArrayList<>();
        java.util.Map<String, String> keyOfTool = new java.util.HashMap<>();
        java.util.List<String> keys = new java.util.ArrayList<>(enabledByKey.keySet());
        keys.sort(java.util.Comparator.nullsFirst(java.util.Comparator.naturalOrder()));
        for (String key : keys) {
            // An empty key ("") may come as none at all (found by black-box testing: it failed the check itself).
            Optional<ToolDescriptor> tool = key == null ? Optional.empty() : configured(key);
            if (tool.isEmpty()) {
                problems.add("quarkus.tool-fs.tools.\"" + (key == null ? "" : key) + "\" names no tool; the tools are "
                        + String.join(", ", tools.stream().map(ToolDescriptor::name).toList()));
                continue;
            }
            String other = keyOfTool.putIfAbsent(tool.get().name(), key);
            if (other != null && !enabledByKey.get(other).equals(enabledByKey.get(key))) {
                problems.add("quarkus.tool-fs.tools.\"" + other + "\".enabled and quarkus.tool-fs.tools.\"" + key
                        + "\".enabled both configure the tool " + tool.get().name() + ", one true and one false; keep one");
            }
        }
        return problems;
    }
}
