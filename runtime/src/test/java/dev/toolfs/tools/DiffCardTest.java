package dev.toolfs.tools;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.toolfs.fs.TextShape;

import dev.toolfs.fs.ChangedSpan;

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
    void aChangeOfLineEndingsOrOfTheMarkIsSaidBesideTheDiff() {
        Map<String, Object> card = DiffCard.of("b.txt", "update", "a\nb\n", "a\nb\n");
        DiffCard.addShapeChange(card, TextShape.of("\uFEFFa\r\nb\r\n"), TextShape.of("a\nb\n"), true, false);
        assertThat(card).containsEntry("hunks", List.of())
                .containsEntry("lineEndings", Map.of("before", "CRLF", "after", "LF"))
                .containsEntry("byteOrderMark", Map.of("before", true, "after", false));
        Map<String, Object> same = DiffCard.of("c.txt", "update", "a\n", "b\n");
        DiffCard.addShapeChange(same, TextShape.of("a\r\n"), TextShape.of("b\r\n"), false, false);
        assertThat(same).doesNotContainKeys("lineEndings", "byteOrderMark");
        // Two mixed texts: which lines end in CRLF changed, and nothing else.
        Map<String, Object> moved = DiffCard.of("m.txt", "update", "a\nb\nc\n", "a\nb\nc\n");
        DiffCard.addShapeChange(moved, TextShape.of("a\r\nb\nc\n"), TextShape.of("a\nb\r\nc\n"), true, false);
        assertThat(moved).containsEntry("hunks", List.of())
                .containsEntry("lineEndings", Map.of("before", "mixed", "after", "mixed"));
        // Found by black-box testing: a mark put first, the text and its endings as they were, is said as that alone.
        for (String text : List.of("abc\n", "a\r\nb\r\n", "a\r\nb\n", "abc")) {
            Map<String, Object> marked = DiffCard.of("k.txt", "edit", TextShape.logical(text), TextShape.logical(text));
            DiffCard.addShapeChange(marked, TextShape.of(text), TextShape.of("\uFEFF" + text), true, false);
            assertThat(marked).as(text).doesNotContainKey("lineEndings")
                    .containsEntry("byteOrderMark", Map.of("before", false, "after", true));
        }
    }

    @Test
    void aWriteOverAFileNotShownAsTextIsCountedNotDiffed() {
        assertThat(DiffCard.replacedUnseen("big.log", "update", 1_900_000, "small\n")).containsEntry("kind", "diff-card")
                .containsEntry("operation", "update").containsEntry("hunks", List.of()).containsEntry("additions", 1)
                .containsEntry("deletions", 1_900_000).containsEntry("truncated", true);
        assertThat(DiffCard.replacedUnseen("huge.bin", "update", null, "a\nb")).containsEntry("additions", 2)
                .containsEntry("deletions", null);
    }

    @Test
    void anEditIsAUnifiedDiffWithCounts() {
        Map<String, Object> card = DiffCard.of("f.txt", "edit", "one\ntwo\nthree\n", "one\n2\nthree\n");
        assertThat(card).containsEntry("additions", 1).containsEntry("deletions", 1)
                .containsEntry("hunks", List.of("@@ -1,3 +1,3 @@\n one\n-two\n+2\n three"));
    }

    @Test
    void aChangeAmongBlankLinesKeepsItsContextAfterIt() {
        // Diffed with its context, the change slid down the blank lines into it: hunks that patch refused.
        String before = "1\n2\n3\nabc\n\n\n\n\n\nb\nq\nr\n";
        String after = before.replace("abc\n\n", "\n\n\ncb");
        @SuppressWarnings("unchecked")
        List<String> hunks = (List<String>) DiffCard.of("f.txt", "edit", before, after).get("hunks");
        assertThat(hunks).hasSize(1);
        DiffCardPropertyTest.assertContextAndHeader(hunks.get(0), 12);
        assertThat(hunks.get(0)).isEqualTo("@@ -1,9 +1,10 @@\n 1\n 2\n 3\n-abc\n \n \n+\n+cb\n \n \n ");
        String other = "1\n2\nX\n\n\n3\n4\n5\n6\n";
        @SuppressWarnings("unchecked")
        List<String> more = (List<String>) DiffCard.of("g.txt", "edit", other, other.replace("X\n", "\n")).get("hunks");
        DiffCardPropertyTest.assertContextAndHeader(more.get(0), 9);
    }

    @Test
    void rangesAreWrittenAsDiffWritesThem() {
        assertThat(DiffCard.of("f.txt", "edit", "a\n", "b\n")).containsEntry("hunks", List.of("@@ -1 +1 @@\n-a\n+b"));
        assertThat(DiffCard.of("f.txt", "update", "a\nb\n", "")).containsEntry("hunks", List.of("@@ -1,2 +0,0 @@\n-a\n-b"));
        assertThat(DiffCard.of("f.txt", "create", null, "a\n")).containsEntry("hunks", List.of("@@ -0,0 +1 @@\n+a"));
        assertThat(DiffCard.of("f.txt", "edit", "a\nb\nc\nd\ne\n", "a\nb\nc\nd\nE\n"))
                .containsEntry("hunks", List.of("@@ -2,4 +2,4 @@\n b\n c\n d\n-e\n+E"));
    }

    @Test
    void onlyTheFinalLineBreakChangingIsShownAsDiffShowsIt() {
        assertThat(DiffCard.of("f.txt", "edit", "a\nb", "a\nb\n")).containsEntry("additions", 1).containsEntry("deletions", 1)
                .containsEntry("hunks", List.of("@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b"));
        assertThat(DiffCard.of("f.txt", "edit", "a\nb\n", "a\nb")).containsEntry("additions", 1).containsEntry("deletions", 1)
                .containsEntry("hunks", List.of("@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file"));
        // Unchanged, the last line is context with its marker.
        assertThat(DiffCard.of("f.txt", "edit", "x\ny", "z\ny"))
                .containsEntry("hunks", List.of("@@ -1,2 +1,2 @@\n-x\n+z\n y\n\\ No newline at end of file"));
        assertThat(DiffCard.of("n.txt", "create", null, "a\nb"))
                .containsEntry("hunks", List.of("@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file"));
    }

    @Test
    void aSmallChangeInAHugeTextIsDiffedWhereItIs() {
        String head = "line\n".repeat(400_000);
        String tail = "end\n".repeat(300_000);
        Map<String, Object> card = DiffCard.of("big.txt", "edit", head + "old\n" + tail, head + "new\n" + tail);
        assertThat(card).doesNotContainKey("truncated").containsEntry("additions", 1).containsEntry("deletions", 1)
                .containsEntry("hunks", List.of("@@ -399998,7 +399998,7 @@\n line\n line\n line\n-old\n+new\n end\n end\n end"));
    }

    @Test
    void aHugeChangedRegionGetsItsLineCountsWithoutHunks() {
        String big = "x\n".repeat(DiffCard.MAX_DIFF_CHARS);
        Map<String, Object> card = DiffCard.of("big.txt", "update", "head\n" + big + "tail\n", "head\n" + "y\n" + "tail\n");
        assertThat(card).containsEntry("truncated", true).containsEntry("hunks", List.of())
                .containsEntry("deletions", DiffCard.MAX_DIFF_CHARS).containsEntry("additions", 1);
    }

    @Test
    void theChangedRegionStartsAndEndsAtLineStartsInBothTexts() {
        // The new text's change ends mid-line ("X" before a shared "2\n"): both ends move to the next line start.
        DiffCard.Region r = DiffCard.Region.of("1\n2\n", "1\nX2\n", null);
        assertThat(r.changedStart()).isEqualTo(2);
        assertThat(r.changedEndBefore()).isEqualTo(4);
        assertThat(r.changedEndAfter()).isEqualTo(5);
        // All of the old text is the new text's end, but not from a line start of the new one.
        DiffCard.Region whole = DiffCard.Region.of("2\n", "X2\n", null);
        assertThat(whole.changedEndBefore()).isEqualTo(2);
        assertThat(whole.changedEndAfter()).isEqualTo(3);
        String big = "x\n".repeat(DiffCard.MAX_DIFF_CHARS);
        assertThat(DiffCard.of("big.txt", "update", "head\n" + big + "tail\n", "head\nZtail\n"))
                .containsEntry("truncated", true).containsEntry("additions", 1)
                .containsEntry("deletions", DiffCard.MAX_DIFF_CHARS + 1);
    }

    @Test
    void aRewriteOfManyLinesGetsCountsWithoutADiff() {
        String before = "old line\n".repeat(6_000);
        String after = "new line\n".repeat(6_000);
        assertThat(DiffCard.of("f.txt", "update", before, after)).containsEntry("truncated", true)
                .containsEntry("hunks", List.of()).containsEntry("deletions", 6_000).containsEntry("additions", 6_000);
    }

    @Test
    void changesNearBothEndsAreHunksWithTheirOwnLineNumbers() {
        String middle = "m\n".repeat(20);
        Map<String, Object> card = DiffCard.of("f.txt", "edit", "a\n" + middle + "z\n", "A\n" + middle + "Z\n");
        assertThat(card).containsEntry("additions", 2).containsEntry("deletions", 2)
                .containsEntry("hunks", List.of("@@ -1,4 +1,4 @@\n-a\n+A\n m\n m\n m", "@@ -19,4 +19,4 @@\n m\n m\n m\n-z\n+Z"));
    }

    @Test
    void aChangedSpanThatDoesNotFitTheTextsIsRefused() {
        assertThatThrownBy(() -> DiffCard.of("f.txt", "edit", "a\nb\n", "a\nc\n", new ChangedSpan(2, 3, 5)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the changed span ChangedSpan[start=2, beforeEnd=3, afterEnd=5] does not fit texts of 4 and 4 characters");
    }
}
