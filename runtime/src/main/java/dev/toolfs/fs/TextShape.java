package dev.toolfs.fs;

/**
 * What a text's bytes say beyond what a read shows: its line endings and whether it starts with a byte-order mark.
 * A read shows neither (every line break is a {@code \n}, the mark is not shown), so a write that changes only them
 * would otherwise look like no change at all.
 *
 * <p>
 * Pure Java (no Quarkus), unit-tested directly.
 *
 * @param endings {@link #LF}, {@link #CRLF}, {@link #MIXED} or {@link #NONE} (no line break); a lone {@code \r} is text
 * @param byteOrderMark whether the text starts with U+FEFF
 */
public record TextShape(String endings, boolean byteOrderMark) {

    public static final String LF = "LF";
    public static final String CRLF = "CRLF";
    public static final String MIXED = "mixed";
    public static final String NONE = "none";

    public static TextShape of(String text) {
        boolean bom = !text.isEmpty() && text.charAt(0) == '\uFEFF';
        int first = text.indexOf('\n');
        if (first < 0) {
            return new TextShape(NONE, bom);
        }
        if (text.indexOf('\r') < 0) {
            return new TextShape(LF, bom); // the common case, without counting
        }
        boolean crlf = false;
        boolean lf = false;
        for (int i = first; i >= 0 && !(crlf && lf); i = text.indexOf('\n', i + 1)) {
            if (i > 0 && text.charAt(i - 1) == '\r') {
                crlf = true;
            } else {
                lf = true;
            }
        }
        return new TextShape(crlf && lf ? MIXED : crlf ? CRLF : LF, bom);
    }

    /**
     * {@code content} as a whole-file write puts it over a file of this shape: a file whose line breaks are all CRLF
     * keeps them when {@code content} has only LF ones, and a file that starts with a byte-order mark keeps it when
     * {@code content} has none (and is not empty). A read shows neither, so a model that writes a file back whole
     * cannot give them, and would turn every line of it into a change (in git, and for tools that need CRLF). Anything
     * else is as given: content with a CR of its own, a file of mixed or LF endings, or with no line break.
     */
    public String keptIn(String content) {
        String out = content;
        if (endings.equals(CRLF) && out.indexOf('\r') < 0 && out.indexOf('\n') >= 0) {
            out = out.replace("\n", "\r\n");
        }
        if (byteOrderMark && !out.isEmpty() && out.charAt(0) != '\uFEFF') {
            out = '\uFEFF' + out;
        }
        return out;
    }

    /** The text as a read shows it: without a byte-order mark, every {@code \r\n} as {@code \n}. */
    public static String logical(String text) {
        String body = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? text.substring(1) : text;
        return LiteralEdit.toLf(body);
    }

    /**
     * Whether the line endings changed between two texts in a way the diff of the texts as read does not show. Adding
     * the first line break, or removing the last, is a changed line in that diff already; but the diff shows every
     * break as an LF, so a first break added as a CRLF is said.
     */
    public boolean endingsDifferFrom(TextShape after) {
        if (endings.equals(after.endings) || after.endings.equals(NONE)) {
            return false;
        }
        return !endings.equals(NONE) || !after.endings.equals(LF);
    }
}
