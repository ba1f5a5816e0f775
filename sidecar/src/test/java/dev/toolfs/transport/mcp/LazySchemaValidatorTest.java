package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;

/** The SDK's validator is made on first need, and the server's proven schemas never need it. */
class LazySchemaValidatorTest {

    private static final Map<String, Object> PROVEN = Map.of("type", "object",
            "properties", Map.of("file_path", Map.of("type", "string")), "required", List.of("file_path"));

    private final AtomicInteger made = new AtomicInteger();

    private LazySchemaValidator validator() {
        return new LazySchemaValidator(List.of(PROVEN), () -> {
            made.incrementAndGet();
            return McpJsonDefaults.getSchemaValidator();
        });
    }

    @Test
    void aProvenSchemaIsValidWithoutTheValidator() {
        LazySchemaValidator v = validator();
        // Equal, not the same map: the SDK may copy what it was given.
        assertThat(v.validateSchema(new java.util.HashMap<>(PROVEN)).valid()).isTrue();
        v.assertConforms("read", PROVEN);
        assertThat(made).hasValue(0);
    }

    @Test
    void anyOtherSchemaIsChecked() {
        LazySchemaValidator v = validator();
        JsonSchemaValidator.ValidationResponse bad = v.validateSchema(Map.of("type", 12));
        assertThat(bad.valid()).isFalse();
        assertThat(v.validateSchema(Map.of("type", "string")).valid()).isTrue();
        assertThat(made).as("made once").hasValue(1);
    }

    @Test
    void valuesAreAlwaysChecked() {
        LazySchemaValidator v = validator();
        assertThat(v.validate(PROVEN, Map.of("file_path", "a.txt")).valid()).isTrue();
        assertThat(v.validate(PROVEN, Map.of("file_path", 3)).valid()).isFalse();
        assertThat(made).hasValue(1);
    }
}
