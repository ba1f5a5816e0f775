package dev.toolfs.fs;

/**
 * The places where a text occurs in another, found in time that grows with the two lengths added, not multiplied
 * (Knuth-Morris-Pratt). {@link String#indexOf} compares each place from its start: for the hints of a failed edit, a
 * long {@code old_string} in a repetitive file took minutes (found by black-box testing: 5000 characters in 4 MB of
 * one letter, 47 s). The edit's own search is not this one: it looks at bytes eight at a time.
 *
 * <p>
 * Pure Java (no Quarkus), unit-tested directly.
 */
public final class TextSearch {

    private final String hay;
    private final String needle;
    /** For each prefix of the needle, the longest proper prefix that is also its suffix. */
    private final int[] border;
    private int at;
    private int matched;

    /** The places of {@code needle}, not empty, in {@code hay} from {@code from} on, overlapping ones included. */
    public TextSearch(String hay, String needle, int from) {
        if (needle.isEmpty()) {
            throw new IllegalArgumentException("an empty needle is everywhere");
        }
        this.hay = hay;
        this.needle = needle;
        this.border = borders(needle);
        this.at = Math.max(0, from);
    }

    private static int[] borders(String needle) {
        int[] b = new int[needle.length()];
        for (int i = 1, k = 0; i < needle.length(); i++) {
            while (k > 0 && needle.charAt(i) != needle.charAt(k)) {
                k = b[k - 1];
            }
            if (needle.charAt(i) == needle.charAt(k)) {
                k++;
            }
            b[i] = k;
        }
        return b;
    }

    /** Where the next place starts, or -1 when there is none. */
    public int next() {
        int m = needle.length();
        while (at < hay.length()) {
            char c = hay.charAt(at++);
            while (matched > 0 && c != needle.charAt(matched)) {
                matched = border[matched - 1];
            }
            if (c == needle.charAt(matched)) {
                matched++;
            }
            if (matched == m) {
                matched = border[m - 1];
                return at - m;
            }
        }
        return -1;
    }

    /** The first place of {@code needle} in {@code hay}, or -1. */
    public static int indexOf(String hay, String needle) {
        return needle.isEmpty() ? 0 : new TextSearch(hay, needle, 0).next();
    }
}
