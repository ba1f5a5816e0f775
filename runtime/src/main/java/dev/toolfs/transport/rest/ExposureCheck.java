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
        Optional<String> refusal = refusal(listening, host, config.auth().token());
        if (refusal.isPresent()) {
            throw dev.toolfs.config.ConfigCheck.refusal(refusal.get());
        }
    }

    /** The shortest token accepted on an address other machines can reach: 16 random characters are not guessed. */
    static final int MIN_EXPOSED_TOKEN = 16;

    /** Why the HTTP endpoints must not be served so; empty when they may. */
    static Optional<String> refusal(boolean listening, String host, Optional<String> configured) {
        Optional<String> token = configured.filter(t -> !t.isBlank());
        if (token.isPresent() && !token.get().equals(token.get().strip())) {
            // HTTP drops the spaces around a header's value: no client could ever send it.
            return Optional.of("quarkus.tool-fs.auth.token starts or ends with white space, which no Authorization header"
                    + " can carry; remove it");
        }
        if (token.isPresent() && token.get().chars().anyMatch(Character::isISOControl)) {
            return Optional.of("quarkus.tool-fs.auth.token holds a control character, which no Authorization header can"
                    + " carry; use letters, digits and punctuation");
        }
        if (!listening || isLoopback(host)) {
            return Optional.empty();
        }
        if (token.isEmpty()) {
            return Optional.of("quarkus.http.host is " + host
                    + ", which other machines can reach, and quarkus.tool-fs.auth.token is not set. Set a token "
                    + "(clients then send Authorization: Bearer <token>), or listen on 127.0.0.1.");
        }
        if (token.get().length() < MIN_EXPOSED_TOKEN) {
            return Optional.of("quarkus.http.host is " + host + ", which other machines can reach, and"
                    + " quarkus.tool-fs.auth.token is " + token.get().length() + " characters long: set one of at least "
                    + MIN_EXPOSED_TOKEN + " random characters (openssl rand -hex 16 makes one), or listen on 127.0.0.1.");
        }
        return Optional.empty();
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
