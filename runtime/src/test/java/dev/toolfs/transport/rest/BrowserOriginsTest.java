package dev.toolfs.transport.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class BrowserOriginsTest {

    @Test
    void localhostOriginsAndNoOriginAreAllowed() {
        for (String origin : List.of("http://localhost:3000", "https://127.0.0.1", "http://[::1]:8080", "http://LOCALHOST")) {
            assertThat(BrowserOrigins.allowed(origin, List.of())).as(origin).isTrue();
        }
        assertThat(BrowserOrigins.allowed(null, List.of())).isTrue();
        // An origin has no user information: this one names no page of this machine.
        assertThat(BrowserOrigins.allowed("http://evil.example@localhost", List.of())).isFalse();
    }

    @Test
    void othersOnlyWhenConfiguredAsBrowsersSendThem() {
        List<String> configured = List.of("https://agent.example.com/", "HTTPS://Other.example.com");
        assertThat(BrowserOrigins.allowed("https://agent.example.com", configured)).isTrue();
        assertThat(BrowserOrigins.allowed("https://other.example.com", configured)).isTrue();
        assertThat(BrowserOrigins.allowed("http://agent.example.com", configured)).as("another scheme").isFalse();
        assertThat(BrowserOrigins.allowed("https://agent.example.com:8443", configured)).as("another port").isFalse();
        assertThat(BrowserOrigins.allowed("https://evil.example", configured)).isFalse();
        assertThat(BrowserOrigins.allowed("null", configured)).as("a sandboxed page").isFalse();
        assertThat(BrowserOrigins.allowed("http://localhost.evil.example", configured)).isFalse();
    }

    /** Found by black-box testing: Quarkus' CORS compares as written an origin admitted here in another spelling. */
    @Test
    void anAdmittedOriginIsGivenItsConfiguredSpelling() {
        List<String> configured = List.of(" https://agent.example.com/ ", "HTTPS://Other.example.com");
        assertThat(BrowserOrigins.configuredSpelling("HTTPS://AGENT.example.com", configured))
                .contains("https://agent.example.com/");
        assertThat(BrowserOrigins.configuredSpelling("https://other.example.com/", configured))
                .contains("HTTPS://Other.example.com");
        assertThat(BrowserOrigins.configuredSpelling("http://localhost:3000", configured)).isEmpty();
    }

    @Test
    void aLoopbackServerAnswersLoopbackHostNamesAndConfiguredOnes() {
        List<String> configured = List.of("https://agent.example.com");
        for (String host : new String[] { "localhost:8765", "127.0.0.1", "[::1]:8765", "LOCALHOST", "agent.example.com:443", null, "" }) {
            assertThat(BrowserOrigins.hostAllowed(host, configured)).as(String.valueOf(host)).isTrue();
        }
        for (String host : List.of("evil.example:8765", "127.0.0.1.evil.example", "localhost.evil.example", "[::2]")) {
            assertThat(BrowserOrigins.hostAllowed(host, configured)).as(host).isFalse();
        }
    }

    /** A loopback address written out is the machine itself, as localhost is (found by black-box testing). */
    @Test
    void everyLoopbackAddressIsLocal() {
        assertThat(BrowserOrigins.hostAllowed("127.0.0.2:8765", List.of())).isTrue();
        assertThat(BrowserOrigins.hostAllowed("127.255.0.1", List.of())).isTrue();
        assertThat(BrowserOrigins.allowed("http://127.0.0.2:3000", List.of())).isTrue();
        assertThat(BrowserOrigins.hostAllowed("127.0.0.1.evil.example", List.of())).isFalse();
        assertThat(BrowserOrigins.hostAllowed("128.0.0.1", List.of())).isFalse();
    }
}
