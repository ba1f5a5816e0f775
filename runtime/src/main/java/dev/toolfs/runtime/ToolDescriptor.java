package dev.toolfs.runtime;

import java.util.List;

/**
 * A tool of the catalog, produced at build time (schema included) and recorded for run time.
 *
 * @param inputSchema the JSON Schema of the arguments, as JSON text
 */
public record ToolDescriptor(String name, String description, int order, boolean readOnly, boolean destructive,
        String executorClass, String argsClass, List<ParamDescriptor> params, String inputSchema) {
}
