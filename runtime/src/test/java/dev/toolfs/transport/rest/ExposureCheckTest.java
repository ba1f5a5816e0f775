package dev.toolfs.transport.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;

import org.junit.jupiter.api.Test;

class ExposureCheckTest {

    private static final Optional<String> LONG = Optional.of("0123456789abcdef");

    @Test
    void onTheLoopbackAnyTokenOrNoneWill() {
        for (String host : new String[] { "localhost", "127.0.0.1", "::1", "[::1]" }) {
            assertThat(ExposureCheck.refusal(true, host, Optional.empty())).as(host).isEmpty();
            assertThat(ExposureCheck.refusal(true, host, Optional.of("short"))).as(host).isEmpty();
        }
        assertThat(ExposureCheck.refusal(false, "0.0.0.0", Optional.empty())).isEmpty();
    }

    @Test
    void elsewhereATokenOfAtLeastSixteenCharactersIsNeeded() {
        assertThat(ExposureCheck.refusal(true, "0.0.0.0", Optional.empty())).hasValue("quarkus.http.host is 0.0.0.0,"
                + " which other machines can reach, and quarkus.tool-fs.auth.token is not set. Set a token (clients then"
                + " send Authorization: Bearer <token>), or listen on 127.0.0.1.");
        assertThat(ExposureCheck.refusal(true, "0.0.0.0", Optional.of("  "))).isPresent();
        assertThat(ExposureCheck.refusal(true, "10.0.0.5", Optional.of("s3cret"))).hasValue("quarkus.http.host is"
                + " 10.0.0.5, which other machines can reach, and quarkus.tool-fs.auth.token is 6 characters long: set"
                + " one of at least 16 random characters (openssl rand -hex 16 makes one), or listen on 127.0.0.1.");
        assertThat(ExposureCheck.refusal(true, "0.0.0.0", Optional.of("0123456789abcde"))).isPresent();
        assertThat(ExposureCheck.refusal(true, "0.0.0.0", LONG)).isEmpty();
    }

    @Test
    void aTokenNoHeaderCanCarryIsRefusedWhereverItListens() {
        // Found in a review: such a token could never match, and every request was refused.
        for (String token : new String[] { " 0123456789abcdef", "0123456789abcdef\t", "0123456789abcdef\n" }) {
            assertThat(ExposureCheck.refusal(true, "localhost", Optional.of(token))).as(token)
                    .hasValue("quarkus.tool-fs.auth.token starts or ends with white space, which no Authorization"
                            + " header can carry; remove it");
        }
        assertThat(ExposureCheck.refusal(true, "localhost", Optional.of("0123456789\u0001abcdef")))
                .hasValue("quarkus.tool-fs.auth.token holds a control character, which no Authorization header can"
                        + " carry; use letters, digits and punctuation");
    }
}
