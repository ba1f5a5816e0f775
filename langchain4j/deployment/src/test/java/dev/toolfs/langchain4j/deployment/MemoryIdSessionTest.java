package dev.toolfs.langchain4j.deployment;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.toolfs.langchain4j.ToolFsLangChain4jProducers;
import dev.toolfs.runtime.ToolRuntime;

/**
 * A chat memory's id becomes its tool session's; one too long for a session id (which is refused past
 * ToolRuntime.MAX_KEPT_CHARS) is hashed, so that its conversation keeps working (found in a review).
 */
class MemoryIdSessionTest {

    @Test
    void shortIdsAreKeptAndLongOnesHashedStably() {
        assertThat(ToolFsLangChain4jProducers.sessionId(42)).isEqualTo("memory-42");
        String composite = "tenant=acme;user=" + "u".repeat(300);
        String hashed = ToolFsLangChain4jProducers.sessionId(composite);
        assertThat(hashed).startsWith("memory-sha256-").hasSize("memory-sha256-".length() + 64)
                .isEqualTo(ToolFsLangChain4jProducers.sessionId(composite));
        assertThat(hashed.length()).isLessThanOrEqualTo(ToolRuntime.MAX_KEPT_CHARS);
        assertThat(ToolFsLangChain4jProducers.sessionId(composite + "x")).isNotEqualTo(hashed);
    }
}
