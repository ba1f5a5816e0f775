package dev.toolfs.transport.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.runtime.annotations.RegisterForReflection;

/**
 * The MCP Java SDK (the stdio transport) reads and writes its protocol records with Jackson: in a native executable
 * they need reflection, so every nested type of {@link McpSchema} is registered.
 */
@RegisterForReflection(targets = McpSchema.class, ignoreNested = false)
final class McpSdkReflection {

    private McpSdkReflection() {
    }
}
