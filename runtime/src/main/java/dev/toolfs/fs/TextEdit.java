package dev.toolfs.fs;

/**
 * A literal replacement as the model asked for it.
 *
 * @param shownLineChars the characters of a line a read shows before it cuts the line, for the hints of an old_string
 *        that does not match (text past the cut cannot be copied from a read)
 */
public record TextEdit(String oldString, String newString, boolean replaceAll, int shownLineChars) {

    /** What a read shows of a line by default ({@code quarkus.tool-fs.read.max-line-length}). */
    public static final int DEFAULT_SHOWN_LINE_CHARS = 2000;

    public TextEdit(String oldString, String newString, boolean replaceAll) {
        this(oldString, newString, replaceAll, DEFAULT_SHOWN_LINE_CHARS);
    }
}
