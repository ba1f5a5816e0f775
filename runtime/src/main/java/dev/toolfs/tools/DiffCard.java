package dev.toolfs.tools;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.Patch;

/**
 * The persisted presentation of a write or edit: a unified diff of the text the model sees (LF endings), with
 * counts of added and deleted lines. Very large texts get counts of whole lines only, without hunks, to keep
 * the card and its cost bounded.
 */
public final class DiffCard {

    /** Above this many characters on either side no hunks are produced. */
    static final int MAX_DIFF_CHARS = 1_000_000;

    private DiffCard() {
    }

    public static Map<String, Object> of(String displayPath, String operation, String before, String after) {
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("kind", "diff-card");
        card.put("path", displayPath);
        card.put("operation", operation);
        List<String> a = before == null ? List.of() : lines(before);
        List<String> b = lines(after);
        if ((before != null && before.length() > MAX_DIFF_CHARS) || after.length() > MAX_DIFF_CHARS) {
            card.put("hunks", List.of());
            card.put("additions", b.size());
            card.put("deletions", a.size());
            card.put("truncated", true);
            return card;
        }
        if (before == null || a.isEmpty()) {
            // Everything is added: one hunk of the whole text, no diff algorithm needed.
            StringBuilder hunk = new StringBuilder("@@ -0,0 +1," + b.size() + " @@");
            b.forEach(line -> hunk.append("\n+").append(line));
            card.put("hunks", b.isEmpty() ? List.of() : List.of(hunk.toString()));
            card.put("additions", b.size());
            card.put("deletions", 0);
            return card;
        }
        Patch<String> patch = DiffUtils.diff(a, b);
        int additions = 0;
        int deletions = 0;
        for (AbstractDelta<String> d : patch.getDeltas()) {
            additions += d.getTarget().size();
            deletions += d.getSource().size();
        }
        List<String> unified = UnifiedDiffUtils.generateUnifiedDiff(
                before == null ? "/dev/null" : "a/" + displayPath, "b/" + displayPath, a, patch, 3);
        List<String> hunks = new ArrayList<>();
        StringBuilder current = null;
        for (String line : unified) {
            if (line.startsWith("@@")) {
                if (current != null) {
                    hunks.add(current.toString());
                }
                current = new StringBuilder(line);
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

    private static List<String> lines(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        String[] parts = text.split("\n", -1);
        int n = parts.length;
        if (text.endsWith("\n")) {
            n--; // a final terminator does not start an extra line
        }
        return List.of(parts).subList(0, n);
    }
}
