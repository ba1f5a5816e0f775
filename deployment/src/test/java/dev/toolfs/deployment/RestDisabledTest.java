package dev.toolfs.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;
import io.vertx.ext.web.Router;

/**
 * Without REST (the extension's default) the extension has no say over HTTP: an application on a public address
 * without a token starts, and its own /tools and /approvals are its own (no token, origin or host checks).
 */
class RestDisabledTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class).addClass(OwnRoutes.class))
            .overrideConfigKey("quarkus.http.host", "0.0.0.0")
            .overrideConfigKey("quarkus.tool-fs.mcp.allowed-origins", "https://agent.example");

    @Singleton
    public static class OwnRoutes {
        void routes(@Observes Router router) {
            router.get("/tools").handler(ctx -> ctx.end("the application's own tools"));
            router.get("/approvals").handler(ctx -> ctx.end("the application's own approvals"));
        }
    }

    @Test
    void startsAndLeavesTheApplicationsRoutesAlone() {
        given().header("Origin", "http://evil.example").get("/tools")
                .then().statusCode(200).body(equalTo("the application's own tools"));
        given().header("Origin", "http://evil.example").get("/approvals")
                .then().statusCode(200).body(equalTo("the application's own approvals"));
    }
}
