package dev.toolfs.sidecar;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;

/**
 * Found by black-box testing: the MCP library kept every session, with its initialize message, until it had been idle
 * for half an hour, and sessions opened in a loop with 9 MB initialize messages ran the heap out in about 80 s.
 */
@QuarkusTest
@TestProfile(McpSessionBoundTest.ThreeSessions.class)
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class McpSessionBoundTest {

    public static class ThreeSessions implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.tool-fs.sessions.max", "3");
        }
    }

    private static int status(McpClient client) {
        return client.post(Map.of("jsonrpc", "2.0", "id", 7, "method", "tools/list")).statusCode();
    }

    @Test
    void aNewSessionPastTheBoundEndsTheOneUsedLongestAgo() {
        McpClient a = McpClient.connect();
        McpClient b = McpClient.connect();
        McpClient c = McpClient.connect();
        assertThat(status(a)).isEqualTo(200);
        McpClient d = McpClient.connect();
        assertThat(status(b)).as("used longest ago: ended, and its client told to start again").isEqualTo(404);
        for (McpClient kept : new McpClient[] { a, c, d }) {
            assertThat(status(kept)).isEqualTo(200);
        }
    }

    @jakarta.inject.Inject
    io.quarkiverse.mcp.server.runtime.ConnectionManager connections;

    @io.quarkus.test.common.http.TestHTTPResource("/mcp")
    java.net.URI mcp;

    /** Opens the session's event stream; the future completes when the server ends it. */
    private java.util.concurrent.CompletableFuture<String> eventStream(McpClient client) throws Exception {
        java.net.http.HttpRequest get = java.net.http.HttpRequest.newBuilder(mcp).header("Accept", "text/event-stream")
                .header("Mcp-Session-Id", client.session()).header("MCP-Protocol-Version", "2025-06-18").GET().build();
        java.net.http.HttpResponse<java.io.InputStream> stream = java.net.http.HttpClient.newHttpClient()
                .send(get, java.net.http.HttpResponse.BodyHandlers.ofInputStream());
        assertThat(stream.statusCode()).isEqualTo(200);
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try (java.io.InputStream in = stream.body()) {
                return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                return "failed: " + e;
            }
        });
    }

    /**
     * Found in a review: the library forgot a session it ended but left its event stream open, so that the client kept
     * listening to a session that no longer was.
     */
    @Test
    void anEndedSessionsEventStreamEndsWithIt() throws Exception {
        McpClient a = McpClient.connect();
        java.util.concurrent.CompletableFuture<String> evicted = eventStream(a);
        McpClient b = McpClient.connect();
        java.util.concurrent.CompletableFuture<String> deleted = eventStream(b);
        McpClient c = McpClient.connect();
        assertThat(status(b)).isEqualTo(200);
        assertThat(status(c)).isEqualTo(200);
        McpClient.connect(); // past the bound: ends a, used longest ago
        assertThat(evicted.get(10, java.util.concurrent.TimeUnit.SECONDS)).startsWith("event: message");
        assertThat(status(a)).isEqualTo(404);
        assertThat(deleted).isNotDone();
        assertThat(b.delete().statusCode()).isBetween(200, 204);
        assertThat(deleted.get(10, java.util.concurrent.TimeUnit.SECONDS)).startsWith("event: message");
    }

    /**
     * Found in a review: the library makes a session for a POST without one before it looks at its headers, and keeps it
     * when it refuses them.
     */
    @Test
    void sessionsTheLibraryMakesForOtherRequestsCountToo() {
        for (int i = 0; i < 6; i++) {
            given().contentType("application/json").accept("application/json, text/event-stream")
                    .header("MCP-Protocol-Version", "no-such-version")
                    .body(Map.of("jsonrpc", "2.0", "id", i, "method", "tools/list")).post("/mcp").then().statusCode(400);
        }
        assertThat(java.util.stream.StreamSupport.stream(connections.spliterator(), false).count()).isLessThanOrEqualTo(3);
    }

    @Test
    void anInitializeOverSixtyFourKibIsRefused() {
        Map<String, Object> init = Map.of("jsonrpc", "2.0", "id", 8, "method", "initialize", "params", Map.of(
                "protocolVersion", "2025-06-18", "capabilities", Map.of(),
                "clientInfo", Map.of("name", "x".repeat(70_000), "version", "1")));
        JsonPath r = McpClient.json(given().contentType("application/json").accept("application/json, text/event-stream")
                .body(init).post("/mcp"));
        assertThat(r.getInt("id")).isEqualTo(8);
        assertThat(r.getInt("error.code")).isEqualTo(-32600);
        assertThat(r.getString("error.message"))
                .isEqualTo("Invalid Request: an initialize message is limited to 65536 bytes and 1000 JSON values");
        // Small in bytes, large once read: empty arrays (found by black-box testing, 1.1 MB of heap a session).
        Map<String, Object> arrays = Map.of("jsonrpc", "2.0", "id", 9, "method", "initialize", "params", Map.of(
                "protocolVersion", "2025-06-18", "capabilities", Map.of("experimental", Map.of("p",
                        java.util.Collections.nCopies(1000, java.util.List.of()))),
                "clientInfo", Map.of("name", "c", "version", "1")));
        JsonPath many = McpClient.json(given().contentType("application/json").accept("application/json, text/event-stream")
                .body(arrays).post("/mcp"));
        assertThat(many.getString("error.message")).endsWith("and 1000 JSON values");
    }

    /** Found by black-box testing: a request the library refused for its headers ended another client's session. */
    @Test
    void aSessionlessRequestRefusedForItsHeadersEndsNoSession() {
        McpClient a = McpClient.connect();
        McpClient b = McpClient.connect();
        McpClient c = McpClient.connect();
        for (String[] header : new String[][] { { "MCP-Protocol-Version", "x" }, { "Accept", "text/html" } }) {
            given().contentType("application/json").header(header[0], header[1])
                    .body(Map.of("jsonrpc", "2.0", "id", 1, "method", "tools/list")).post("/mcp").then().statusCode(400);
        }
        for (McpClient kept : new McpClient[] { a, b, c }) {
            assertThat(status(kept)).isEqualTo(200);
        }
    }
}
