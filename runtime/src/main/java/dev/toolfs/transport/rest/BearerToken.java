package dev.toolfs.transport.rest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/** The sidecar's one access rule: when a token is configured, {@code Authorization: Bearer <token>} is required. */
public final class BearerToken {

    public static final String MISSING = "missing or wrong bearer token: send Authorization: Bearer <token>";

    private BearerToken() {
    }

    private static final String SCHEME = "Bearer";

    /**
     * True when no token is configured (a blank one counts as none, as for the start-up exposure check) or the header
     * carries it; the token is compared in constant time. The scheme's name is case-insensitive (RFC 9110), and
     * spaces after it are allowed.
     */
    public static boolean accepts(Optional<String> token, String authorizationHeader) {
        if (token.isEmpty() || token.get().isBlank()) {
            return true;
        }
        String credentials = "";
        if (authorizationHeader != null && authorizationHeader.length() > SCHEME.length()
                && authorizationHeader.regionMatches(true, 0, SCHEME, 0, SCHEME.length())
                && authorizationHeader.charAt(SCHEME.length()) == ' ') {
            credentials = authorizationHeader.substring(SCHEME.length()).stripLeading();
        }
        byte[] given = credentials.getBytes(StandardCharsets.UTF_8);
        byte[] expected = token.get().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(given, expected);
    }
}
