package dev.toolfs.transport.rest;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/** The sidecar's one access rule: when a token is configured, {@code Authorization: Bearer <token>} is required. */
public final class BearerToken {

    public static final String MISSING = "missing or wrong bearer token: send Authorization: Bearer <token>";

    private BearerToken() {
    }

    /**
     * True when no token is configured (a blank one counts as none, as for the start-up exposure check) or the header
     * carries it; compared in constant time.
     */
    public static boolean accepts(Optional<String> token, String authorizationHeader) {
        if (token.isEmpty() || token.get().isBlank()) {
            return true;
        }
        byte[] given = authorizationHeader == null ? new byte[0] : authorizationHeader.getBytes(StandardCharsets.UTF_8);
        byte[] expected = ("Bearer " + token.get()).getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(given, expected);
    }
}
