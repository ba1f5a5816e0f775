package dev.toolfs.sidecar;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;

/** read_image over REST and MCP: every message exactly, real images of each format, the store, the caps. */
@QuarkusTest
@TestProfile(ReadImageTest.Models.class)
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class ReadImageTest {

    public static class Models implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "quarkus.tool-fs.models.\"vision-model\".image-input", "true",
                    "quarkus.tool-fs.models.\"text-model\".image-input", "false",
                    "quarkus.tool-fs.models.\"visi\u00f3n\".image-input", "true",
                    "quarkus.tool-fs.default-model", "vision-model",
                    "quarkus.tool-fs.image.max-image-bytes", "300000",
                    "quarkus.tool-fs.image.max-image-pixels", "1000000");
        }
    }

    private static JsonPath call(String model, String path) {
        return given().contentType("application/json").header("X-Session-Id", "img").header("X-Model", model)
                .body(Map.of("file_path", path)).post("/tools/read_image").then().statusCode(200).extract().jsonPath();
    }

    private static String sha256(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    @jakarta.inject.Inject
    dev.toolfs.tools.ReadImageTool readImage;

    @io.quarkus.test.common.http.TestHTTPResource("/tools/read_image")
    java.net.URI readImageUri;

    /**
     * Found by black-box testing: parallel reads of large images ran a small heap out. Those of 256 KiB or more share
     * room: while other reads hold it, one waits (here, longer than its client), and goes once the room is free.
     */
    @Test
    void aLargeImageWaitsForRoomThatOtherReadsHold() throws Exception {
        byte[] png = Images.write("png", 20, 20, false);
        // Bytes after IEND are ignored by decoders: a file over the size that counts, under the profile's cap.
        Files.write(TempWorkspace.root.resolve("large.png"), java.util.Arrays.copyOf(png, 270_000));
        java.net.http.HttpClient client = java.net.http.HttpClient.newHttpClient();
        java.net.http.HttpRequest request = java.net.http.HttpRequest.newBuilder(readImageUri)
                .header("Content-Type", "application/json").header("X-Session-Id", "room")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"file_path\":\"large.png\"}"))
                .timeout(java.time.Duration.ofMillis(1500)).build();
        dev.toolfs.fs.MemoryRoom room = readImage.memoryRoom();
        int held = room.take(room.capacityBytes(), dev.toolfs.fs.Cancellation.NONE, 0);
        try {
            org.assertj.core.api.Assertions.assertThatThrownBy(
                    () -> client.send(request, java.net.http.HttpResponse.BodyHandlers.ofString()))
                    .isInstanceOf(java.net.http.HttpTimeoutException.class);
        } finally {
            room.give(held);
        }
        java.net.http.HttpResponse<String> answer = client.send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.body()).contains("image/png 20x20, 270000 bytes");
    }

    @jakarta.inject.Inject
    dev.toolfs.runtime.ToolRuntime runtime;

    /**
     * Found by review: the room was given back when the call returned, before its bytes were encoded and sent, so
     * parallel reads held more images than the room allows. It is held until the transport releases the result.
     */
    @Test
    void aLargeImageHoldsItsRoomUntilItsAnswerIsSent() throws Exception {
        byte[] png = Images.write("png", 20, 20, false);
        Files.write(TempWorkspace.root.resolve("held.png"), java.util.Arrays.copyOf(png, 270_000));
        dev.toolfs.fs.MemoryRoom room = readImage.memoryRoom();
        dev.toolfs.runtime.ToolResult result = runtime.executeForSending("read_image", Map.of("file_path", "held.png"),
                dev.toolfs.runtime.ToolCall.session("held"));
        assertThat(result.isError()).as(result.text()).isFalse();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> room.take(room.capacityBytes(), dev.toolfs.fs.Cancellation.NONE, 0))
                .isInstanceOf(java.util.concurrent.TimeoutException.class);
        result.release();
        result.release(); // a second release gives nothing more back
        int all = room.take(room.capacityBytes(), dev.toolfs.fs.Cancellation.NONE, 0);
        try {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> room.take(270_000, dev.toolfs.fs.Cancellation.NONE, 0))
                    .isInstanceOf(java.util.concurrent.TimeoutException.class);
        } finally {
            room.give(all);
        }

        // An application's own call, and a call over REST, give it back once answered.
        assertThat(runtime.execute("read_image", Map.of("file_path", "held.png"), dev.toolfs.runtime.ToolCall.session("held"))
                .isError()).isFalse();
        room.give(room.take(room.capacityBytes(), dev.toolfs.fs.Cancellation.NONE, 0));
        given().contentType("application/json").header("X-Session-Id", "held").queryParam("include_data", true)
                .body(Map.of("file_path", "held.png")).post("/tools/read_image").then().statusCode(200);
        // The room comes back when the answer has been written, which the client may see first.
        room.give(room.take(room.capacityBytes(), dev.toolfs.fs.Cancellation.NONE, java.util.concurrent.TimeUnit.SECONDS.toNanos(5)));
        // Over MCP too, once the answer is written (found by black-box testing: given back once encoded, before the
        // library wrote the answer, six parallel reads of 5 MB images ran a 64 MiB heap out). That it waits for the
        // write is AnswersInFlightTest's; here, that a written answer gives it back, call after call.
        McpClient mcp = McpClient.connect();
        for (int i = 0; i < 3; i++) {
            assertThat(mcp.call("read_image", Map.of("file_path", "held.png")).getString("result.content[0].text"))
                    .contains("image/png 20x20, 270000 bytes");
            room.give(room.take(room.capacityBytes(), dev.toolfs.fs.Cancellation.NONE,
                    java.util.concurrent.TimeUnit.SECONDS.toNanos(5)));
        }
    }

    @Test
    void eachFormatGivesItsHeaderFactsAndTheImage() throws Exception {
        Path ws = TempWorkspace.root;
        byte[] png = Images.write("png", 640, 480, false);
        Files.write(ws.resolve("shot.png"), png);
        JsonPath j = call("vision-model", "shot.png");
        assertThat(j.getBoolean("is_error")).isFalse();
        assertThat(j.getString("content[0].text")).isEqualTo(
                "<path>shot.png</path>\n<type>image</type>\n<content>\nimage/png 640x480, " + png.length + " bytes\n</content>");
        assertThat(j.getString("content[1].type")).isEqualTo("image");
        assertThat(j.getString("content[1].media_type")).isEqualTo("image/png");
        assertThat(j.getString("content[1].attachment_id")).isEqualTo("sha256:" + sha256(png));
        assertThat(j.getMap("content[1]")).doesNotContainKey("data");
        assertThat(j.getMap("metadata")).containsEntry("kind", "image-card").containsEntry("width", 640)
                .containsEntry("height", 480);

        Files.write(ws.resolve("photo.jpg"), Images.write("jpeg", 320, 200, false));
        assertThat(call("vision-model", "photo.jpg").getString("content[0].text")).contains("image/jpeg 320x200, ");
        Files.write(ws.resolve("anim.gif"), Images.write("gif", 17, 5, false));
        assertThat(call("vision-model", "anim.gif").getString("content[0].text")).contains("image/gif 17x5, ");
        Files.write(ws.resolve("pic.webp"), Images.webpLossless(300, 150));
        assertThat(call("vision-model", "pic.webp").getString("content[0].text")).contains("image/webp 300x150, 30 bytes");
    }

    @Test
    void aModelNamedInUtf8IsFoundByItsName() throws Exception {
        // A header's bytes reach the server one character each: a client sends visión as UTF-8.
        Files.write(TempWorkspace.root.resolve("utf8-model.png"), Images.write("png", 4, 4, false));
        String body = "{\"file_path\":\"utf8-model.png\"}";
        byte[] request = ("POST /tools/read_image HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "X-Model: visi\u00f3n\r\nConnection: close\r\nContent-Length: " + body.length() + "\r\n\r\n" + body)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        try (java.net.Socket socket = new java.net.Socket("127.0.0.1", io.restassured.RestAssured.port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request);
            String answer = new String(socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertThat(answer).startsWith("HTTP/1.1 200").contains("\"is_error\":false").contains("image/png 4x4");
        }
    }

    @Test
    void theBytesComeWhenAskedFor() throws Exception {
        byte[] png = Images.write("png", 8, 8, false);
        Files.write(TempWorkspace.root.resolve("tiny.png"), png);
        JsonPath j = given().contentType("application/json").header("X-Model", "vision-model")
                .body(Map.of("file_path", "tiny.png")).post("/tools/read_image?include_data=true").then().statusCode(200)
                .extract().jsonPath();
        assertThat(Base64.getDecoder().decode(j.getString("content[1].data"))).isEqualTo(png);
        for (String flag : java.util.List.of("TRUE", "1")) {
            j = given().contentType("application/json").header("X-Model", "vision-model").body(Map.of("file_path", "tiny.png"))
                    .post("/tools/read_image?include_data=" + flag).then().statusCode(200).extract().jsonPath();
            assertThat(j.getString("content[1].data")).as(flag).isNotNull();
        }
        j = given().contentType("application/json").header("X-Model", "vision-model").body(Map.of("file_path", "tiny.png"))
                .post("/tools/read_image").then().statusCode(200).extract().jsonPath();
        assertThat(j.getString("content[1].data")).isNull();
        j = given().contentType("application/json").header("X-Model", "vision-model").body(Map.of("file_path", "tiny.png"))
                .post("/tools/read_image?include_data=FALSE&include_data=0").then().statusCode(200).extract().jsonPath();
        assertThat(j.getString("content[1].data")).isNull();
        // A bare flag is set.
        j = given().contentType("application/json").header("X-Model", "vision-model").body(Map.of("file_path", "tiny.png"))
                .post("/tools/read_image?include_data").then().statusCode(200).extract().jsonPath();
        assertThat(j.getString("content[1].data")).isNotNull();
        // A word that means neither, or both meanings at once, silently left the bytes out (found by black-box testing).
        given().contentType("application/json").header("X-Model", "vision-model").body(Map.of("file_path", "tiny.png"))
                .post("/tools/read_image?include_data=yes").then().statusCode(400)
                .body("error", org.hamcrest.Matchers.equalTo("include_data is \"yes\"; use true or false"));
        given().contentType("application/json").header("X-Model", "vision-model").body(Map.of("file_path", "tiny.png"))
                .post("/tools/read_image?include_data=true&include_data=false").then().statusCode(400)
                .body("error", org.hamcrest.Matchers.equalTo("include_data is given more than once, as true and false; give it once"));
    }

    @Test
    void sameBytesAreStoredOnce() throws Exception {
        byte[] png = Images.write("png", 33, 33, false);
        Files.write(TempWorkspace.root.resolve("one.png"), png);
        Files.write(TempWorkspace.root.resolve("two.png"), png);
        String a = call("vision-model", "one.png").getString("content[1].attachment_id");
        String b = call("vision-model", "two.png").getString("content[1].attachment_id");
        assertThat(a).isEqualTo(b);
        Path store = TempWorkspace.root.resolveSibling(TempWorkspace.root.getFileName() + "-attachments");
        try (Stream<Path> files = Files.walk(store)) {
            assertThat(files.filter(p -> p.getFileName().toString().startsWith(a.substring(7)))).hasSize(1);
        }
    }

    @Test
    void theExactMessages() throws Exception {
        Path ws = TempWorkspace.root;
        Files.writeString(ws.resolve("notes.txt"), "x");
        JsonPath ext = call("vision-model", "notes.txt");
        assertThat(ext.getString("content[0].text")).isEqualTo("Error: cannot read \"notes.txt\": read_image only accepts PNG/JPEG/WebP/GIF paths");

        Files.write(ws.resolve("route.png"), Images.write("png", 4, 4, false));
        JsonPath route = call("text-model", "route.png");
        assertThat(route.getString("content[0].text")).isEqualTo("Error: cannot read \"route.png\" as an image: model \"text-model\" does not declare image input; switch to an image-capable model to read images");
        assertThat(route.getString("error.code")).isEqualTo("MODEL_NO_IMAGE_INPUT");

        Files.write(ws.resolve("really-a-jpeg.png"), Images.write("jpeg", 10, 10, false));
        assertThat(call("vision-model", "really-a-jpeg.png").getString("content[0].text")).isEqualTo(
                "Error: cannot read \"really-a-jpeg.png\": the .png extension declares image/png, but the bytes use a different image format; rename the file to match its actual format if it is PNG/JPEG/WebP/GIF, or convert it to one of those formats");

        Files.write(ws.resolve("broken.png"), new byte[] { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0 });
        JsonPath broken = call("vision-model", "broken.png");
        assertThat(broken.getString("error.code")).isEqualTo("IMAGE_INVALID");
        assertThat(broken.getString("content[0].text")).startsWith("Error: cannot read \"broken.png\": the image cannot be read: ");
    }

    @Test
    void theRouteIsCheckedBeforeAnyIo() {
        // A missing file with a text-only model gets the route refusal, not "not found".
        assertThat(call("text-model", "nowhere.png").getString("error.code")).isEqualTo("MODEL_NO_IMAGE_INPUT");
        assertThat(call("mystery-model", "nowhere.png").getString("content[0].text"))
                .contains("model \"mystery-model\" does not declare image input");
        // Without X-Model the configured default model is the route.
        JsonPath fallback = given().contentType("application/json").header("X-Session-Id", "no-model")
                .body(Map.of("file_path", "nowhere.png")).post("/tools/read_image").jsonPath();
        assertThat(fallback.getString("error.code")).isEqualTo("FS_NOT_FOUND");
        assertThat(call("vision-model", "nowhere.png").getString("content[0].text"))
                .isEqualTo("Error: cannot read \"nowhere.png\": not found");
    }

    @Test
    void imagesOverTheCapsAreRefused() throws Exception {
        Files.write(TempWorkspace.root.resolve("heavy.png"), Images.write("png", 400, 400, true));
        JsonPath heavy = call("vision-model", "heavy.png");
        assertThat(heavy.getString("error.code")).isEqualTo("FS_TOO_LARGE");
        assertThat(heavy.getString("content[0].text")).contains("over the 300000-byte limit; downscale or compress it");

        Files.write(TempWorkspace.root.resolve("wide.png"), Images.write("png", 1200, 1000, false));
        JsonPath wide = call("vision-model", "wide.png");
        assertThat(wide.getString("error.code")).isEqualTo("FS_TOO_LARGE");
        assertThat(wide.getString("content[0].text")).isEqualTo("Error: cannot read \"wide.png\": the image is 1200x1000 (1200000 pixels), over the 1000000-pixel limit; downscale it");
    }

    @Test
    void overMcpTheImageIsAnImageContentBlockAfterTheText() throws Exception {
        byte[] png = Images.write("png", 12, 6, false);
        Files.write(TempWorkspace.root.resolve("mcp.png"), png);
        JsonPath r = McpClient.connectAskingForCards().call("read_image", Map.of("file_path", "mcp.png"));
        assertThat(r.getString("result.content[0].text")).isEqualTo(
                "<path>mcp.png</path>\n<type>image</type>\n<content>\nimage/png 12x6, " + png.length + " bytes\n</content>");
        assertThat(r.getString("result.content[1].type")).isEqualTo("image");
        assertThat(r.getString("result.content[1].mimeType")).isEqualTo("image/png");
        assertThat(Base64.getDecoder().decode(r.getString("result.content[1].data"))).isEqualTo(png);
        assertThat(McpHttpTest.metadata(r)).containsEntry("attachmentId", "sha256:" + sha256(png));
        // The default model takes images here: MCP lists read_image, as a call that reads.
        JsonPath list = McpClient.connect().request("tools/list", Map.of());
        assertThat(list.getList("result.tools.name")).containsExactly("read", "read_image", "write", "edit",
                "test_wait_for_cancel");
        assertThat(list.getBoolean("result.tools[1].annotations.readOnlyHint")).isTrue();
    }

    @Test
    void aReadImageCountsAsARead() throws Exception {
        Files.write(TempWorkspace.root.resolve("seen.png"), Images.write("png", 5, 5, false));
        call("vision-model", "seen.png");
        JsonPath w = given().contentType("application/json").header("X-Session-Id", "img")
                .body(Map.of("file_path", "seen.png", "content", "replaced")).post("/tools/write").jsonPath();
        assertThat(w.getBoolean("is_error")).isFalse();
    }
}
