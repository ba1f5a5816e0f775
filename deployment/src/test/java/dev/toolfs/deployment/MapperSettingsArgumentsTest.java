package dev.toolfs.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
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

/**
 * Arguments given as a map become JSON by the application's mapper settings, as they always did: with null values
 * left out, a null entry is no argument at all, even one the tool does not have.
 */
class MapperSettingsArgumentsTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class).addClasses(NumbersTool.class, NumbersArgs.class))
            .overrideConfigKey("quarkus.jackson.serialization-inclusion", "non_null");

    @Inject
    ToolRuntime runtime;

    @Test
    void nullEntriesAreLeftOutAsTheMapperIsSetTo() {
        Map<String, Object> args = new HashMap<>();
        args.put("small", 7);
        args.put("boxed", null);
        args.put("bogus", null);
        ToolResult r = runtime.execute("numbers", args, ToolCall.session("numbers"));
        assertThat(r.isError()).as(r.text()).isFalse();
        assertThat(r.text()).isEqualTo("7 null 0 0 0.0 0");
    }

    @Test
    void noArgumentsAtAllAreNone() {
        assertThat(runtime.execute("numbers", (Map<String, ?>) null, ToolCall.session("numbers")).text())
                .isEqualTo("0 null 0 0 0.0 0");
    }
}
