package dev.toolfs.sidecar;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** The workspace readiness check and the per-tool call metrics. */
@QuarkusTest
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class ObservabilityTest {

    @Test
    void readinessReportsTheWorkspace() {
        var health = given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"))
                .extract().jsonPath();
        Map<String, Object> data = health.getMap("checks.find { it.name == 'Tool FS workspace' }.data");
        assertThat(data).containsEntry(TempWorkspace.root.toString(), "readable");
    }

    @Test
    void callsAreCountedByToolAndOutcome() {
        Api.call("read", "metrics", Map.of("file_path", "no-such-file.txt"));
        Api.call("read", "metrics", Map.of());
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertThat(metrics).contains("toolfs_tool_calls_seconds_count{outcome=\"FS_NOT_FOUND\",tool=\"read\"}")
                .contains("toolfs_tool_calls_seconds_count{outcome=\"INVALID_ARGUMENT\",tool=\"read\"}");
    }

    @Test
    void theJvmsMetricsAreReadWhenScrapedWithoutListeningToCollections() {
        System.gc(); // at least one collection to count
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertThat(metrics).contains("jvm_memory_used_bytes{area=\"heap\"", "jvm_threads_live_threads",
                "jvm_classes_loaded_classes", "jvm_info{");
        // Every collector of this JVM, by its name, with the collections it made.
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            assertThat(metrics).contains("jvm_gc_collection_seconds_count{gc=\"" + gc.getName() + "\"}",
                    "jvm_gc_collection_seconds_sum{gc=\"" + gc.getName() + "\"}");
        }
        assertThat(metrics.lines().filter(l -> l.startsWith("jvm_gc_collection_seconds_count"))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum()).isPositive();
        // What only a listener of each collection measures is not there.
        assertThat(metrics).doesNotContain("jvm_gc_pause", "jvm_gc_overhead", "jvm_gc_memory_allocated");
    }
}
