package dev.toolfs.sidecar;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/** With a token, every endpoint wants it; an oversized body gets a JSON 413 and the server stays up. */
@QuarkusTest
@TestProfile(AuthAndLimitsTest.WithToken.class)
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class AuthAndLimitsTest {

    public static class WithToken implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.tool-fs.auth.token", "s3cret", "quarkus.tool-fs.rest.max-body-size", "64K",
                    "quarkus.tool-fs.rest.bodies-in-memory", "100K");
        }
    }

    @Test
    void aMissingOrWrongTokenIs401() {
        given().get("/tools").then().statusCode(401).header("WWW-Authenticate", "Bearer")
                .body("error", equalTo("missing or wrong bearer token: send Authorization: Bearer <token>"));
        given().header("Authorization", "Bearer wrong").get("/tools").then().statusCode(401);
        // Two tokens, the right one first: neither counts (only the first was checked).
        given().header("Authorization", "Bearer s3cret").header("Authorization", "Bearer wrong").get("/tools").then()
                .statusCode(400).body("error", equalTo("the request has 2 Authorization headers; send one"));
        given().header("Authorization", "Bearer s3cret-and-more").contentType("application/json").body("{}")
                .post("/tools/read").then().statusCode(401);
    }

    /** Found by black-box testing: a browser's preflight, which never carries credentials, got 401. */
    @Test
    void aCorsPreflightNeedsNoTokenButAnAllowedOrigin() {
        io.restassured.response.Response preflight = given().header("Origin", "http://localhost:5173")
                .header("Access-Control-Request-Method", "POST").options("/tools/read");
        assertThat(preflight.statusCode()).isNotEqualTo(401);
        assertThat(preflight.header("WWW-Authenticate")).isNull();
        given().header("Origin", "https://evil.example").header("Access-Control-Request-Method", "POST")
                .options("/tools/read").then().statusCode(403);
        // Without what makes it a preflight, OPTIONS wants the token as any request does.
        given().options("/tools/read").then().statusCode(401);
    }

    @Test
    void mcpWantsTheTokenToo() {
        given().contentType("application/json").body("{}").post("/mcp").then().statusCode(401)
                .header("WWW-Authenticate", "Bearer")
                .body("error", equalTo("missing or wrong bearer token: send Authorization: Bearer <token>"));
        given().header("Authorization", "Bearer s3cret").contentType("application/json")
                .accept("application/json, text/event-stream")
                .body(Map.of("jsonrpc", "2.0", "id", 1, "method", "initialize", "params", Map.of(
                        "protocolVersion", "2025-06-18", "capabilities", Map.of(),
                        "clientInfo", Map.of("name", "t", "version", "1"))))
                .post("/mcp").then().statusCode(200).body("result.serverInfo.name", equalTo("tool-fs"));
        given().header("Authorization", "Bearer s3cret").contentType("application/json")
                .body(Map.of("jsonrpc", "2.0", "id", 2, "method", "ping", "params", Map.of("pad", "x".repeat(100 * 1024))))
                .post("/mcp").then().statusCode(413)
                .body("error", equalTo("the request body is over the 65536-byte limit (quarkus.tool-fs.rest.max-body-size)"));
    }

    @Test
    void healthAndMetricsWantTheTokenToo() {
        // They show the workspace's folders and the calls made.
        for (String path : java.util.List.of("/q/health/ready", "/q/metrics")) {
            given().get(path).then().statusCode(401).header("WWW-Authenticate", "Bearer");
            given().header("Authorization", "Bearer s3cret").get(path).then().statusCode(200);
        }
    }

    @Test
    void theRightTokenPasses() {
        given().header("Authorization", "Bearer s3cret").get("/tools").then().statusCode(200)
                .body("tools[0].name", equalTo("read"));
        given().header("Authorization", "Bearer s3cret").contentType("application/json")
                .body(Map.of("file_path", "none.txt")).post("/tools/read").then().statusCode(200)
                .body("is_error", equalTo(true)).body("error.code", equalTo("FS_NOT_FOUND"));
    }

    @Test
    void anOversizedBodyIs413AndTheServerStaysUp() {
        String big = "x".repeat(100 * 1024);
        given().header("Authorization", "Bearer s3cret").contentType("application/json")
                .body(Map.of("file_path", "big.txt", "content", big)).post("/tools/write").then().statusCode(413)
                .body("error", equalTo("the request body is over the 65536-byte limit (quarkus.tool-fs.rest.max-body-size)"));
        given().header("Authorization", "Bearer s3cret").get("/tools").then().statusCode(200);
    }

    /**
     * Found by black-box testing: a chunked body was read whole up to Quarkus' limit (64 MiB in the sidecar) before Tool
     * FS's was judged, and one such request ran a 64 MiB heap out. It is refused as it comes, past the limit, and the
     * connection is closed: the client cannot send the rest.
     */
    @Test
    void aChunkedBodyOverTheLimitIsRefusedAsItComes() throws Exception {
        for (String path : List.of("/tools/write", "/mcp")) {
            try (java.net.Socket socket = new java.net.Socket("localhost", io.restassured.RestAssured.port)) {
                socket.setSoTimeout(20_000);
                java.io.OutputStream out = socket.getOutputStream();
                out.write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer s3cret\r\n"
                        + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                byte[] chunk = ("10000\r\n" + "x".repeat(0x10000) + "\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                long total = 256L << 20; // far past any buffer the system keeps for the connection
                java.util.concurrent.CompletableFuture<Long> sent = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                    long n = 0;
                    try {
                        while (n < total) {
                            out.write(chunk);
                            n += 0x10000;
                        }
                    } catch (java.io.IOException closed) {
                        // the server closed the connection: what it refused is not sent
                    }
                    return n;
                });
                String answer = new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                assertThat(answer).as(path).startsWith("HTTP/1.1 413").containsIgnoringCase("connection: close")
                        .endsWith("{\"error\":\"the request body is over the 65536-byte limit (quarkus.tool-fs.rest.max-body-size)\"}");
                assertThat(sent.get(20, java.util.concurrent.TimeUnit.SECONDS)).as(path).isLessThan(total);
            }
        }
        given().header("Authorization", "Bearer s3cret").get("/tools").then().statusCode(200);
    }

    /**
     * Found by black-box testing: a gzip body was read as it came and said to be no valid JSON, and an Expect header the
     * server does not meet got "the request failed".
     */
    @Test
    void anEncodedBodyOrAnUnknownExpectationIsSaidSo() throws Exception {
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
            out.write("{\"file_path\":\"none.txt\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        given().header("Authorization", "Bearer s3cret").contentType("application/json").header("Content-Encoding", "gzip")
                .body(gz.toByteArray()).post("/tools/read").then().statusCode(415).header("Connection", "close")
                .body("error", equalTo("the request body is encoded (Content-Encoding: gzip), which this server does not"
                        + " decode; send the JSON as it is, without Content-Encoding"));
        given().header("Authorization", "Bearer s3cret").contentType("application/json").header("Content-Encoding", "identity")
                .body(Map.of("file_path", "none.txt")).post("/tools/read").then().statusCode(200);
        given().header("Authorization", "Bearer s3cret").contentType("application/json").header("Expect", "foo")
                .body(Map.of("file_path", "none.txt")).post("/tools/read").then().statusCode(417)
                .body("error", equalTo("the Expect header asks for \"foo\", which this server does not do; send"
                        + " Expect: 100-continue, or no Expect header"));
        // Every such header is judged, not the first alone, and /mcp answers the same JSON (found by black-box testing).
        given().header("Authorization", "Bearer s3cret").contentType("application/json").header("Content-Encoding", "identity")
                .header("Content-Encoding", "gzip").body(gz.toByteArray()).post("/tools/read").then().statusCode(415);
        given().header("Authorization", "Bearer s3cret").contentType("application/json").header("Expect", "100-continue")
                .header("Expect", "foo").body(Map.of("file_path", "none.txt")).post("/tools/read").then().statusCode(417)
                .body("error", startsWith("the Expect header asks for \"foo\""));
        given().header("Authorization", "Bearer s3cret").contentType("application/json")
                .header("Accept", "application/json, text/event-stream").header("Expect", "nope")
                .body(Map.of("jsonrpc", "2.0", "id", 1, "method", "ping")).post("/mcp").then().statusCode(417)
                .body("error", startsWith("the Expect header asks for \"nope\""));
    }

    @Test
    void overHttp2AnOversizedBodyGetsTheJson413Too() throws Exception {
        // A Connection header, which HTTP/2 forbids, made the client's stream end in a reset without an answer.
        String body = new io.vertx.core.json.JsonObject().put("file_path", "big2.txt").put("content", "x".repeat(100 * 1024))
                .encode();
        assertThat(Http2.request(io.vertx.core.http.HttpMethod.POST, "localhost", "/tools/write",
                Map.of("Authorization", "Bearer s3cret"), body)).isEqualTo("HTTP_2 413 {\"error\":\"the request body is"
                        + " over the 65536-byte limit (quarkus.tool-fs.rest.max-body-size)\"}");
    }

    /**
     * The answer to an approval takes no room in the bodies in memory: bodies waiting for that approval hold theirs,
     * and kept it out with a 503 (found by black-box testing).
     */
    @Test
    void anApprovalsAnswerIsNeverKeptOutByTheBodiesInHand() throws Exception {
        java.util.List<java.net.Socket> held = new java.util.ArrayList<>();
        try {
            // Small bodies have room of their own (256 KiB here): 36 of 7 KiB, each waiting for the rest of its body.
            for (int i = 0; i < 36; i++) {
                java.net.Socket socket = new java.net.Socket("localhost", io.restassured.RestAssured.port);
                held.add(socket);
                socket.getOutputStream().write(("POST /tools/write HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer s3cret\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 7168\r\n\r\n{").getBytes(
                                java.nio.charset.StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
            }
            Thread.sleep(300);
            String pad = "p".repeat(5000);
            given().header("Authorization", "Bearer s3cret").contentType("application/json")
                    .body(Map.of("file_path", "none.txt", "pad", pad)).post("/tools/read").then().statusCode(503);
            given().header("Authorization", "Bearer s3cret").contentType("application/json")
                    .body(Map.of("decision", "approve", "reason", pad)).post("/approvals/none").then().statusCode(404)
                    .body("error", equalTo("no escalation is waiting with id none (decided already, or timed out)"));
        } finally {
            for (java.net.Socket socket : held) {
                socket.close();
            }
        }
    }

    /**
     * A client that closes its connection halfway through a POST /mcp body gets nothing, the server logs no ERROR (it
     * logged Quarkus' "HTTP Request to /mcp failed" with a stack trace, found by black-box testing), and the body's
     * room is given back.
     */
    @Test
    void aPostToMcpAbandonedHalfwayLogsNoErrorAndGivesItsRoomBack() throws Exception {
        java.util.List<java.util.logging.LogRecord> errors = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.logging.Handler capture = new java.util.logging.Handler() {
            @Override
            public void publish(java.util.logging.LogRecord record) {
                if (record.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue()) {
                    errors.add(record);
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
        root.addHandler(capture);
        try {
            for (int i = 0; i < 3; i++) {
                try (java.net.Socket socket = new java.net.Socket("localhost", io.restassured.RestAssured.port)) {
                    socket.getOutputStream().write(("POST /mcp HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer s3cret\r\n"
                            + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                            + "Content-Length: 60000\r\n\r\n{\"jsonrpc\": \"2.0\", ").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                    socket.getOutputStream().flush();
                    Thread.sleep(200);
                }
            }
            // Each took 60,000 of the 100 KiB of room: a body of as much fits again once the server saw them go.
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(5);
            int status;
            do {
                Thread.sleep(100);
                status = given().header("Authorization", "Bearer s3cret").contentType("application/json")
                        .body(Map.of("file_path", "after-abandoned.txt", "content", "r".repeat(60_000)))
                        .post("/tools/write").statusCode();
            } while (status == 503 && System.nanoTime() < deadline);
            assertThat(status).isEqualTo(200);
            Thread.sleep(300);
            assertThat(errors).extracting(r -> r.getLoggerName() + ": " + r.getMessage()).isEmpty();
        } finally {
            root.removeHandler(capture);
        }
    }

    @Test
    void aBodyThatWouldGoOverTheRoomForBodiesIs503UntilTheOthersAreDone() throws Exception {
        // Found by black-box testing: concurrent large writes on a small heap ran the JVM out of memory, and a chunk the
        // body handler then dropped left a shorter body that still parsed: a write answered success with a piece cut out.
        String held = "{\"file_path\": \"held.txt\", \"content\": \"" + "h".repeat(60_000) + "\"}";
        byte[] heldBytes = held.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        try (java.net.Socket socket = new java.net.Socket("localhost", io.restassured.RestAssured.port)) {
            socket.setSoTimeout(20_000);
            java.io.OutputStream out = socket.getOutputStream();
            out.write(("POST /tools/write HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer s3cret\r\n"
                    + "Content-Type: application/json\r\nX-Session-Id: room\r\nConnection: close\r\nContent-Length: "
                    + heldBytes.length + "\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            out.write(heldBytes, 0, 1000); // the rest later: its room is taken meanwhile
            out.flush();
            Thread.sleep(300);
            String other = "o".repeat(50_000);
            given().header("Authorization", "Bearer s3cret").contentType("application/json")
                    .body(Map.of("file_path", "other.txt", "content", other)).post("/tools/write").then().statusCode(503)
                    .header("Retry-After", "1")
                    .body("error", equalTo("the server is receiving other large requests (at most 100 KiB of bodies at"
                            + " once); nothing was done — retry in a moment"));
            // A small body fits beside it.
            given().header("Authorization", "Bearer s3cret").contentType("application/json")
                    .body(Map.of("file_path", "none.txt")).post("/tools/read").then().statusCode(200);
            out.write(heldBytes, 1000, heldBytes.length - 1000);
            out.flush();
            String answer = new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(answer).startsWith("HTTP/1.1 200").contains("Created file");
        }
        // Its room is given back once it is answered.
        given().header("Authorization", "Bearer s3cret").contentType("application/json")
                .body(Map.of("file_path", "other.txt", "content", "o".repeat(50_000))).post("/tools/write").then()
                .statusCode(200).body("is_error", equalTo(false));
    }

    /**
     * A large body that comes slower than 10 KiB in 10 s is cut once room is taken for it: one that trickled a byte
     * every few seconds kept every other large write at the 503 for as long as it liked (found by black-box testing).
     */
    @Test
    void aLargeBodyThatTricklesIsCutAndItsRoomGivenBack() throws Exception {
        try (java.net.Socket socket = new java.net.Socket("localhost", io.restassured.RestAssured.port)) {
            socket.setSoTimeout(60_000);
            java.io.OutputStream out = socket.getOutputStream();
            out.write(("POST /tools/write HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer s3cret\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n{\"file_path\": \"trickled.txt\", \"content\": \"")
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            out.flush();
            long start = System.nanoTime();
            StringBuilder answer = new StringBuilder();
            java.util.concurrent.CompletableFuture<Long> cut = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    answer.append(new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
                } catch (java.io.IOException e) {
                    answer.append(e);
                }
                return System.nanoTime();
            });
            Thread.sleep(300);
            given().header("Authorization", "Bearer s3cret").contentType("application/json")
                    .body(Map.of("file_path", "meanwhile.txt", "content", "m".repeat(50_000))).post("/tools/write").then()
                    .statusCode(503);
            while (!cut.isDone() && System.nanoTime() - start < java.util.concurrent.TimeUnit.SECONDS.toNanos(40)) {
                try {
                    out.write('t');
                    out.flush();
                } catch (java.io.IOException e) {
                    break;
                }
                Thread.sleep(1000);
            }
            long seconds = java.util.concurrent.TimeUnit.NANOSECONDS.toSeconds(cut.get(30, java.util.concurrent.TimeUnit.SECONDS) - start);
            assertThat(seconds).isBetween(9L, 25L);
            assertThat(answer.toString()).startsWith("HTTP/1.1 408").contains("the request body came too slowly (")
                    .contains(" bytes in the last 10 s; at least 10240 are needed); nothing was done — send the body at once");
        }
        given().header("Authorization", "Bearer s3cret").contentType("application/json")
                .body(Map.of("file_path", "after-trickle.txt", "content", "a".repeat(60_000))).post("/tools/write").then()
                .statusCode(200).body("is_error", equalTo(false));
        assertThat(TempWorkspace.root.resolve("trickled.txt")).doesNotExist();
    }

    /**
     * Small bodies stalled once half their room is held are cut too: forty that trickled held it all, and an approval's
     * answer got the 503 (found by black-box testing). The first ones, taken while there was room, are not watched.
     */
    @Test
    void smallBodiesThatStallOnceHalfTheirRoomIsHeldAreCut() throws Exception {
        java.util.List<java.net.Socket> held = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) { // 20 of 8,000 bytes: past half of 256 KiB from the 17th
                java.net.Socket socket = new java.net.Socket("localhost", io.restassured.RestAssured.port);
                socket.setSoTimeout(30_000);
                held.add(socket);
                socket.getOutputStream().write(("POST /tools/read HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer s3cret\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 8000\r\n\r\n{").getBytes(
                                java.nio.charset.StandardCharsets.US_ASCII));
                socket.getOutputStream().flush();
                Thread.sleep(20);
            }
            String last = new String(held.get(19).getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            // What was left to come, when the watch began (the first byte may not have been read by then).
            assertThat(last).startsWith("HTTP/1.1 408").containsPattern("bytes in the last 10 s; at least (7999|8000) are needed\\)");
            // A small request fits beside those still held.
            given().header("Authorization", "Bearer s3cret").contentType("application/json")
                    .body(Map.of("file_path", "none.txt")).post("/tools/read").then().statusCode(200);
        } finally {
            for (java.net.Socket socket : held) {
                socket.close();
            }
        }
    }

    /**
     * A body over HTTP/2 without a length (which has no Transfer-Encoding either) takes room as a chunked one does: it
     * took none, and six of 3.5 MB ran a 48 MiB heap out (found by black-box testing).
     */
    @Test
    void anHttp2BodyWithoutALengthTakesRoomAsAChunkedOneDoes() throws Exception {
        io.vertx.core.Vertx vertx = io.vertx.core.Vertx.vertx();
        try {
            io.vertx.core.http.HttpClient client = vertx.createHttpClient(new io.vertx.core.http.HttpClientOptions()
                    .setProtocolVersion(io.vertx.core.http.HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false));
            io.vertx.core.http.HttpClientRequest request = client.request(io.vertx.core.http.HttpMethod.POST,
                    io.restassured.RestAssured.port, "localhost", "/tools/write").toCompletionStage().toCompletableFuture()
                    .get(10, java.util.concurrent.TimeUnit.SECONDS);
            request.putHeader("Authorization", "Bearer s3cret").putHeader("Content-Type", "application/json")
                    .setChunked(true);
            request.write("{\"file_path\": \"h2.txt\", \"content\": \"").toCompletionStage().toCompletableFuture()
                    .get(10, java.util.concurrent.TimeUnit.SECONDS);
            Thread.sleep(300);
            // It counts as the largest body (64 KiB) of the 100 KiB: another of 60,000 bytes does not fit beside it.
            given().header("Authorization", "Bearer s3cret").contentType("application/json")
                    .body(Map.of("file_path", "beside-h2.txt", "content", "b".repeat(60_000))).post("/tools/write").then()
                    .statusCode(503);
            var response = request.response().toCompletionStage().toCompletableFuture();
            request.end("x\"}");
            assertThat(response.get(10, java.util.concurrent.TimeUnit.SECONDS).statusCode()).isEqualTo(200);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, java.util.concurrent.TimeUnit.SECONDS);
        }
        assertThat(TempWorkspace.root.resolve("h2.txt")).hasContent("x");
        given().header("Authorization", "Bearer s3cret").contentType("application/json")
                .body(Map.of("file_path", "beside-h2.txt", "content", "b".repeat(60_000))).post("/tools/write").then()
                .statusCode(200);
    }
}
