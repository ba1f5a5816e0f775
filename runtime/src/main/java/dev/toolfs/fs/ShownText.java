package dev.toolfs.fs;

/**
 * Text that a message, a log line or a person reading shows: the characters that would not show as they are (control
 * characters, the line and paragraph separators, the marks that turn text around) and how they are written instead,
 * and how a long text is cut. Pure, unit-tested directly.
 */
public final class ShownText {

    private ShownText() {
    }

    /** C0, DEL and C1: {@code \n}, ESC, NEL, the 8-bit CSI. */
    public static boolean isControl(char c) {
        return c < 0x20 || c >= 0x7F && c <= 0x9F;
    }

    /** U+2028 and U+2029, which end a line for many readers, Java's among them. */
    public static boolean isLineSeparator(char c) {
        return c == '\u2028' || c == '\u2029';
    }

    /**
     * The bidirectional marks, embeddings, overrides and isolates: they reorder the text shown around them (a
     * right-to-left override makes "evil", U+202E, "txt.exe" show as "evilexe.txt").
     */
    public static boolean turnsTextAround(char c) {
        return c == '\u061C' || c == '\u200E' || c == '\u200F' || c >= '\u202A' && c <= '\u202E'
                || c >= '\u2066' && c <= '\u2069';
    }

    /** Whether {@code c} would not show as it is. */
    public static boolean showsOtherThanItIs(char c) {
        return isControl(c) || isLineSeparator(c) || turnsTextAround(c);
    }

    /**
     * {@code s} with each character that would not show as it is escaped: a control character as {@code \xNN}, a
     * separator or a direction mark as a backslash, "u" and four hex digits. {@code s} itself when it holds none.
     */
    public static String escaped(String s) {
        int first = 0;
        while (first < s.length() && !showsOtherThanItIs(s.charAt(first))) {
            first++;
        }
        if (first == s.length()) {
            return s;
        }
        StringBuilder sb = new StringBuilder(s.length() + 16).append(s, 0, first);
        for (int i = first; i < s.length(); i++) {
            char c = s.charAt(i);
            if (isControl(c)) {
                sb.append(String.format("\\x%02x", (int) c));
            } else if (showsOtherThanItIs(c)) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    /** {@code s}, or its {@link #firstChars first n characters} and "…" when it has more. */
    public static String cut(String s, int n) {
        String first = firstChars(s, n);
        return first.length() < s.length() ? first + "…" : s;
    }

    /**
     * The first {@code n} characters of {@code s} as a person counts them, or fewer so as not to end inside one that is
     * drawn from several: a surrogate pair is not split (half an emoji is text that is not valid Unicode), nor is a
     * character cut from its accent, its skin tone, its presentation selector or a joiner that makes it one emoji with
     * the next, nor a flag from its second letter (found by black-box testing).
     */
    public static String firstChars(String s, int n) {
        if (s.codePointCount(0, s.length()) <= n) {
            return s;
        }
        int end = s.offsetByCodePoints(0, n);
        while (end > 0 && (joinsWithNext(s.codePointBefore(end)) || joinsWithPrevious(s.codePointAt(end))
                || endsHalfAFlag(s, end))) {
            end -= Character.charCount(s.codePointBefore(end));
        }
        return s.substring(0, end);
    }

    private static boolean joinsWithNext(int cp) {
        return cp == 0x200D;
    }

    private static boolean joinsWithPrevious(int cp) {
        int type = Character.getType(cp);
        return type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK
                || type == Character.COMBINING_SPACING_MARK || cp == 0x200D || cp >= 0xFE00 && cp <= 0xFE0F
                || cp >= 0x1F3FB && cp <= 0x1F3FF || cp >= 0xE0020 && cp <= 0xE007F;
    }

    /** Whether {@code end} falls between the two regional indicators of a flag. */
    private static boolean endsHalfAFlag(String s, int end) {
        int run = 0;
        for (int i = end; i > 0 && isRegionalIndicator(s.codePointBefore(i)); i -= 2) {
            run++;
        }
        return run % 2 == 1 && end < s.length() && isRegionalIndicator(s.codePointAt(end));
    }

    private static boolean isRegionalIndicator(int cp) {
        return cp >= 0x1F1E6 && cp <= 0x1F1FF;
    }
}
