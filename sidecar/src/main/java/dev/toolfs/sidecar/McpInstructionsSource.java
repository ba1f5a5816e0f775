package dev.toolfs.sidecar;

import java.util.Map;
import java.util.Set;

import org.eclipse.microprofile.config.spi.ConfigSource;

import dev.toolfs.transport.mcp.McpTexts;

/**
 * Gives the MCP server's {@code instructions} (and name) their defaults from the code, so the guidance has one
 * source. application.properties or the environment can still override them.
 */
public class McpInstructionsSource implements ConfigSource {

    private static final Map<String, String> VALUES = Map.of(
            "quarkus.mcp.server.server-info.instructions", McpTexts.instructions(),
            "quarkus.mcp.server.server-info.name", "tool-fs");

    @Override
    public Set<String> getPropertyNames() {
        return VALUES.keySet();
    }

    @Override
    public String getValue(String propertyName) {
        return VALUES.get(propertyName);
    }

    @Override
    public String getName() {
        return "tool-fs-mcp-defaults";
    }

    @Override
    public int getOrdinal() {
        return 50;
    }
}
