package dev.toolfs.sidecar;

import static io.restassured.RestAssured.given;
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
            return Map.of("quarkus.tool-fs.mcp.allowed-origins", "https://app.example");
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
}
