package dev.toolfs.sidecar;

import java.util.Arrays;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Starts the sidecar: HTTP (REST and MCP Streamable HTTP) by default, or MCP over stdin/stdout with {@code --stdio},
 * in which case nothing listens on the network and every log line goes to stderr, keeping stdout for the protocol.
 */
@QuarkusMain
public class SidecarMain {

    public static void main(String... args) {
        if (Arrays.asList(args).contains("--stdio")) {
            System.setProperty("quarkus.http.host-enabled", "false");
            System.setProperty("quarkus.log.console.stderr", "true");
            System.setProperty("quarkus.banner.enabled", "false");
            // Nothing is served over HTTP in this mode: the HTTP MCP server's start-up advice (about CORS) is noise
            // in the client's log of this server.
            String httpMcpLog = "quarkus.log.category.\"io.quarkiverse.mcp.server.http\".level";
            if (System.getProperty(httpMcpLog) == null) {
                System.setProperty(httpMcpLog, "ERROR");
            }
            // Over stdio there is no /approvals, and not every client can answer an elicitation: deny at once
            // unless set (with "ask", a client with elicitation is asked; without, the request waits and times out).
            if (System.getProperty("quarkus.tool-fs.sandbox.approval") == null
                    && System.getenv("QUARKUS_TOOL_FS_SANDBOX_APPROVAL") == null) {
                System.setProperty("quarkus.tool-fs.sandbox.approval", "deny");
            }
            Quarkus.run(StdioApplication.class, args);
        } else {
            Quarkus.run(args);
        }
    }
}
