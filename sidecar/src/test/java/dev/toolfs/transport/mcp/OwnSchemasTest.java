package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.runtime.ToolCatalog;
import dev.toolfs.runtime.ToolDescriptor;
import dev.toolfs.sidecar.TempWorkspace;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The schemas the stdio server hands the MCP SDK as proven ({@link LazySchemaValidator}): every tool's, in both
 * sandbox modes, and the approval form, each checked here by the validator the SDK would check them with at start.
 * The build's catalog, not the runtime's tools: those are one sandbox mode's, without the tools a configuration turns
 * off.
 */
@QuarkusTest
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class OwnSchemasTest {

    @Inject
    ToolCatalog catalog;

    @Inject
    ObjectMapper mapper;

    @Test
    void everyToolSchemaAndTheApprovalFormAreValidSchemas() throws Exception {
        JsonSchemaValidator sdk = McpJsonDefaults.getSchemaValidator();
        assertThat(catalog.tools()).extracting(ToolDescriptor::name).contains("read", "write", "edit");
        for (ToolDescriptor t : catalog.tools()) {
            for (String schema : new String[] { t.inputSchema(), t.confinedInputSchema() }) {
                Map<String, Object> parsed = mapper.readValue(schema, new TypeReference<Map<String, Object>>() {
                });
                assertThat(sdk.validateSchema(parsed).valid()).as(t.name() + ": " + schema).isTrue();
            }
        }
        assertThat(sdk.validateSchema(StdioMcpServer.APPROVAL_SCHEMA).valid()).isTrue();
    }
}
