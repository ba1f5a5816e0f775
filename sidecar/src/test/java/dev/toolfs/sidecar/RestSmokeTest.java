package dev.toolfs.sidecar;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import java.nio.file.Files;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

@QuarkusTest
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = false)
class RestSmokeTest {

    @Test
    void readsAFile() throws Exception {
        Files.writeString(TempWorkspace.root.resolve("a.txt"), "one\ntwo\n");
        given().contentType("application/json").body("{\"file_path\":\"a.txt\"}")
                .when().post("/tools/read")
                .then().statusCode(200)
                .body("is_error", equalTo(false))
                .body("content[0].text", equalTo("<path>a.txt</path>\n<type>file</type>\n<content>\n1: one\n2: two\n\n(End of file - total 2 lines)\n</content>"));
    }
}
