package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import jakarta.inject.Inject;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;
import io.quarkus.test.QuarkusUnitTest;

/** An application tool's short and list arguments arrive as the Java types its record declares. */
class NumericArgumentsTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class).addClasses(NumbersTool.class, NumbersArgs.class));

    @Inject
    ToolRuntime runtime;

    private ToolResult call(Map<String, ?> args) {
        return runtime.execute("numbers", args, ToolCall.session("numbers"));
    }

    @Test
    void shortsAndListElementsHaveTheirDeclaredTypes() {
        ToolResult r = call(Map.of("small", 7, "boxed", -3, "ints", List.of(40000), "shorts", List.of(12),
                "floats", List.of(1.5), "longs", List.of(5_000_000_000L)));
        assertThat(r.isError()).as(r.text()).isFalse();
        assertThat(r.text()).isEqualTo("7 -3 40000 12 1.5 5000000000");
        // Absent: the primitive short is 0, the rest null.
        assertThat(call(Map.of()).text()).isEqualTo("0 null 0 0 0.0 0");
        assertThat(call(null).text()).isEqualTo("0 null 0 0 0.0 0");
    }

    @Test
    void anArgumentTheToolDoesNotHaveIsRefusedEvenWhenNull() {
        Map<String, Object> args = new java.util.HashMap<>();
        args.put("small", 7);
        args.put("bogus", null);
        ToolResult r = call(args);
        assertThat(r.isError()).isTrue();
        assertThat(r.text()).contains("bogus");
    }

    @Test
    void numbersOutsideTheDeclaredTypeAreValidationErrors() {
        ToolResult tooBig = call(Map.of("small", 40000));
        assertThat(tooBig.isError()).isTrue();
        assertThat(tooBig.error().code()).isEqualTo("INVALID_ARGUMENT");
        assertThat(call(Map.of("shorts", List.of(70000))).error().code()).isEqualTo("INVALID_ARGUMENT");
        assertThat(call(Map.of("ints", List.of(3_000_000_000L))).error().code()).isEqualTo("INVALID_ARGUMENT");
        assertThat(call(Map.of("ints", List.of(1.5))).error().code()).isEqualTo("INVALID_ARGUMENT");
        // An integer beyond the type is told by its range, not as no integer (found in a review).
        assertThat(tooBig.text()).isEqualTo("Error: small must be less than or equal to 32767");
        assertThat(call(Map.of("boxed", -40000)).text()).isEqualTo("Error: boxed must be greater than or equal to -32768");
        assertThat(call(Map.of("boxed", new java.math.BigDecimal("1e30"))).text())
                .isEqualTo("Error: boxed must be less than or equal to 32767");
        assertThat(call(Map.of("boxed", 1.5)).text()).isEqualTo("Error: boxed must be an integer");
    }
}
