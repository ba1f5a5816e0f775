package dev.toolfs.runtime;

import java.util.List;
import java.util.function.Supplier;

import io.quarkus.runtime.annotations.Recorder;

/** Carries the build-time catalog into the running application. */
@Recorder
public class ToolFsRecorder {

    public Supplier<ToolCatalog> catalog(List<ToolDescriptor> tools) {
        return () -> new ToolCatalog(tools);
    }
}
