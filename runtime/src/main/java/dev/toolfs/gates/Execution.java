package dev.toolfs.gates;

import java.nio.file.Path;
import java.util.Optional;

import dev.toolfs.session.ToolSession;

/**
 * The calling tool execution, as the gates see it.
 *
 * @param session the tool session
 * @param cwd the folder relative paths were resolved against
 * @param model the routed model of this call, if known
 * @param tool the tool being executed
 */
public record Execution(ToolSession session, Path cwd, Optional<String> model, String tool) {

    public String sessionId() {
        return session.id();
    }
}
