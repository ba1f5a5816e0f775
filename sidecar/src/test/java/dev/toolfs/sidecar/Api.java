package dev.toolfs.sidecar;

import static io.restassured.RestAssured.given;

import java.util.Map;

import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/** Small helpers to call the REST API as a client would. */
final class Api {

    private Api() {
    }

    static Response post(String tool, String session, Map<String, ?> args) {
        return given().contentType("application/json").header("X-Session-Id", session).body(args)
                .when().post("/tools/" + tool);
    }

    /** Calls a tool and returns the JSON of a 200 answer. */
    static JsonPath call(String tool, String session, Map<String, ?> args) {
        Response r = post(tool, session, args);
        r.then().statusCode(200);
        return r.jsonPath();
    }

    static String text(JsonPath j) {
        return j.getString("content[0].text");
    }
}
