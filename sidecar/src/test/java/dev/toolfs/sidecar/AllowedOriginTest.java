package dev.toolfs.sidecar;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/**
 * An origin listed in quarkus.tool-fs.mcp.allowed-origins may call /mcp as it may call /tools (found by black-box
 * testing: the MCP library's own check refused every origin but localhost with an empty 403), and every other one is
 * refused by the same guard, with the same JSON answer, on both.
 */
@QuarkusTest
@TestProfile(AllowedOriginTest.OneOrigin.class)
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class AllowedOriginTest {

    public static class OneOrigin implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // Quarkus' CORS on as a browser client needs it; the origins as CORS compares them, as written.
            return Map.of("quarkus.tool-fs.mcp.allowed-origins", "https://app.example", "quarkus.http.cors.enabled", "true",
                    "quarkus.http.cors.origins", "https://app.example,http://localhost:5173,http://localhost");
        }
    }

    private static final Map<String, Object> PING = Map.of("jsonrpc", "2.0", "id", 1, "method", "initialize", "params",
            Map.of("protocolVersion", "2025-06-18", "capabilities", Map.of(), "clientInfo", Map.of("name", "t", "version", "1")));

    @Test
    void aListedOriginMayCallMcpAndTheTools() {
        given().header("Origin", "https://app.example").accept("application/json, text/event-stream")
                .contentType("application/json").body(PING).post("/mcp").then().statusCode(200)
                .body("result.serverInfo.name", equalTo("tool-fs"));
        given().header("Origin", "https://app.example").get("/tools").then().statusCode(200);
        // A page on localhost, whatever its scheme and port.
        given().header("Origin", "http://localhost:5173").accept("application/json, text/event-stream")
                .contentType("application/json").body(PING).post("/mcp").then().statusCode(200);
    }

    /**
     * An origin admitted here in another case or with a trailing slash passes Quarkus' CORS too (found by black-box
     * testing: CORS compared it as written and answered a bare 403).
     */
    @Test
    void anAdmittedOriginInAnotherSpellingPassesCors() {
        for (String origin : new String[] { "https://app.example", "HTTPS://APP.EXAMPLE", "https://app.example/" }) {
            io.restassured.response.Response r = given().header("Origin", origin).get("/tools");
            assertThat(r.statusCode()).as(origin).isEqualTo(200);
            assertThat(r.header("Access-Control-Allow-Origin")).as(origin).isEqualTo("https://app.example");
        }
    }

    @Test
    void anotherOriginIsRefusedAlikeOnMcpAndTheTools() {
        String refused = "origin https://evil.example is not allowed to call this server; add it to"
                + " quarkus.tool-fs.mcp.allowed-origins if it is yours";
        given().header("Origin", "https://evil.example").accept("application/json, text/event-stream")
                .contentType("application/json").body(PING).post("/mcp").then().statusCode(403)
                .body("error", equalTo(refused));
        given().header("Origin", "https://evil.example").get("/tools").then().statusCode(403)
                .body("error", equalTo(refused));
        // DNS rebinding: a foreign host name is still refused on /mcp without the library's check.
        given().header("Host", "evil.example").accept("application/json, text/event-stream")
                .contentType("application/json").body(PING).post("/mcp").then().statusCode(403);
    }

    /** Found by black-box testing: of two such headers only the first was checked, so the order decided. */
    @Test
    void twoHostOrOriginHeadersAreRefusedAndAnOriginWithUserInformationIsNotLocal() throws Exception {
        String twoHosts = raw("GET /tools HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n");
        assertThat(twoHosts).startsWith("HTTP/1.1 400").contains("{\"error\":\"the request has 2 Host headers; send one\"}");
        String twoOrigins = raw("GET /tools HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\n"
                + "Origin: https://evil.example\r\n\r\n");
        assertThat(twoOrigins).startsWith("HTTP/1.1 403")
                .contains("{\"error\":\"the request has 2 Origin headers; a browser sends one\"}");
        given().header("Origin", "http://evil.example@localhost").get("/tools").then().statusCode(403);
        // Found by black-box testing: a Host it cannot read was said to be missing.
        assertThat(raw("GET /tools HTTP/1.1\r\nHost: localhost:abc\r\n\r\n")).startsWith("HTTP/1.1 400")
                .contains("{\"error\":\"the Host header \\\"localhost:abc\\\" is not a host name with an optional port;"
                        + " send this server's, such as localhost:" + io.restassured.RestAssured.port + "\"}");
        given().header("Origin", "http://localhost").get("/tools").then().statusCode(200);
    }

    /** The answer to one request sent as written, headers and all, up to the end of its body. */
    private static String raw(String request) throws java.io.IOException {
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", io.restassured.RestAssured.port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.replace("GET /tools HTTP/1.1\r\n",
                    "GET /tools HTTP/1.1\r\nConnection: close\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
    }
}
