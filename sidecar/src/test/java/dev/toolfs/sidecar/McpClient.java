package dev.toolfs.sidecar;

import static io.restassured.RestAssured.given;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/** A minimal MCP Streamable HTTP client for tests: plain JSON-RPC over POST /mcp. */
final class McpClient {

    private final AtomicInteger ids = new AtomicInteger();
    private final String session;

    private McpClient(String session) {
        this.session = session;
    }

    private static Response initialize(Map<String, ?> capabilities) {
        return given().contentType("application/json").accept("application/json, text/event-stream")
                .body(Map.of("jsonrpc", "2.0", "id", 0, "method", "initialize", "params", Map.of(
                        "protocolVersion", "2025-06-18", "capabilities", capabilities,
                        "clientInfo", Map.of("name", "test", "version", "1"))))
                .post("/mcp");
    }

    /** A session of a client that declares no capabilities, as most clients do for the cards. */
    static McpClient connect() {
        return connect(Map.of());
    }

    /** A session of a client that asks for the presentation cards (Tool FS's experimental capability). */
    static McpClient connectAskingForCards() {
        return connect(Map.of("experimental", Map.of("dev.toolfs/metadata", Map.of())));
    }

    static McpClient connect(Map<String, ?> capabilities) {
        Response init = initialize(capabilities);
        init.then().statusCode(200);
        McpClient c = new McpClient(init.header("Mcp-Session-Id"));
        c.post(Map.of("jsonrpc", "2.0", "method", "notifications/initialized")).then().statusCode(202);
        return c;
    }

    static JsonPath initializeResult() {
        return json(initialize(Map.of()));
    }

    /** The session's id, for a request made by hand. */
    String session() {
        return session;
    }

    /** Ends the session. */
    Response delete() {
        return io.restassured.RestAssured.given().header("Mcp-Session-Id", session).delete("/mcp");
    }

    Response post(Object body) {
        return given().contentType("application/json").accept("application/json, text/event-stream")
                .header("Mcp-Session-Id", session).body(body).post("/mcp");
    }

    /** Sends a request and returns its JSON-RPC response. */
    JsonPath request(String method, Map<String, ?> params) {
        return request(ids.incrementAndGet(), method, params);
    }

    JsonPath request(int id, String method, Map<String, ?> params) {
        return json(post(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params)));
    }

    JsonPath call(String tool, Map<String, ?> args) {
        return request("tools/call", Map.of("name", tool, "arguments", args));
    }

    void notify(String method, Map<String, ?> params) {
        post(Map.of("jsonrpc", "2.0", "method", method, "params", params));
    }

    /** A response is plain JSON, or an event stream whose last data line holds it. */
    static JsonPath json(Response r) {
        r.then().statusCode(200);
        String body = r.asString();
        if (String.valueOf(r.contentType()).startsWith("text/event-stream")) {
            String last = null;
            for (String line : body.split("\n")) {
                if (line.startsWith("data:")) {
                    last = line.substring(5).trim();
                }
            }
            body = last;
        }
        return new JsonPath(body);
    }
}
