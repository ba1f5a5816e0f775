package dev.toolfs.transport.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

/** An Accept header read as RFC 9110 reads it. */
class AcceptHeaderTest {

    private static boolean json(String... values) {
        return AcceptHeader.accepts(List.of(values), "application/json");
    }

    @Test
    void theMostSpecificMatchingRangeDecides() {
        assertThat(AcceptHeader.accepts(List.of(), "application/json")).as("no header: anything").isTrue();
        assertThat(json("application/json")).isTrue();
        assertThat(json("Application/JSON")).isTrue();
        assertThat(json("text/html, application/*")).isTrue();
        assertThat(json("*/*")).isTrue();
        assertThat(json("text/html", "application/json;charset=utf-8")).as("over two lines").isTrue();
        assertThat(json("application/jsonx")).isFalse();
        assertThat(json("xapplication/json")).isFalse();
        assertThat(json("text/*")).isFalse();
        assertThat(json("application/json;q=0")).isFalse();
        assertThat(json("application/json; q=0.0, */*")).as("the type's own weight wins over the wildcard's").isFalse();
        assertThat(json("*/*;q=0, application/json;q=0.5")).isTrue();
        assertThat(json("application/*;q=0, application/json")).isTrue();
        assertThat(json("application/json;q=abc")).as("a weight that is no number counts as 1").isTrue();
    }
}
