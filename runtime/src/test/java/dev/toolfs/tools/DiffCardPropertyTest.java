package dev.toolfs.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.Patch;

import dev.toolfs.fs.ChangedSpan;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Diffing only the changed region gives a diff as small as diffing the whole texts, and its hunks, placed in the
 * whole text, turn the old text into the new one.
 */
class DiffCardPropertyTest {

    @Property(tries = 500)
    void theHunksRebuildTheNewTextWithMinimalCounts(@ForAll("texts") String before, @ForAll("texts") String after)
            throws Exception {
        Map<String, Object> card = DiffCard.of("f.txt", "edit", before, after);

        List<String> a = lines(before);
        List<String> b = lines(after);
        Patch<String> full = DiffUtils.diff(a, b);
        int additions = 0;
        int deletions = 0;
        for (AbstractDelta<String> d : full.getDeltas()) {
            additions += d.getTarget().size();
            deletions += d.getSource().size();
        }
        if (before.isEmpty()) {
            deletions = 0; // a created text: every line is added
            additions = b.size();
        }
        assertThat(card.get("additions")).as("additions").isEqualTo(additions);
        assertThat(card.get("deletions")).as("deletions").isEqualTo(deletions);

        @SuppressWarnings("unchecked")
        List<String> hunks = (List<String>) card.get("hunks");
        List<String> unified = new ArrayList<>(List.of("--- a/f.txt", "+++ b/f.txt"));
        for (String h : hunks) {
            for (String line : h.split("\n", -1)) {
                if (line.equals(DiffCard.NO_FINAL_NEWLINE)) {
                    // diff -u's marker belongs to the line before it (see lines() below)
                    unified.set(unified.size() - 1, unified.get(unified.size() - 1) + "\n" + line);
                } else {
                    unified.add(line);
                }
            }
        }
        Patch<String> parsed = UnifiedDiffUtils.parseUnifiedDiff(unified);
        assertThat(DiffUtils.patch(a, parsed)).isEqualTo(b);
        if (!before.isEmpty()) {
            for (String h : hunks) {
                assertContextAndHeader(h, a.size());
            }
        }
    }

    private static final java.util.regex.Pattern HEADER = java.util.regex.Pattern
            .compile("@@ -(\\d+)(?:,(\\d+))? \\+(\\d+)(?:,(\\d+))? @@");

    /**
     * As patch and git apply need it: the header's counts are the hunk's lines, written as diff -u writes them, and as
     * many unchanged lines before and after the changes as the old text has there, up to three (a hunk that starts
     * or ends with fewer starts or ends with the old text).
     */
    static void assertContextAndHeader(String hunk, int oldLines) {
        String[] lines = hunk.split("\n", -1);
        java.util.regex.Matcher m = HEADER.matcher(lines[0]);
        assertThat(m.matches()).as(lines[0]).isTrue();
        assertThat(m.group(2)).as("a one-line range has no count: " + lines[0]).isNotEqualTo("1");
        assertThat(m.group(4)).as("a one-line range has no count: " + lines[0]).isNotEqualTo("1");
        int oldStart = Integer.parseInt(m.group(1));
        int oldCount = m.group(2) == null ? 1 : Integer.parseInt(m.group(2));
        int newCount = m.group(4) == null ? 1 : Integer.parseInt(m.group(4));
        List<String> body = new ArrayList<>();
        for (int i = 1; i < lines.length; i++) {
            if (!lines[i].equals(DiffCard.NO_FINAL_NEWLINE)) {
                body.add(lines[i]);
            }
        }
        assertThat(body.stream().filter(l -> !l.startsWith("+")).count()).as("old lines of " + hunk).isEqualTo(oldCount);
        assertThat(body.stream().filter(l -> !l.startsWith("-")).count()).as("new lines of " + hunk).isEqualTo(newCount);
        int before = oldCount == 0 ? oldStart : oldStart - 1;
        int after = oldLines - before - oldCount;
        int leading = 0;
        while (leading < body.size() && body.get(leading).startsWith(" ")) {
            leading++;
        }
        int trailing = 0;
        while (trailing < body.size() && body.get(body.size() - 1 - trailing).startsWith(" ")) {
            trailing++;
        }
        // Fewer than three only where the hunk starts at the top or ends at the bottom of the old text.
        assertThat(leading).as("context before, in " + hunk).isLessThanOrEqualTo(DiffCard.CONTEXT);
        assertThat(leading == DiffCard.CONTEXT || before == 0).as("context before, in " + hunk).isTrue();
        assertThat(trailing).as("context after, in " + hunk).isLessThanOrEqualTo(DiffCard.CONTEXT);
        assertThat(trailing == DiffCard.CONTEXT || after == 0).as("context after, in " + hunk).isTrue();
    }

    @Property(tries = 500)
    void aKnownChangedSpanGivesTheSameCard(@ForAll("texts") String head, @ForAll("texts") String x,
            @ForAll("texts") String y, @ForAll("texts") String tail) {
        String before = head + x + tail;
        String after = head + y + tail;
        Assume.that(!before.isEmpty());
        ChangedSpan span = new ChangedSpan(head.length(), head.length() + x.length(), head.length() + y.length());

        assertThat(DiffCard.Region.of(before, after, span)).isEqualTo(DiffCard.Region.of(before, after, null));
        assertThat(DiffCard.of("f.txt", "edit", before, after, span))
                .isEqualTo(DiffCard.of("f.txt", "edit", before, after));
    }

    @Property(tries = 300)
    void sameRunFindsTheFirstDifferenceBothWays(@ForAll("runs") String common, @ForAll("runs") String x,
            @ForAll("runs") String y) {
        String a = common + x;
        String b = common + y;
        int naive = 0;
        while (naive < Math.min(a.length(), b.length()) && a.charAt(naive) == b.charAt(naive)) {
            naive++;
        }
        assertThat(DiffCard.Region.sameRun(a, 0, b, 0, Math.min(a.length(), b.length()), true)).isEqualTo(naive);
        String ra = x + common;
        String rb = y + common;
        int back = 0;
        while (back < Math.min(ra.length(), rb.length())
                && ra.charAt(ra.length() - 1 - back) == rb.charAt(rb.length() - 1 - back)) {
            back++;
        }
        assertThat(DiffCard.Region.sameRun(ra, ra.length(), rb, rb.length(), Math.min(ra.length(), rb.length()), false))
                .isEqualTo(back);
    }

    /** Runs long enough to cross the block sizes, of few characters (some beyond Latin-1), so that ends often agree. */
    @Provide
    Arbitrary<String> runs() {
        return Arbitraries.strings().withChars('a', 'b', '\u00e9', '\u4e2d').ofMaxLength(5000);
    }

    @Property(tries = 300)
    void newlinesAreCountedInAnyText(@ForAll("runs") String a, @ForAll("runs") String b, @ForAll int seed) {
        String text = a.replace('b', '\n') + "\uD83D\uDE00\n" + b.replace('a', '\n');
        int from = Math.floorMod(seed, text.length() + 1);
        long naive = text.substring(from).chars().filter(c -> c == '\n').count();
        assertThat(DiffCard.Region.newlines(text, from, text.length())).isEqualTo(naive);
    }

    @Property(tries = 50)
    void newlinesAreCountedAcrossPieces(@ForAll("runs") String a, @ForAll int seed) {
        // Longer than the piece counted at a time, with surrogate pairs that a piece's end may split.
        String text = (a.replace('b', '\n') + "\uD83D\uDE00").repeat(40);
        int from = Math.floorMod(seed, text.length() + 1);
        long naive = text.substring(from).chars().filter(c -> c == '\n').count();
        assertThat(DiffCard.Region.newlines(text, from, text.length())).isEqualTo(naive);
    }

    @Property(tries = 300)
    void lineCountAgreesWithTheSplit(@ForAll("texts") String text) {
        assertThat(DiffCard.lineCount(text, 0, text.length())).isEqualTo(lines(text).size());
    }

    /** Small texts of a few repeated lines, so that ambiguous alignments and shared ends are common. */
    @Provide
    Arbitrary<String> texts() {
        Arbitrary<String> line = Arbitraries.of("a", "b", "c", "", "dd", "a b");
        return line.list().ofMaxSize(12).flatMap(ls -> Arbitraries.of(true, false)
                .map(finalNewline -> String.join("\n", ls) + (finalNewline && !ls.isEmpty() ? "\n" : "")));
    }

    /** The lines as diff -u compares them: a last line without a line break differs from the same line with one. */
    private static List<String> lines(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        String[] parts = text.split("\n", -1);
        if (text.endsWith("\n")) {
            return List.of(parts).subList(0, parts.length - 1);
        }
        parts[parts.length - 1] += "\n" + DiffCard.NO_FINAL_NEWLINE;
        return List.of(parts);
    }
}
