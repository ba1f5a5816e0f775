package dev.toolfs.deployment;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import java.util.Map;

import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.toolfs.deployment.devmode.EchoArgs;
import dev.toolfs.deployment.devmode.EchoTool;
import io.quarkus.test.QuarkusDevModeTest;

/** In dev mode, a changed tool description and a changed config value are live without a restart. */
class DevModeLiveReloadTest {

    @RegisterExtension
    static final QuarkusDevModeTest test = new QuarkusDevModeTest()
            .withApplicationRoot(jar -> jar.addClasses(EchoTool.class, EchoArgs.class)
                    .addAsResource(new StringAsset("quarkus.tool-fs.rest.enabled=true\nquarkus.tool-fs.read.limit=5\n"),
                            "application.properties"));

    @Test
    void descriptionAndConfigReloadLive() {
        given().get("/tools").then().statusCode(200)
                .body("tools.find { it.name == 'echo' }.description", equalTo("Echoes, first version."));
        given().contentType("application/json").body(Map.of("file_path", "pom.xml", "limit", 7)).post("/tools/read")
                .then().statusCode(200).body("content[0].text", equalTo("Error: limit must be less than or equal to 5"));

        test.modifySourceFile(EchoTool.class, s -> s.replace("first version", "second version"));
        given().get("/tools").then().statusCode(200)
                .body("tools.find { it.name == 'echo' }.description", equalTo("Echoes, second version."));

        test.modifyResourceFile("application.properties", s -> s.replace("read.limit=5", "read.limit=6"));
        given().contentType("application/json").body(Map.of("file_path", "pom.xml", "limit", 7)).post("/tools/read")
                .then().statusCode(200).body("content[0].text", equalTo("Error: limit must be less than or equal to 6"));
    }
}
