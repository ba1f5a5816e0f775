package dev.toolfs.sidecar;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;

/** One HTTP/2 request (cleartext, prior knowledge) to the test server, as a client that speaks only HTTP/2 sends it. */
final class Http2 {

    private Http2() {
    }

    /**
     * Sends the request with {@code authority} as its {@code :authority} (HTTP/2 has no Host header), and returns
     * "{version} {status} {body}".
     */
    static String request(HttpMethod method, String authority, String uri, Map<String, String> headers, String body)
            throws Exception {
        Vertx vertx = Vertx.vertx();
        try {
            RequestOptions options = new RequestOptions().setMethod(method)
                    .setServer(SocketAddress.inetSocketAddress(io.restassured.RestAssured.port, "127.0.0.1"))
                    .setHost(authority).setPort(8765).setURI(uri);
            headers.forEach(options::putHeader);
            return vertx.createHttpClient(new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_2)
                    .setHttp2ClearTextUpgrade(false))
                    .request(options)
                    .compose(request -> body == null ? request.send() : request.send(body))
                    .compose(response -> response.body().map(b -> response.version() + " " + response.statusCode() + " " + b))
                    .toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } finally {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        }
    }
}
