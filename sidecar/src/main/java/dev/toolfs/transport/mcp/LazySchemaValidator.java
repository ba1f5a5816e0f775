package dev.toolfs.transport.mcp;

import java.util.Map;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;

/**
 * The SDK's default JSON Schema validator, created on its first use. The SDK builds it with the server, which loads a
 * whole JSON Schema library at start-up; over stdio it is needed only to check a client's answer to an elicitation
 * (tool arguments are checked by the tools themselves, with the contract's errors).
 */
final class LazySchemaValidator implements JsonSchemaValidator {

    private volatile JsonSchemaValidator delegate;

    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
        return delegate().validate(schema, structuredContent);
    }

    @Override
    public ValidationResponse validateSchema(Map<String, Object> schema) {
        return delegate().validateSchema(schema);
    }

    private JsonSchemaValidator delegate() {
        JsonSchemaValidator d = delegate;
        if (d == null) {
            synchronized (this) {
                d = delegate;
                if (d == null) {
                    d = McpJsonDefaults.getSchemaValidator();
                    delegate = d;
                }
            }
        }
        return d;
    }
}
