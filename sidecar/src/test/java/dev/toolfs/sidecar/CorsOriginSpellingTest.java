package dev.toolfs.sidecar;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;

/**
 * An origin Tool FS admits in another case or with a trailing slash passes Quarkus' CORS too (found by black-box
 * testing: CORS compared it as written and answered a bare 403).
 */
@QuarkusTest
@TestProfile(CorsOriginSpellingTest.Cors.class)
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class CorsOriginSpellingTest {

    public static class Cors implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.cors.enabled", "true", "quarkus.http.cors.origins", "http://app.example:3000",
                    "quarkus.tool-fs.mcp.allowed-origins", "http://app.example:3000");
        }
    }

    @Test
    void anAdmittedOriginInAnotherSpellingPassesCors() {
        for (String origin : new String[] { "http://app.example:3000", "HTTP://APP.EXAMPLE:3000", "http://app.example:3000/" }) {
            Response r = given().header("Origin", origin).get("/tools");
            assertThat(r.statusCode()).as(origin).isEqualTo(200);
            assertThat(r.header("Access-Control-Allow-Origin")).as(origin).isEqualTo("http://app.example:3000");
        }
        given().header("Origin", "http://evil.example").get("/tools").then().statusCode(403);
    }
}
