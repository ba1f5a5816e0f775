package dev.toolfs.sidecar;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.local.Workspace;
import dev.toolfs.runtime.ToolRuntime;
import dev.toolfs.transport.mcp.StdioChannel;
import dev.toolfs.transport.mcp.StdioMcpServer;
import io.quarkus.arc.Arc;
import io.quarkus.runtime.QuarkusApplication;

/** The {@code --stdio} mode: serve MCP on stdin/stdout until stdin closes, then exit cleanly. */
public class StdioApplication implements QuarkusApplication {

    private static final Logger LOG = Logger.getLogger(StdioApplication.class);

    @Override
    public int run(String... args) throws Exception {
        // Opened by SidecarMain as the process started, so that the handshake was answered while this started.
        StdioChannel channel = StdioChannel.takeOpened().orElseGet(() -> SidecarMain.openStdio(null, false));
        channel.handshakeProblem().ifPresent(problem -> LOG.warnf(
                "MCP stdio: the build's recorded handshake was not used, so the client waited for the start-up: %s",
                problem));
        var container = Arc.container();
        ToolFsConfig config = container.instance(ToolFsConfig.class).get();
        StdioMcpServer server = new StdioMcpServer(container.instance(ToolRuntime.class).get(),
                container.instance(ObjectMapper.class).get(), container.instance(Workspace.class).get(),
                getClass().getPackage().getImplementationVersion() == null ? "dev"
                        : getClass().getPackage().getImplementationVersion(),
                dev.toolfs.fs.Cancellation.boundedWait(config.sandbox().approvalTimeout()), config.mcp().presentationMetadata());
        server.serve(channel);
        return 0;
    }
}
