package dev.toolfs.sidecar;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;

/** A sidecar built with Quarkus' JVM metrics on starts, and has those in place of its own. */
@QuarkusTest
@TestProfile(QuarkusJvmMetricsTest.WithQuarkusJvmMetrics.class)
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class QuarkusJvmMetricsTest {

    public static class WithQuarkusJvmMetrics implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.micrometer.binder.jvm", "true");
        }
    }

    @Test
    void quarkusJvmMetricsReplaceThePolledOnes() throws InterruptedException {
        System.gc(); // a collection for the pause timer to have timed
        // The JVM tells its listeners of a collection on a thread of its own, a moment later.
        String metrics = scrape();
        for (int i = 0; i < 50 && !metrics.contains("jvm_gc_pause_seconds_count"); i++) {
            Thread.sleep(100);
            metrics = scrape();
        }
        assertThat(metrics).contains("jvm_gc_pause_seconds_count", "jvm_info", "jvm_memory_used_bytes");
        assertThat(metrics).doesNotContain("jvm_gc_collection_seconds");
    }

    private static String scrape() {
        return given().get("/q/metrics").then().statusCode(200).extract().asString();
    }
}
