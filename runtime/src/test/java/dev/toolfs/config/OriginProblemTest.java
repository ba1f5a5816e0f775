package dev.toolfs.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** An allowed origin no browser could send is refused at start-up, not ignored (found by black-box testing). */
class OriginProblemTest {

    @Test
    void originsThatCouldMatchPass() {
        // A host with an underscore (a compose service) and "null" (a file:// page) are sent by browsers too.
        for (String origin : new String[] { "https://app.example", "http://localhost:5173", "https://app.example/",
                "http://[::1]:8080", " https://APP.example ", "http://web_ui:3000", "null" }) {
            assertThat(ConfigCheck.originProblem(origin)).as(origin).isEmpty();
        }
    }

    @Test
    void originsThatNeverMatchAreNamedWithWhy() {
        String shape = "an origin is a scheme and a host, with a port if not the scheme's own (https://app.example:8443)";
        assertThat(ConfigCheck.originProblem("*")).contains(
                "quarkus.tool-fs.mcp.allowed-origins lists \"*\", which no browser sends: " + shape);
        assertThat(ConfigCheck.originProblem("evil.com")).get().asString().endsWith(shape);
        assertThat(ConfigCheck.originProblem("evil.com:8080")).get().asString().endsWith(shape);
        assertThat(ConfigCheck.originProblem("https://a.com:99999")).get().asString().endsWith("its port is over 65535");
        assertThat(ConfigCheck.originProblem("https://a.com:999999")).get().asString().endsWith("its port is over 65535");
        assertThat(ConfigCheck.originProblem("https://user@a.com")).get().asString()
                .endsWith("an origin has no path, query, user or fragment; list scheme://host[:port] only");
        assertThat(ConfigCheck.originProblem("https://a.com/app")).get().asString()
                .endsWith("an origin has no path, query, user or fragment; list scheme://host[:port] only");
    }
}
