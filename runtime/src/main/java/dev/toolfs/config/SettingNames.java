package dev.toolfs.config;

import java.util.List;

/**
 * The names of Tool FS's settings, as patterns ({@code quarkus.tool-fs.models.*.image-input},
 * {@code quarkus.tool-fs.workspace.roots[*]}): worked out from the setting interfaces once, at build time, so that the
 * start does not inspect them again.
 */
public record SettingNames(List<String> names) {

    public SettingNames {
        names = List.copyOf(names);
    }
}
