package dev.toolfs.fs;

import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * What a model's {@code file_path} names, before any file is looked at: the text is checked (no NUL or control
 * characters, no absurd lengths) and resolved against the session's folder, with {@code ..} removed lexically.
 * Pure: tools that must refuse bad input before any I/O (read_image) use it as the provider does.
 */
public final class RequestedPath {

    private static final int MAX_PATH_CHARS = 4096;
    /** The longest name a file system takes, in bytes. */
    public static final int MAX_NAME_BYTES = 255;

    private RequestedPath() {
    }

    /** The absolute, normalized path, or an {@link FsErrorCode#FS_INVALID_PATH} failure. */
    public static Path of(String op, String path, Path cwd) {
        checkText(op, path);
        try {
            Path p = Path.of(path);
            return (p.isAbsolute() ? p : cwd.resolve(p)).normalize();
        } catch (InvalidPathException e) {
            String encoding = fileNameEncoding();
            throw cannotEncode(encoding, path) ? FsException.unusableFileName(op, ShownText.escaped(path), encoding)
                    : FsException.invalidPath(op, ShownText.escaped(path), "the path is not valid");
        }
    }

    /**
     * How the JVM encodes file names on Unix: from the locale it was started in (LANG, LC_ALL), and not changeable
     * after. An MCP client that starts the server with a bare environment leaves it ASCII, and every non-ASCII path
     * fails. Read when asked, not when the class is initialised (a native image initialises it at build time).
     */
    public static String fileNameEncoding() {
        return System.getProperty("sun.jnu.encoding", "UTF-8");
    }

    /** Whether file names with any character can be used: a UTF-8 locale, or a system where the locale does not say. */
    public static boolean fileNamesAreUtf8() {
        String encoding = fileNameEncoding();
        return isWindows() || encoding.equalsIgnoreCase("UTF-8") || encoding.equalsIgnoreCase("UTF8");
    }

    private static boolean cannotEncode(String encoding, String path) {
        if (fileNamesAreUtf8()) {
            return false;
        }
        try {
            return !java.nio.charset.Charset.forName(encoding).newEncoder().canEncode(path);
        } catch (RuntimeException e) {
            return false; // an encoding the JDK does not name: the plain message
        }
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").startsWith("Windows");
    }

    /**
     * Absurd lengths, NUL and control characters, and characters that would not show as they are in a message (line
     * separators, marks that turn text around) are refused before anything is looked up. The length first, so that a
     * huge path is shown cut, whatever else it holds (found by black-box testing: 5 MB of path came back whole).
     */
    private static void checkText(String op, String path) {
        // In characters as a person counts them: 2100 emoji are not "longer than 4096 characters" (found by black-box
        // testing); the byte limit a system puts on a path is checked after.
        if (path.length() > MAX_PATH_CHARS && path.codePointCount(0, path.length()) > MAX_PATH_CHARS) {
            throw FsException.invalidPath(op, shownCut(path),
                    "the path is longer than " + MAX_PATH_CHARS + " characters");
        }
        unshownCharacter(path).ifPresent(why -> {
            throw FsException.invalidPath(op, ShownText.escaped(path), why);
        });
        for (String name : path.split("/")) {
            if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
                throw FsException.invalidPath(op, shownCut(path),
                        "a name in the path is longer than " + MAX_NAME_BYTES + " bytes");
            }
        }
        if (path.length() > 1 && (path.endsWith("/") || path.endsWith("/."))) {
            // "notes/" names a folder: a write must not create a file called "notes", nor a read show "f.txt" for "f.txt/".
            throw FsException.invalidPath(op, ShownText.escaped(path),
                    "the path ends with a slash, so it names a folder, not a file");
        }
    }

    /**
     * Why a path's text holds a character no path may: a NUL, another control character, a line or paragraph separator,
     * or a mark that changes the direction text is shown in (a person approving, or a model, would misread the name).
     */
    public static java.util.Optional<String> unshownCharacter(String path) {
        for (int i = 0; i < path.length(); i++) {
            char c = path.charAt(i);
            if (ShownText.isControl(c)) {
                return java.util.Optional.of(c == 0 ? "the path contains a NUL character"
                        : "the path contains a control character");
            }
            if (ShownText.isLineSeparator(c)) {
                return java.util.Optional.of("the path contains a line or paragraph separator");
            }
            if (ShownText.turnsTextAround(c)) {
                return java.util.Optional.of("the path contains a mark that changes the direction text is shown in");
            }
        }
        return java.util.Optional.empty();
    }

    /** The first {@link FsException#SHOWN_CHARS} characters of {@code s} and "…" when there are more, escaped. */
    private static String shownCut(String s) {
        return ShownText.escaped(ShownText.cut(s, FsException.SHOWN_CHARS));
    }
}
