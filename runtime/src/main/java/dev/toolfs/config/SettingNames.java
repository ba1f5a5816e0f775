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

    /** Worked out from the setting interfaces, run-time and build-time, sorted: what the build records. */
    public static SettingNames ofSettingInterfaces() {
        List<String> names = new java.util.ArrayList<>();
        for (Class<?> settings : List.of(ToolFsConfig.class, ToolFsBuildTimeConfig.class)) {
            names.addAll(io.smallrye.config.ConfigMappings
                    .getProperties(new io.smallrye.config.ConfigMappings.ConfigClass(settings, UnknownKeys.PREFIX)).keySet());
        }
        java.util.Collections.sort(names);
        return new SettingNames(names);
    }
}
