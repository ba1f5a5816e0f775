package dev.toolfs.transport.rest;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;

import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.config.ConfigProvider;

import dev.toolfs.config.ToolFsConfig;
import io.quarkus.runtime.StartupEvent;

/**
 * Secure by default: serving the tools on an address other machines can reach, without a token, would hand the
 * workspace to the network. The application refuses to start instead, saying why.
 */
// No scope annotation: the build makes it a bean when REST is on, and excludes it otherwise (see ToolFsProcessor).
public class ExposureCheck {

    void onStart(@Observes StartupEvent event, ToolFsConfig config) {
        var c = ConfigProvider.getConfig();
        boolean listening = c.getOptionalValue("quarkus.http.host-enabled", Boolean.class).orElse(true);
        String host = c.getOptionalValue("quarkus.http.host", String.class).orElse("localhost");
        Optional<String> token = config.auth().token().filter(t -> !t.isBlank());
        if (listening && token.isEmpty() && !isLoopback(host)) {
            throw new IllegalStateException("Tool FS refuses to start: quarkus.http.host is " + host
                    + ", which other machines can reach, and quarkus.tool-fs.auth.token is not set. Set a token "
                    + "(clients then send Authorization: Bearer <token>), or listen on 127.0.0.1.");
        }
    }

    static boolean isLoopback(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (h.equalsIgnoreCase("localhost")) {
            return true;
        }
        try {
            // Only literal addresses are judged; a name is never resolved here.
            if (!h.matches("[0-9.]+|[0-9a-fA-F:]+")) {
                return false;
            }
            return InetAddress.getByName(h).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
