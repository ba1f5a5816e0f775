package dev.toolfs.tools;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.Chunk;
import com.github.difflib.patch.Patch;

import dev.toolfs.fs.ByteScan;
import dev.toolfs.fs.ChangedSpan;
import dev.toolfs.fs.TextShape;

/**
 * The persisted presentation of a write or edit: a unified diff of the text the model sees (LF endings), with
 * counts of added and deleted lines. Only the changed region is diffed: the lines both texts share at their start and
 * end are matched first (an optimal diff always can), so an edit of a large file costs about its change, not the
 * file. A changed region too large to diff (in characters or in lines) gets line counts only, without hunks, to keep
 * the card and its cost bounded.
 */
public final class DiffCard {

    /** Above this many characters in the changed region, on either side, no hunks are produced. */
    static final int MAX_DIFF_CHARS = 1_000_000;

    /**
     * Above this many lines in the changed region, both sides together, no hunks are produced either: the diff's cost
     * grows with the lines times the differences, which for a rewritten file is the square of its lines.
     */
    static final int MAX_DIFF_LINES = 10_000;

    /** What {@code diff -u} writes after a last line that has no line break. */
    static final String NO_FINAL_NEWLINE = "\\ No newline at end of file";

    /** Characters copied at a time to count newlines. */
    private static final int COUNT_CHUNK = 16 * 1024;

    /** Lines of unchanged context around each change, as {@code diff -u}. */
    static final int CONTEXT = 3;

    private static final Pattern HUNK_HEADER = Pattern.compile("^@@ -(\\d+)(,\\d+)? \\+(\\d+)(,\\d+)? @@(.*)$");

    private DiffCard() {
    }

    /**
     * Adds what the diff of the texts as a read shows them cannot: {@code lineEndings} when the file's line endings
     * changed ({@code {"before": "CRLF", "after": "LF"}}), {@code byteOrderMark} when the mark was added or removed.
     *
     * @param sameText whether the texts as a read shows them are the same
     * @param sameBytes whether the files' bytes are the same: when only they differ, and the marks are the same, only
     *        which lines end in CRLF changed, which two mixed texts do not tell (a mark put first is no such change:
     *        found by black-box testing, an edit that did only that said the endings went from LF to LF)
     */
    public static void addShapeChange(Map<String, Object> card, TextShape before, TextShape after, boolean sameText,
            boolean sameBytes) {
        boolean onlyEndingsMoved = sameText && !sameBytes && before.byteOrderMark() == after.byteOrderMark();
        if (before.endingsDifferFrom(after) || onlyEndingsMoved) {
            card.put("lineEndings", beforeAndAfter(before.endings(), after.endings()));
        }
        if (before.byteOrderMark() != after.byteOrderMark()) {
            card.put("byteOrderMark", beforeAndAfter(before.byteOrderMark(), after.byteOrderMark()));
        }
    }

    private static Map<String, Object> beforeAndAfter(Object before, Object after) {
        Map<String, Object> change = new LinkedHashMap<>();
        change.put("before", before);
        change.put("after", after);
        return change;
    }

    public static Map<String, Object> of(String displayPath, String operation, String before, String after) {
        return of(displayPath, operation, before, after, null);
    }

    /**
     * The card of a write over a file it could not show as text (too large to hold, or not UTF-8): no hunks, the new
     * text's lines as additions, the old file's as deletions ({@code null} when it was too large to count), and
     * {@code truncated}.
     */
    public static Map<String, Object> replacedUnseen(String displayPath, String operation, Integer beforeLines,
            String after) {
        return counts(header(displayPath, operation), beforeLines, lineCount(after, 0, after.length()));
    }

    private static Map<String, Object> header(String displayPath, String operation) {
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("kind", "diff-card");
        card.put("path", displayPath);
        card.put("operation", operation);
        return card;
    }

    /**
     * @param changed where the texts differ, at most, when the caller knows it (an edit knows what it replaced):
     *        the search for the changed region then starts there instead of at both ends of the texts
     */
    public static Map<String, Object> of(String displayPath, String operation, String before, String after,
            ChangedSpan changed) {
        Map<String, Object> card = header(displayPath, operation);
        if (before == null || before.isEmpty()) {
            // Everything is added: one hunk of the whole text, no diff algorithm needed.
            if (after.length() > MAX_DIFF_CHARS) {
                return counts(card, 0, lineCount(after, 0, after.length()));
            }
            // Built straight from the text, as lines(after) would split it, without a string per line.
            int added = lineCount(after, 0, after.length());
            StringBuilder hunk = new StringBuilder(after.length() + 2 * added + 32)
                    .append("@@ -0,0 +").append(range(1, "," + added)).append(" @@");
            for (int at = 0; at < after.length();) {
                int nl = after.indexOf('\n', at);
                hunk.append("\n+").append(after, at, nl < 0 ? after.length() : nl);
                if (nl < 0) {
                    hunk.append('\n').append(NO_FINAL_NEWLINE);
                    break;
                }
                at = nl + 1;
            }
            card.put("hunks", added == 0 ? List.of() : List.of(hunk.toString()));
            card.put("additions", added);
            card.put("deletions", 0);
            return card;
        }
        Region r = Region.of(before, after, changed);
        if (r.beforeEnd() - r.start() > MAX_DIFF_CHARS || r.afterEnd() - r.start() > MAX_DIFF_CHARS
                || lineCount(before, r.start(), r.beforeEnd()) + lineCount(after, r.start(), r.afterEnd()) > MAX_DIFF_LINES) {
            return counts(card, lineCount(before, r.changedStart(), r.changedEndBefore()),
                    lineCount(after, r.changedStart(), r.changedEndAfter()));
        }
        List<String> a = lines(before.substring(r.start(), r.beforeEnd()));
        List<String> b = lines(after.substring(r.start(), r.afterEnd()));
        // Only the changed lines are diffed, the context around them is the region's: diffed with its context, a
        // change among equal lines (blank ones) could slide into it, leaving a hunk without the context after it
        // that patch and git apply need.
        int lead = Region.newlines(before, r.start(), r.changedStart());
        int trail = lineCount(before, r.changedEndBefore(), r.beforeEnd());
        Patch<String> inner = DiffUtils.diff(a.subList(lead, a.size() - trail), b.subList(lead, b.size() - trail));
        Patch<String> patch = new Patch<>();
        int additions = 0;
        int deletions = 0;
        for (AbstractDelta<String> d : inner.getDeltas()) {
            additions += d.getTarget().size();
            deletions += d.getSource().size();
            patch.addDelta(d.withChunks(new Chunk<>(d.getSource().getPosition() + lead, d.getSource().getLines()),
                    new Chunk<>(d.getTarget().getPosition() + lead, d.getTarget().getLines())));
        }
        List<String> unified = UnifiedDiffUtils.generateUnifiedDiff("a/" + displayPath, "b/" + displayPath, a, patch,
                CONTEXT);
        List<String> hunks = new ArrayList<>();
        StringBuilder current = null;
        for (String line : unified) {
            if (line.startsWith("@@")) {
                if (current != null) {
                    hunks.add(current.toString());
                }
                current = new StringBuilder(shifted(line, r.lineOffset()));
            } else if (current != null) {
                current.append('\n').append(line);
            }
        }
        if (current != null) {
            hunks.add(current.toString());
        }
        card.put("hunks", hunks);
        card.put("additions", additions);
        card.put("deletions", deletions);
        return card;
    }

    /** @param deletions null when not counted */
    private static Map<String, Object> counts(Map<String, Object> card, Integer deletions, int additions) {
        card.put("hunks", List.of());
        card.put("additions", additions);
        card.put("deletions", deletions);
        card.put("truncated", true);
        return card;
    }

    /**
     * A hunk header of the region, moved to the region's place in the whole text and written as {@code diff -u} writes
     * it: a range of one line without its count, an empty range at the line before it.
     */
    private static String shifted(String header, int lineOffset) {
        Matcher m = HUNK_HEADER.matcher(header);
        if (!m.matches()) {
            return header;
        }
        return "@@ -" + range(Integer.parseInt(m.group(1)) + lineOffset, m.group(2)) + " +"
                + range(Integer.parseInt(m.group(3)) + lineOffset, m.group(4)) + " @@" + m.group(5);
    }

    /** {@code start} is the library's: the range's first line, also for an empty range. */
    private static String range(int start, String comma) {
        int count = comma == null ? 1 : Integer.parseInt(comma.substring(1));
        return count == 1 ? Integer.toString(start) : count == 0 ? Math.max(0, start - 1) + ",0" : start + "," + count;
    }

    /**
     * The part of both texts worth diffing. The changed lines run from {@code changedStart} to {@code changedEndBefore}
     * in the old text and to {@code changedEndAfter} in the new one; the region adds up to {@link #CONTEXT} unchanged
     * lines on each side ({@code start}, {@code beforeEnd}, {@code afterEnd}). Everything before a start is the same
     * in both texts, and so is everything after the ends. All are line starts (or the end of the text);
     * {@code lineOffset} is the number of lines before {@code start}.
     */
    record Region(int start, int beforeEnd, int afterEnd, int changedStart, int changedEndBefore, int changedEndAfter,
            int lineOffset) {

        /** The region, found from {@code known} on when it is given (the texts are known to agree outside it). */
        static Region of(String a, String b, ChangedSpan known) {
            if (known != null && (known.beforeEnd() > a.length() || known.afterEnd() > b.length()
                    || known.unchangedTail(a) != b.length() - known.afterEnd())) {
                throw new IllegalArgumentException("the changed span " + known + " does not fit texts of "
                        + a.length() + " and " + b.length() + " characters");
            }
            int min = Math.min(a.length(), b.length());
            int head = known == null ? 0 : known.start();
            int p = head + sameRun(a, head, b, head, min - head, true);
            int changedStart = p == 0 ? 0 : a.lastIndexOf('\n', p - 1) + 1;
            // The common end, not reaching back into the common start.
            int cap = min - changedStart;
            int tail = known == null ? 0 : Math.min(known.unchangedTail(a), cap);
            int s = tail + sameRun(a, a.length() - tail, b, b.length() - tail, cap - tail, false);
            // The common end begins at a line start in both texts: move forward to the next one (what follows is the
            // same in both, so one step inside it lands on a line start in both).
            int changedEndBefore = a.length() - s;
            int changedEndAfter = b.length() - s;
            if (changedEndBefore < a.length() && (!lineStart(a, changedEndBefore) || !lineStart(b, changedEndAfter))) {
                int nl = a.indexOf('\n', changedEndBefore);
                changedEndBefore = nl < 0 ? a.length() : nl + 1;
                changedEndAfter = b.length() - (a.length() - changedEndBefore);
            }
            int start = changedStart;
            for (int i = 0; i < CONTEXT && start > 0; i++) {
                start = a.lastIndexOf('\n', start - 2) + 1;
            }
            int beforeEnd = changedEndBefore;
            for (int i = 0; i < CONTEXT && beforeEnd < a.length(); i++) {
                int nl = a.indexOf('\n', beforeEnd);
                beforeEnd = nl < 0 ? a.length() : nl + 1;
            }
            int afterEnd = b.length() - (a.length() - beforeEnd);
            return new Region(start, beforeEnd, afterEnd, changedStart, changedEndBefore, changedEndAfter,
                    newlines(a, 0, start));
        }

        /**
         * How many characters, at most {@code max}, are the same in both texts going forward from {@code ai} and
         * {@code bi} (or backward, ending just before them). Block comparisons halve down to the first difference:
         * much faster than a character loop, whichever JIT compiler runs it.
         */
        static int sameRun(String a, int ai, String b, int bi, int max, boolean forward) {
            int done = 0;
            int block = 1024;
            while (done < max) {
                int n = Math.min(block, max - done);
                if (same(a, ai, b, bi, done, n, forward)) {
                    done += n;
                    block = Math.min(block * 2, 1 << 16);
                    continue;
                }
                while (n > 8) {
                    int half = n / 2;
                    if (same(a, ai, b, bi, done, half, forward)) {
                        done += half;
                        n -= half;
                    } else {
                        n = half;
                    }
                }
                while (n > 0 && same(a, ai, b, bi, done, 1, forward)) {
                    done++;
                    n--;
                }
                return done;
            }
            return done;
        }

        private static boolean same(String a, int ai, String b, int bi, int done, int n, boolean forward) {
            return forward ? a.regionMatches(ai + done, b, bi + done, n)
                    : a.regionMatches(ai - done - n, b, bi - done - n, n);
        }

        private static boolean lineStart(String text, int i) {
            return i == 0 || text.charAt(i - 1) == '\n';
        }

        static int newlines(String text, int from, int to) {
            if (to <= from) {
                return 0;
            }
            // A Latin-1 copy keeps every '\n' and makes no other one (a wider character becomes '?'), so its newline
            // bytes can be counted eight at a time; String.indexOf goes a character at a time under the quick compiler.
            // Copied a piece at a time, so that a large file is not copied whole twice more.
            int n = 0;
            for (int at = from; at < to; at += COUNT_CHUNK) {
                byte[] bytes = text.substring(at, Math.min(to, at + COUNT_CHUNK)).getBytes(StandardCharsets.ISO_8859_1);
                n += (int) ByteScan.count(bytes, (byte) '\n', 0, bytes.length);
            }
            return n;
        }
    }

    /** The lines of {@code text[from, to)} as {@link #lines} would split it, counted without splitting. */
    static int lineCount(String text, int from, int to) {
        if (to <= from) {
            return 0;
        }
        int newlines = Region.newlines(text, from, to);
        return text.charAt(to - 1) == '\n' ? newlines : newlines + 1;
    }

    /**
     * The lines of {@code text}. A last line without a line break carries {@code diff -u}'s marker after it, so that
     * adding or removing only the final line break is a change (shown as {@code diff -u} shows it), not an empty card.
     */
    private static List<String> lines(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        String[] parts = text.split("\n", -1);
        if (text.endsWith("\n")) {
            return List.of(parts).subList(0, parts.length - 1); // a final terminator does not start an extra line
        }
        parts[parts.length - 1] += "\n" + NO_FINAL_NEWLINE;
        return List.of(parts);
    }
}
