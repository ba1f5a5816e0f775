package dev.toolfs.transport.mcp;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.jboss.logging.Logger;

import dev.toolfs.fs.local.Workspace;

/**
 * The client's roots, when it sends them, narrow the session's folder: the first {@code file:} root inside the
 * workspace becomes the folder relative paths resolve against. A root outside the workspace never widens anything.
 * Asked once per MCP session.
 */
public final class McpRoots {

    private static final Logger LOG = Logger.getLogger(McpRoots.class);

    private final Workspace workspace;
    private final Map<String, Optional<String>> cwdBySession = new ConcurrentHashMap<>();

    public McpRoots(Workspace workspace) {
        this.workspace = workspace;
    }

    public Optional<String> cwd(String session, Supplier<List<String>> rootUris) {
        return cwdBySession.computeIfAbsent(session, s -> {
            try {
                return pick(rootUris.get());
            } catch (RuntimeException e) {
                LOG.debugf(e, "MCP session %s: roots not available", session);
                return Optional.empty();
            }
        });
    }

    public void forget(String session) {
        cwdBySession.remove(session);
    }

    Optional<String> pick(List<String> uris) {
        for (String uri : uris) {
            try {
                URI u = URI.create(uri);
                if (!"file".equals(u.getScheme())) {
                    continue;
                }
                Path p = Path.of(u).toAbsolutePath().normalize();
                if (Files.isDirectory(p) && workspace.containsLexically(p) && workspace.containsReal(p.toRealPath())) {
                    return Optional.of(p.toString());
                }
            } catch (Exception e) {
                // A root we cannot read is simply not used.
            }
        }
        return Optional.empty();
    }
}
