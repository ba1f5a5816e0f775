package dev.toolfs.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class DiffCardTest {

    @Test
    void aCreatedFileIsOneHunkOfAdditions() {
        Map<String, Object> card = DiffCard.of("n.txt", "create", null, "a\nb\n");
        assertThat(card).containsEntry("kind", "diff-card").containsEntry("operation", "create")
                .containsEntry("additions", 2).containsEntry("deletions", 0)
                .containsEntry("hunks", List.of("@@ -0,0 +1,2 @@\n+a\n+b"));
        assertThat(DiffCard.of("e.txt", "create", null, "")).containsEntry("hunks", List.of()).containsEntry("additions", 0);
    }

    @Test
    void anEditIsAUnifiedDiffWithCounts() {
        Map<String, Object> card = DiffCard.of("f.txt", "edit", "one\ntwo\nthree\n", "one\n2\nthree\n");
        assertThat(card).containsEntry("additions", 1).containsEntry("deletions", 1)
                .containsEntry("hunks", List.of("@@ -1,3 +1,3 @@\n one\n-two\n+2\n three"));
    }

    @Test
    void hugeTextsGetCountsWithoutHunks() {
        String big = "x\n".repeat(DiffCard.MAX_DIFF_CHARS);
        Map<String, Object> card = DiffCard.of("big.txt", "update", big, big + "y\n");
        assertThat(card).containsEntry("truncated", true).containsEntry("hunks", List.of());
    }
}
