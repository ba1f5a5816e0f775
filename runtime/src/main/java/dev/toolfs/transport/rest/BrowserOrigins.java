package dev.toolfs.transport.rest;

import java.net.URI;
import java.util.List;

/**
 * Which browser origins may call the sidecar's HTTP endpoints. A web page the user happens to visit can send requests
 * to a loopback server (directly, or by DNS rebinding); browsers say where such a request comes from in its
 * {@code Origin} header, so only localhost origins and the configured ones are let through.
 */
public final class BrowserOrigins {

    private BrowserOrigins() {
    }

    /** Whether a request carrying this {@code Origin} header may be served; a request without one always may. */
    public static boolean allowed(String origin, List<String> configured) {
        if (origin == null) {
            return true;
        }
        String sent = normalized(origin);
        if (configured.stream().anyMatch(c -> normalized(c).equals(sent))) {
            return true;
        }
        try {
            URI uri = URI.create(origin);
            String host = uri.getHost();
            // An origin is a scheme, a host and a port (RFC 6454): "http://evil.example@localhost" names no page here.
            return host != null && uri.getRawUserInfo() == null && loopbackName(host.toLowerCase(java.util.Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * localhost, or a loopback address written out (all of 127.0.0.0/8: a sidecar may listen on 127.0.0.2, and was
     * refused its own address, found by black-box testing). An address is no name DNS rebinding could move.
     */
    private static boolean loopbackName(String host) {
        return host.equals("localhost") || host.equals("[::1]") || host.equals("::1")
                || host.matches("127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}");
    }

    /** An origin as compared: scheme and host in lower case (they are case-insensitive), no trailing slash. */
    /**
     * The configured origin {@code origin} matches once both are normalized, as configured; empty when none does. Quarkus'
     * CORS compares the header as written: an origin admitted here in another case, or with a trailing slash, got its
     * bare 403 (found by black-box testing), so the header is given the configured spelling.
     */
    public static java.util.Optional<String> configuredSpelling(String origin, List<String> configured) {
        String sent = normalized(origin);
        return configured.stream().filter(c -> normalized(c).equals(sent)).map(String::trim).findFirst();
    }

    static String normalized(String origin) {
        String o = origin.trim();
        while (o.endsWith("/")) {
            o = o.substring(0, o.length() - 1);
        }
        return o.toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Whether a request naming {@code host} (its {@code Host} header) may be served by a server that listens on
     * loopback: a page that reached it through a name of its own resolving to 127.0.0.1 (DNS rebinding) is
     * same-origin to the browser, which then sends no {@code Origin} on a GET; its {@code Host} gives it away.
     * Loopback names, and the hosts of the configured origins, are allowed; a request without the header too.
     */
    public static boolean hostAllowed(String host, List<String> configured) {
        if (host == null || host.isBlank()) {
            return true;
        }
        String name = hostName(host);
        if (loopbackName(name)) {
            return true;
        }
        for (String origin : configured) {
            try {
                String h = URI.create(origin.trim()).getHost();
                if (h != null && h.equalsIgnoreCase(name)) {
                    return true;
                }
            } catch (IllegalArgumentException e) {
                // Not an origin: it allows nothing.
            }
        }
        return false;
    }

    /** The name part of a Host header, without its port, in lower case. */
    static String hostName(String host) {
        String h = host.trim().toLowerCase(java.util.Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            return end < 0 ? h : h.substring(0, end + 1);
        }
        int colon = h.indexOf(':');
        return colon < 0 ? h : h.substring(0, colon);
    }

    /** Whether this application listens on a loopback address only (quarkus.http.host), where the Host check applies. */
    public static boolean loopbackListener() {
        String host = org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getOptionalValue("quarkus.http.host", String.class).orElse("localhost");
        return ExposureCheck.isLoopback(host);
    }

    /** The 403 message for a refused host. */
    public static String hostRefusal(String host) {
        return "host " + host + " is not allowed to call this server, which listens on loopback; add an origin with "
                + "this host to quarkus.tool-fs.mcp.allowed-origins if it is yours";
    }

    /** The 403 message for a refused origin. */
    public static String refusal(String origin) {
        return "origin " + origin + " is not allowed to call this server; add it to "
                + "quarkus.tool-fs.mcp.allowed-origins if it is yours";
    }
}
