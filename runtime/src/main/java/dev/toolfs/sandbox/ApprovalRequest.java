package dev.toolfs.sandbox;

import java.time.Instant;

/**
 * A model's request to step outside the sandbox for one mutation.
 *
 * @param id unique id of the request
 * @param path the path as the model sees it
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

        /**
         * The change for a person to read in a dialog: each text cut after {@code maxChars} characters, saying so and
         * how long it is, so that nothing past the cut can pass unseen as a whole.
         */
        public String preview(int maxChars) {
            if (content != null) {
                return "It would write " + content.length() + " characters:\n" + shown(content, maxChars);
            }
            return "It would replace " + (Boolean.TRUE.equals(replaceAll) ? "every occurrence of" : "the one occurrence of")
                    + ":\n" + shown(oldString, maxChars / 2) + "\nwith:\n" + shown(newString, maxChars / 2);
        }

        private static String shown(String text, int maxChars) {
            if (text.length() <= maxChars) {
                return text;
            }
            int cut = Character.isHighSurrogate(text.charAt(maxChars - 1)) ? maxChars - 1 : maxChars;
            return text.substring(0, cut) + "\n[cut: " + cut + " of " + text.length()
                    + " characters shown; deny unless you have seen the whole change elsewhere]";
        }
    }
}
