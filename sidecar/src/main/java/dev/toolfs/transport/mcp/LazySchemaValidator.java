package dev.toolfs.transport.mcp;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;

/**
 * The SDK's default JSON Schema validator, created on its first use. The SDK builds it with the server, which loads a
 * whole JSON Schema library at start-up. The stdio server needs it for no value: tool arguments are checked by the
 * tools themselves, with the contract's errors ({@code validateToolInputs(false)}), and no tool has an output schema.
 *
 * <p>
 * The SDK does check, as it builds the server, that each tool's input schema is a valid schema, and so does an
 * exchange for an elicitation's form. The server's own schemas (the catalog's, made by the build, and the approval
 * form) are {@code proven}: the project's tests check each against this same validator, so a start does not load the
 * library to check them again (with the tools' registration over HTTP skipped in stdio mode, about 0.05 to 0.1 s of
 * the time to the first call, measured). Any other schema, and any value, goes to the validator.
 */
final class LazySchemaValidator implements JsonSchemaValidator {

    private final List<Map<String, Object>> proven;
    private final Supplier<JsonSchemaValidator> validator;
    private volatile JsonSchemaValidator delegate;

    LazySchemaValidator(List<Map<String, Object>> proven) {
        this(proven, McpJsonDefaults::getSchemaValidator);
    }

    LazySchemaValidator(List<Map<String, Object>> proven, Supplier<JsonSchemaValidator> validator) {
        this.proven = List.copyOf(proven);
        this.validator = validator;
    }

    @Override
    public ValidationResponse validate(Map<String, Object> schema, Object structuredContent) {
        return delegate().validate(schema, structuredContent);
    }

    @Override
    public ValidationResponse validateSchema(Map<String, Object> schema) {
        if (schema != null && proven.contains(schema)) {
            return ValidationResponse.asValid(null);
        }
        return delegate().validateSchema(schema);
    }

    private JsonSchemaValidator delegate() {
        JsonSchemaValidator d = delegate;
        if (d == null) {
            synchronized (this) {
                d = delegate;
                if (d == null) {
                    d = validator.get();
                    delegate = d;
                }
            }
        }
        return d;
    }
}
