package dev.toolfs.it;

import java.util.Map;

import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;

/** Calls tools in-process, the way a Quarkus agent app does. */
final class InProcess {

    private final ToolRuntime runtime;
    private final String session;

    InProcess(ToolRuntime runtime, String session) {
        this.runtime = runtime;
        this.session = session;
    }

    ToolResult read(String path) {
        return runtime.execute("read", Map.of("file_path", path), ToolCall.session(session));
    }

    ToolResult write(String path, String content) {
        return runtime.execute("write", Map.of("file_path", path, "content", content), ToolCall.session(session));
    }

    ToolResult edit(String path, String oldString, String newString) {
        return runtime.execute("edit", Map.of("file_path", path, "old_string", oldString, "new_string", newString),
                ToolCall.session(session));
    }
}
