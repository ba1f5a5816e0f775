package dev.toolfs.sidecar;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.OutputStream;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.local.Workspace;
import dev.toolfs.runtime.ToolRuntime;
import dev.toolfs.transport.mcp.StdioMcpServer;
import io.quarkus.arc.Arc;
import io.quarkus.runtime.QuarkusApplication;

/** The {@code --stdio} mode: serve MCP on stdin/stdout until stdin closes, then exit cleanly. */
public class StdioApplication implements QuarkusApplication {

    @Override
    public int run(String... args) throws Exception {
        // The protocol owns stdout; anything else that prints goes to stderr.
        // Buffered, so a message and its line break leave in one write; the transport flushes after each message.
        OutputStream protocol = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
        System.setOut(System.err);
        var container = Arc.container();
        StdioMcpServer server = new StdioMcpServer(container.instance(ToolRuntime.class).get(),
                container.instance(ObjectMapper.class).get(), container.instance(Workspace.class).get(),
                getClass().getPackage().getImplementationVersion() == null ? "dev"
                        : getClass().getPackage().getImplementationVersion(),
                container.instance(ToolFsConfig.class).get().sandbox().approvalTimeout());
        server.serve(System.in, protocol);
        return 0;
    }
}
