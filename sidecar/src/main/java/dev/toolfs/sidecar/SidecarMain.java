package dev.toolfs.sidecar;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Arrays;

import dev.toolfs.fs.RequestedPath;
import dev.toolfs.transport.mcp.FailedStart;
import dev.toolfs.transport.mcp.StdioChannel;
import dev.toolfs.transport.mcp.StdioHandshake;
import io.quarkus.runtime.ApplicationLifecycleManager;
import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Starts the sidecar: HTTP (REST and MCP Streamable HTTP) by default, or MCP over stdin/stdout with {@code --stdio},
 * in which case nothing listens on the network and every log line goes to stderr, keeping stdout for the protocol.
 */
@QuarkusMain
public class SidecarMain {

    /** The sidecar's default of quarkus.tool-fs.sandbox.approval, which application.properties reads. */
    static final String DEFAULT_APPROVAL_PROPERTY = "tool-fs.default-approval";

    /**
     * The JVM system property naming the handshake answers the build recorded (the argument file the build writes sets
     * it): with it, a stdio client gets its {@code initialize} and {@code tools/list} answers while the application
     * is still starting. Empty or unset: the client waits for the start-up.
     */
    public static final String HANDSHAKE_PROPERTY = "tool-fs.stdio.handshake";

    public static void main(String... args) {
        if (!RequestedPath.fileNamesAreUtf8()) {
            // Before anything else: a workspace with such a name cannot even start, and the reason would be obscure.
            System.err.println("Tool FS: file names are encoded as " + RequestedPath.fileNameEncoding()
                    + ", since the environment sets no UTF-8 locale (LANG, LC_ALL): paths with other characters will"
                    + " fail. Start Tool FS with LANG=C.UTF-8, or another UTF-8 locale such as en_US.UTF-8 (an MCP client's"
                    + " server entry: \"env\": {\"LANG\": \"C.UTF-8\"}).");
        }
        if (Arrays.asList(args).contains("--stdio")) {
            System.setProperty(StdioChannel.SERVING_PROPERTY, "true");
            System.setProperty("quarkus.http.host-enabled", "false");
            System.setProperty("quarkus.log.console.stderr", "true");
            System.setProperty("quarkus.banner.enabled", "false");
            // Nothing is served over HTTP in this mode: the HTTP MCP server's start-up advice (about CORS) is noise
            // in the client's log of this server.
            String httpMcpLog = "quarkus.log.category.\"io.quarkiverse.mcp.server.http\".level";
            if (System.getProperty(httpMcpLog) == null) {
                System.setProperty(httpMcpLog, "ERROR");
            }
            // Over stdio there is no /approvals, and not every client can answer an elicitation: deny by default.
            // The default only (application.properties reads it), so that quarkus.tool-fs.sandbox.approval set
            // anywhere, a .env or config/application.properties file included, still decides.
            System.setProperty(DEFAULT_APPROVAL_PROPERTY, "deny");
            // The recorded tool list is the build's: not answered when this run's command line or environment
            // changes it (initialize still is).
            openStdio(System.getProperty(HANDSHAKE_PROPERTY),
                    !StdioHandshake.configuresToolList(System.getProperties(), System.getenv()));
            // The default handler, not one passed to run(): Quarkus logs a failed start only for the default one.
            ApplicationLifecycleManager.setDefaultExitCodeHandler(SidecarMain::exit);
            Quarkus.run(StdioApplication.class, args);
        } else {
            ApplicationLifecycleManager.setDefaultExitCodeHandler(SidecarMain::exitHttp);
            Quarkus.run(args);
        }
    }

    /**
     * Ends the HTTP process. A failed start is logged with its stack trace on the console, which is standard output;
     * standard error gets why on one line, as documented (found by black-box testing). A refused configuration is not
     * logged (ConsoleLogFilter): its reason, which says it, is all there is to print.
     */
    private static void exitHttp(int code, Throwable failure) {
        if (failure != null) {
            System.err.println(whyNotStarted(failure));
        }
        System.exit(code);
    }

    /** Why the start failed, on one line. */
    private static String whyNotStarted(Throwable failure) {
        String reason = dev.toolfs.transport.mcp.FailedStart.reason(failure);
        return reason.startsWith(dev.toolfs.config.ConfigCheck.REFUSAL) ? reason : "Tool FS did not start: " + reason;
    }

    /**
     * Ends the stdio process. If the application could not start, it never took the channel: the requests the client
     * is waiting for (not those the recorded handshake answered) get an error that says why, before the exit.
     */
    private static void exit(int code, Throwable failure) {
        if (failure != null) {
            System.err.println(whyNotStarted(failure)); // the client's log of this server
            StdioChannel.takeOpened().ifPresent(channel -> channel.attach(new FailedStart(channel.out(), failure)));
        }
        System.exit(code);
    }

    /**
     * Opens MCP's stdio on this process's stdin and stdout, answering the handshake from {@code handshake} if set (its
     * tool list only if {@code toolList}).
     */
    static StdioChannel openStdio(String handshake, boolean toolList) {
        // Buffered, so a message and its line break leave in one write; each message is flushed.
        OutputStream protocol = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
        // The protocol owns stdout from the first moment; anything else that prints goes to stderr.
        System.setOut(System.err);
        // Unbuffered: the channel reads in blocks of its own, and System.in's buffer would ask the descriptor how much
        // is available (two more system calls) after each message.
        InputStream input = new FileInputStream(FileDescriptor.in);
        return StdioChannel.open(input, protocol, handshake == null || handshake.isBlank() ? null : Path.of(handshake),
                toolList);
    }
}
