package dev.toolfs.fs;

/**
 * Where an edit changed a text: {@code before[start, beforeEnd)} became {@code after[start, afterEnd)}, and the two
 * texts are the same before {@code start} and after those ends. A diff then needs to look only around it.
 */
public record ChangedSpan(int start, int beforeEnd, int afterEnd) {

    public ChangedSpan {
        if (start < 0 || beforeEnd < start || afterEnd < start) {
            throw new IllegalArgumentException("not a span: " + start + ", " + beforeEnd + ", " + afterEnd);
        }
    }

    /** The length of the text both sides share after the span. */
    public int unchangedTail(String before) {
        return before.length() - beforeEnd;
    }
}
