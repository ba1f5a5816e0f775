package dev.toolfs.deployment;

import static io.restassured.RestAssured.given;

import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.quarkus.test.QuarkusUnitTest;

/** With a token, listening on every interface is allowed, and the token is required. */
class ExposedWithTokenTest {

    @RegisterExtension
    static final QuarkusUnitTest test = new QuarkusUnitTest()
            .setArchiveProducer(() -> ShrinkWrap.create(JavaArchive.class))
            .overrideConfigKey("quarkus.tool-fs.rest.enabled", "true")
            .overrideConfigKey("quarkus.http.host", "0.0.0.0")
            .overrideConfigKey("quarkus.tool-fs.auth.token", "t0ken-0123456789");

    @Test
    void startsAndWantsTheToken() {
        given().get("/tools").then().statusCode(401);
        given().header("Authorization", "Bearer t0ken-0123456789").get("/tools").then().statusCode(200);
    }
}
