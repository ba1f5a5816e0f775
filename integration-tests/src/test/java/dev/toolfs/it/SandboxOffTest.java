package dev.toolfs.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolRuntime;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** Without the sandbox, the escalation arguments do not exist. */
@QuarkusTest
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class SandboxOffTest {

    @Inject
    ToolRuntime runtime;

    @Test
    void escalationArgumentsAreUnknown() {
        var r = runtime.execute("write", Map.of("file_path", "x.txt", "content", "x", "sandbox_permissions", "require_escalated"),
                ToolCall.session("off"));
        assertThat(r.text()).isEqualTo("Error: unknown argument \"sandbox_permissions\"; write takes file_path, content");
        assertThat(runtime.tool("write").orElseThrow().inputSchema()).doesNotContain("sandbox_permissions");
    }
}
