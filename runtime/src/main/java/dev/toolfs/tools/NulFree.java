package dev.toolfs.tools;

/**
 * The text a write or an edit puts in a file holds no NUL character: read and edit refuse a file that holds one as not
 * text, so the model would lock itself out of the file it just wrote. A NUL in a model's text is nearly always an
 * escape gone wrong (an escaped zero character in its JSON).
 */
final class NulFree {

    private NulFree() {
    }

    /** @throws ToolInputException naming the argument and where its first NUL is */
    static void check(String argument, String text) {
        int at = text.indexOf('\0');
        if (at >= 0) {
            throw new ToolInputException(argument + " must not contain a NUL character (U+0000; the first is character "
                    + (text.codePointCount(0, at) + 1) + "): read and edit refuse a file that holds one as not text; leave it out, or write the"
                    + " escape the file's language uses for it");
        }
    }
}
