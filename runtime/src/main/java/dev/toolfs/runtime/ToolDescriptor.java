package dev.toolfs.runtime;

import java.util.List;

/**
 * A tool of the catalog, produced at build time (schema included) and recorded for run time.
 *
 * @param inputSchema the JSON Schema of the arguments, as JSON text
 * @param confinedInputSchema the schema while the provider confines mutations (with the confined-only arguments)
 */
public record ToolDescriptor(String name, String description, int order, boolean readOnly, boolean destructive,
        String executorClass, String argsClass, List<ParamDescriptor> params, String inputSchema,
        String confinedInputSchema) {

    /** This tool as offered in one sandbox mode: the matching schema, and only the arguments that exist in it. */
    public ToolDescriptor forSandbox(boolean confined) {
        if (confined) {
            return new ToolDescriptor(name, description, order, readOnly, destructive, executorClass, argsClass, params,
                    confinedInputSchema, confinedInputSchema);
        }
        return new ToolDescriptor(name, description, order, readOnly, destructive, executorClass, argsClass,
                params.stream().filter(p -> !p.confinedOnly()).toList(), inputSchema, confinedInputSchema);
    }
}
