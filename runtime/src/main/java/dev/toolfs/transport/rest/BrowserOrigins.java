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
            String host = URI.create(origin).getHost();
            return host != null && (host.equalsIgnoreCase("localhost") || host.equals("127.0.0.1")
                    || host.equals("[::1]") || host.equals("::1"));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** An origin as compared: scheme and host in lower case (they are case-insensitive), no trailing slash. */
    static String normalized(String origin) {
        String o = origin.trim();
        while (o.endsWith("/")) {
            o = o.substring(0, o.length() - 1);
        }
        return o.toLowerCase(java.util.Locale.ROOT);
    }

    /** The 403 message for a refused origin. */
    public static String refusal(String origin) {
        return "origin " + origin + " is not allowed to call this server; add it to "
                + "quarkus.tool-fs.mcp.allowed-origins if it is yours";
    }
}
