package dev.toolfs.sandbox;

import java.time.Instant;

/**
 * A model's request to step outside the sandbox for one mutation.
 *
 * @param id unique id of the request
 * @param path the path relative to the workspace's root (absolute where it has several roots)
 * @param reason why the sandbox refuses it without approval
 * @param change what the mutation would write: whoever decides sees what they allow, not only where
 */
public record ApprovalRequest(String id, String sessionId, String tool, String path, String reason,
        String justification, Instant requestedAt, Change change) {

    /**
     * The change itself, whole: a write's {@code content}, or an edit's {@code oldString}, {@code newString} and
     * {@code replaceAll} (the other fields null).
     */
    public record Change(String content, String oldString, String newString, Boolean replaceAll) {

        public static Change write(String content) {
            return new Change(content, null, null, null);
        }

        public static Change edit(String oldString, String newString, boolean replaceAll) {
            return new Change(null, oldString, newString, replaceAll);
        }

        /** Whether the tool gave the change at all (an application's own tool may give neither form). */
        public boolean known() {
            return content != null || oldString != null;
        }

        /**
         * The change for a person to read in a dialog: each text cut after {@code maxChars} characters (counted in
         * code points), saying so and how long it is, so that nothing past the cut can pass unseen as a whole; control
         * and invisible format characters (an escape sequence for a terminal, a direction override, a zero-width
         * character) are shown by their code point (a backslash, {@code u} and the hexadecimal code point in braces), so
         * that the text shows what it holds. Line breaks and tabs are kept.
         */
        public String preview(int maxChars) {
            int max = Math.max(2, maxChars);
            if (content != null) {
                int chars = content.codePointCount(0, content.length());
                return "It would write " + chars + (chars == 1 ? " character in " : " characters in ")
                        + lines(content) + ":\n" + shown(content, max);
            }
            if (oldString == null) {
                return "The tool gave no preview of the change.";
            }
            return "It would replace " + (Boolean.TRUE.equals(replaceAll) ? "every occurrence of" : "the one occurrence of")
                    + ":\n" + shown(oldString, max / 2) + "\nwith:\n" + shown(newString, max / 2);
        }

        private static String lines(String text) {
            long breaks = text.chars().filter(c -> c == '\n').count();
            long lines = text.isEmpty() ? 0 : breaks + (text.endsWith("\n") ? 0 : 1);
            return lines == 1 ? "1 line" : lines + " lines";
        }

        private static String shown(String text, int maxChars) {
            return ApprovalRequest.shown(text, maxChars, true,
                    " characters shown; deny unless you have seen the whole change elsewhere]");
        }
    }

    /**
     * A text the model chose (its justification, a path) for a person to read on one line of a dialog: line breaks,
     * control and invisible format characters shown by their code point as in {@link Change#preview}, so that the
     * text cannot draw a section of the question itself (a false "It would write") or push the change out of view;
     * cut after {@code maxChars} code points, saying so.
     */
    public static String oneLine(String text, int maxChars) {
        return text == null ? "" : shown(text, Math.max(2, maxChars), false, " characters shown]");
    }

    private static String shown(String text, int maxChars, boolean keepBreaks, String cutNote) {
        int length = text.codePointCount(0, text.length());
        StringBuilder out = new StringBuilder();
        int shown = 0;
        for (int i = 0; i < text.length() && shown < maxChars; shown++) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            int type = Character.getType(cp);
            boolean kept = keepBreaks && (cp == '\n' || cp == '\t');
            if (!kept && (type == Character.CONTROL || type == Character.FORMAT
                    || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                    || type == Character.SURROGATE)) {
                out.append("\\u{").append(Integer.toHexString(cp).toUpperCase(java.util.Locale.ROOT)).append('}');
            } else {
                out.appendCodePoint(cp);
            }
        }
        if (shown < length) {
            out.append(keepBreaks ? "\n" : " ").append("[cut: ").append(shown).append(" of ").append(length)
                    .append(cutNote);
        }
        return out.toString();
    }
}
