package dev.toolfs.transport.mcp;

import java.net.URI;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
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
    /** Sessions whose roots were asked, the most recent last; the oldest are forgotten (and asked again if seen). */
    private static final int REMEMBERED = 4096;

    private final Map<String, Optional<String>> cwdBySession = Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Optional<String>> eldest) {
                    return size() > REMEMBERED;
                }
            });

    public McpRoots(Workspace workspace) {
        this.workspace = workspace;
    }

    public Optional<String> cwd(String session, Supplier<List<String>> rootUris) {
        Optional<String> known = cwdBySession.get(session);
        if (known != null) {
            return known;
        }
        // Asked outside the lock: the client's answer takes a round trip.
        Optional<String> cwd;
        try {
            cwd = pick(rootUris.get());
        } catch (CancellationException e) {
            // The call was cancelled while it waited: nothing learned, the next call asks again.
            throw e;
        } catch (RuntimeException e) {
            LOG.debugf(e, "MCP session %s: roots not available", session);
            cwd = Optional.empty();
        }
        cwdBySession.put(session, cwd);
        return cwd;
    }

    Optional<String> pick(List<String> uris) {
        for (String uri : uris) {
            try {
                URI u = URI.create(uri);
                if (u.getScheme() == null || !u.getScheme().equalsIgnoreCase("file")) {
                    continue;
                }
                // file:///x, file:/x and file://localhost/x (RFC 8089) name the same local folder.
                String host = u.getHost();
                if (host != null && !host.isEmpty() && !host.equalsIgnoreCase("localhost")) {
                    continue;
                }
                Path p = Path.of(new URI("file", null, u.getPath(), null)).toAbsolutePath().normalize();
                if (workspace.folder(p).isPresent()) {
                    return Optional.of(p.toString());
                }
            } catch (Exception e) {
                // A root we cannot read is simply not used.
            }
        }
        return Optional.empty();
    }
}
