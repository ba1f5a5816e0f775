package dev.toolfs.runtime;

import java.util.List;
import java.util.function.Supplier;

import io.quarkus.runtime.annotations.Recorder;

/** Carries what the build worked out (the tool catalog, the settings' names) into the running application. */
@Recorder
public class ToolFsRecorder {

    public Supplier<ToolCatalog> catalog(List<ToolDescriptor> tools) {
        return () -> new ToolCatalog(tools);
    }

    public Supplier<dev.toolfs.config.SettingNames> settingNames(List<String> names) {
        return () -> new dev.toolfs.config.SettingNames(names);
    }
}
