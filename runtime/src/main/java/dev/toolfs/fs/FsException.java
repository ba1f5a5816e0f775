package dev.toolfs.fs;

import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * A filesystem failure a model can act on. The message is a template in which {@code {path}} stands for the
 * quoted path: the provider knows the absolute path, the tool layer knows how to show it relative to the session's
 * folder, so the text is finished by {@link #messageFor(Function)}.
 */
public class FsException extends RuntimeException {

    public static final String PATH = "{path}";

    private final FsErrorCode code;
    private final transient Path path;
    private final String template;

    public FsException(FsErrorCode code, Path path, String template) {
        this(code, path, template, null);
    }

    public FsException(FsErrorCode code, Path path, String template, Throwable cause) {
        this(code, path, template, cause, false);
    }

    private FsException(FsErrorCode code, Path path, String template, Throwable cause, boolean cut) {
        this(code, path, template, cause, cut, null);
    }

    private FsException(FsErrorCode code, Path path, String template, Throwable cause, boolean cut, String reason) {
        super(null, cause, false, false);
        this.code = Objects.requireNonNull(code);
        this.path = path;
        this.template = Objects.requireNonNull(template);
        this.cut = cut;
        this.reason = reason;
    }

    /** Why the file is not text, for {@link #notText}; null otherwise. */
    private final String reason;

    /** Why the file is not text ("invalid UTF-8 in line 3"), for a file refused as not text; else null. */
    public String reason() {
        return reason;
    }

    /** Whether the path is shown cut to {@link #SHOWN_CHARS} characters (a path too long to be one, say). */
    private final boolean cut;

    /** The most characters of a path an error about its length shows. */
    public static final int SHOWN_CHARS = 64;

    public FsErrorCode code() {
        return code;
    }

    /** The absolute path the failure is about, or null. */
    public Path path() {
        return path;
    }

    /** Stands for the advice of a file that is not text, which names read_image only where that tool is offered. */
    public static final String BINARY_ADVICE = "{binary-advice}";

    /** The message with the path shown as {@code display} renders it, in double quotes; read_image is offered. */
    public String messageFor(Function<Path, String> display) {
        return messageFor(display, true);
    }

    /**
     * The message with the path shown as {@code display} renders it, in double quotes, and advice that names
     * read_image only when {@code imageToolOffered}.
     */
    public String messageFor(Function<Path, String> display, boolean imageToolOffered) {
        String text = template;
        if (code == FsErrorCode.FS_NOT_TEXT) {
            text = text.replace(BINARY_ADVICE, imageToolOffered
                    ? "use read_image for an image, or a shell tool for other binary files or text in another encoding"
                    : "use a shell tool for binary files or text in another encoding");
        }
        if (path == null) {
            return text;
        }
        String shown = display.apply(path);
        if (cut) {
            shown = ShownText.cut(shown, SHOWN_CHARS);
        }
        return text.replace(PATH, '"' + shown + '"');
    }

    @Override
    public String getMessage() {
        return messageFor(Path::toString);
    }

    // One factory per template; docs/errors.adoc mirrors these texts.

    public static FsException notFound(String op, Path path) {
        if ("read".equals(op)) {
            return new FsException(FsErrorCode.FS_NOT_FOUND, path, "cannot read " + PATH + ": not found");
        }
        return new FsException(FsErrorCode.FS_NOT_FOUND, path,
                "cannot " + op + " " + PATH + ": not found — check the path, or create the file with write");
    }

    /** A name on the way to the file, which would have to be a folder, is a file. */
    public static FsException parentNotFolder(String op, Path path) {
        return new FsException(FsErrorCode.FS_NOT_FOUND, path, "cannot " + op + " " + PATH
                + ": a name on the path before the file's own name is a file, not a folder; choose another path");
    }

    /** An edit whose old_string does not match as it must (none, several, or a file grown too large). */
    public static FsException editMatch(Path requested, EditMatchException e) {
        return new FsException(e.code(), requested, "cannot edit " + PATH + ": " + e.detail());
    }

    public static FsException notRegularFile(String op, Path path) {
        if ("read".equals(op)) {
            return new FsException(FsErrorCode.FS_NOT_REGULAR_FILE, path, "cannot read " + PATH + ": not a regular file");
        }
        return new FsException(FsErrorCode.FS_NOT_REGULAR_FILE, path, "cannot " + op + " " + PATH
                + ": not a regular file (a folder, link, pipe, socket or device); choose a file path");
    }

    public static FsException notText(String op, Path path, String why) {
        return new FsException(FsErrorCode.FS_NOT_TEXT, path, "cannot " + op + " " + PATH + ": not a UTF-8 text file ("
                + why + "); " + BINARY_ADVICE, null, false, why);
    }

    /** An existing file the session has not read, and cannot: the operating system does not let this process. */
    public static FsException unreadableUnread(String op, Path path) {
        return new FsException(FsErrorCode.FS_PERMISSION_DENIED, path, "cannot " + op + " " + PATH + ": the file exists,"
                + " but the operating system does not let this process read it, and " + op + " replaces only a file read"
                + " in this session; leave it as it is, or ask the user to make it readable");
    }

    /** An existing file the session has not read, and cannot: read refuses it as not text. */
    public static FsException notTextUnread(String op, Path path, String why) {
        return new FsException(FsErrorCode.FS_NOT_TEXT, path, "cannot " + op + " " + PATH + ": the file exists and is not"
                + " a UTF-8 text file (" + why + "), which read cannot show whole, and " + op + " replaces only a file read"
                + " in this session; " + BINARY_ADVICE);
    }

    /**
     * A file the session read as text, since replaced by one that is not: "re-read it" would fail, and "not read in this
     * session" would not be true (found by a review from the model's side).
     */
    public static FsException notTextSinceRead(String op, Path path, String why) {
        return new FsException(FsErrorCode.FS_NOT_TEXT, path, "cannot " + op + " " + PATH + ": the file has changed since"
                + " this session read it and is no longer a UTF-8 text file (" + why + "), so read cannot show it whole;"
                + " " + BINARY_ADVICE);
    }

    /**
     * A file over the size {@code op} loads whole. Not "use write": a model cannot send a file of that size (its
     * output is far smaller, and HTTP bodies are capped below the edit limit), and found by black-box testing, the
     * advice failed when followed.
     */
    public static FsException tooLarge(String op, Path path, long size, long max) {
        String advice = switch (op) {
            case "edit" -> "make this change with a shell tool, or ask the user to";
            case "read" -> "read it in windows with the read tool, or use a shell tool";
            default -> "use a shell tool";
        };
        return new FsException(FsErrorCode.FS_TOO_LARGE, path, "cannot " + op + " " + PATH + ": the file is " + size
                + " bytes, over the " + max + "-byte limit for " + op + "; " + advice);
    }

    public static FsException exists(Path path) {
        return new FsException(FsErrorCode.FS_EXISTS, path, "cannot create " + PATH
                + ": the file was created by someone else after it was found missing; nothing was overwritten — read it, then retry");
    }

    public static FsException staleVersion(String op, Path path) {
        return new FsException(FsErrorCode.FS_STALE_VERSION, path,
                "cannot " + op + " " + PATH + ": the file has changed since it was last read");
    }

    /**
     * An edit of a path the session's last read found missing, where a file has appeared since: still
     * {@code FS_NOT_FOUND} (as SPEC.md asks after confirmed absence), but the message says what is there now.
     */
    public static FsException notFoundThenCreated(String op, Path path) {
        return new FsException(FsErrorCode.FS_NOT_FOUND, path, "cannot " + op + " " + PATH
                + ": this session's last read found no file here, and one has been created since; read it, then retry");
    }

    /** The path names another file than the one the session read under it: a link was made or changed since. */
    public static FsException leadsElsewhere(String op, Path path) {
        return new FsException(FsErrorCode.FS_STALE_VERSION, path, "cannot " + op + " " + PATH + ": the path leads to"
                + " another file than the one this session read under it (a symbolic link was made or changed since)");
    }

    public static FsException staleVersionDeleted(String op, Path path) {
        return new FsException(FsErrorCode.FS_STALE_VERSION, path,
                "cannot " + op + " " + PATH + ": the file was deleted after it was last read");
    }

    /** The file exists, and the session never read it (known when a create-if-absent guard met the file). */
    public static FsException notObserved(String op, Path path) {
        return new FsException(FsErrorCode.FS_NOT_OBSERVED, path,
                "cannot " + op + " " + PATH + ": the file exists but has not been read in this session");
    }

    /** The session never read the path; whether it exists is not checked before the read it asks for. */
    public static FsException notRead(String op, Path path) {
        return new FsException(FsErrorCode.FS_NOT_OBSERVED, path,
                "cannot " + op + " " + PATH + ": it has not been read in this session");
    }

    public static FsException outsideWorkspace(String op, Path path, String roots) {
        return new FsException(FsErrorCode.FS_OUTSIDE_WORKSPACE, path, "cannot " + op + " " + PATH
                + ": the path is outside the workspace (" + roots + "); use a path inside it");
    }

    /** The path is shown escaped, since it may hold characters a terminal or a log would interpret. */
    /** A path inside the workspace's roots that belongs to Tool FS itself (its image attachment store). */
    public static FsException inExcludedFolder(String op, Path path, Path folder) {
        return new FsException(FsErrorCode.FS_OUTSIDE_WORKSPACE, path, "cannot " + op + " " + PATH
                + ": it is in the image attachment store (" + folder + "), which is not part of the workspace; use a"
                + " path outside it");
    }

    /** A path the JVM cannot turn into a file name: its locale is not UTF-8 (an MCP client's bare environment). */
    public static FsException unusableFileName(String op, String shown, String encoding) {
        return new FsException(FsErrorCode.FS_INVALID_PATH, null, "cannot " + op + " \"" + shown + "\": the path has"
                + " characters this server cannot put in file names: it runs without a UTF-8 locale (its file names are "
                + encoding + "), so ask the user to start it with LANG=C.UTF-8");
    }

    /** A path that cannot be used as one, shown as the model gave it (relative to its folder), cut if long. */
    public static FsException invalidPath(String op, Path requested, String why) {
        return new FsException(FsErrorCode.FS_INVALID_PATH, requested, "cannot " + op + " " + PATH + ": " + why
                + "; use a plain path inside the workspace", null, true);
    }

    public static FsException invalidPath(String op, String shown, String why) {
        return new FsException(FsErrorCode.FS_INVALID_PATH, null, "cannot " + op + " \"" + shown + "\": " + why
                + "; use a plain path inside the workspace");
    }

    public static FsException sandboxDenied(String op, Path path, String reason) {
        return new FsException(FsErrorCode.FS_SANDBOX_DENIED, path, "cannot " + op + " " + PATH
                + ": the sandbox does not allow changes here (" + reason + "); if the change is needed, retry with "
                + "sandbox_permissions set to require_escalated and a justification saying why");
    }

    /** The sandbox's refusal where no escalation can be approved (quarkus.tool-fs.sandbox.approval=deny). */
    public static FsException sandboxDeniedForGood(String op, Path path, String reason) {
        return new FsException(FsErrorCode.FS_SANDBOX_DENIED, path, "cannot " + op + " " + PATH
                + ": the sandbox does not allow changes here (" + reason + "), and no exception can be approved here;"
                + " leave the file as it is, or ask the user to change it");
    }

    /** A file the application reads its own configuration from: never changed by the tools, escalated or not. */
    public static FsException ownConfiguration(String op, Path path) {
        return new FsException(FsErrorCode.FS_SANDBOX_DENIED, path, "cannot " + op + " " + PATH
                + ": it configures this application, which reads it from the folder it runs in when it starts, so the"
                + " tools may not change it; leave it as it is, or ask the user to change it");
    }

    /** The running application's own jars and JVM options: never changed by the tools. */
    public static FsException ownInstallation(String op, Path path, Path folder) {
        return new FsException(FsErrorCode.FS_SANDBOX_DENIED, path, "cannot " + op + " " + PATH
                + ": it is part of this application's installation (" + folder + "), which the tools may not change;"
                + " leave it as it is, or ask the user to change it");
    }

    public static FsException escalationDenied(String op, Path path, String reason) {
        return new FsException(FsErrorCode.FS_SANDBOX_DENIED, path, "cannot " + op + " " + PATH
                + ": the escalation was denied (" + reason + "); leave the file as it is, or ask the user to change it");
    }

    public static FsException permissionDenied(String op, Path path) {
        return new FsException(FsErrorCode.FS_PERMISSION_DENIED, path, "cannot " + op + " " + PATH
                + ": permission denied by the operating system; choose another path or fix the file's permissions");
    }

    /** A file its permissions protect: renaming over it would be allowed by its folder, but it is not replaced. */
    public static FsException readOnly(String op, Path path) {
        return new FsException(FsErrorCode.FS_PERMISSION_DENIED, path, "cannot " + op + " " + PATH
                + ": the file is read-only; its permissions do not let this process write it — leave it as it is, or ask the user to make it writable");
    }

    /** A folder refuses a new file's name, or a folder on its path that had to be made. */
    public static FsException folderRefusesNewFile(String op, Path path) {
        return new FsException(FsErrorCode.FS_PERMISSION_DENIED, path, "cannot " + op + " " + PATH
                + ": the operating system does not let this process create files in its folder, or the folders on its"
                + " path that do not exist yet (the folder they would go in is not writable to it) — choose another path,"
                + " or ask the user to fix the folder's permissions");
    }

    /** The folder refuses the new file or the rename that replaces the old one. */
    public static FsException folderRefuses(String op, Path path) {
        return new FsException(FsErrorCode.FS_PERMISSION_DENIED, path, "cannot " + op + " " + PATH
                + ": the operating system does not let this process create or replace files in its folder (the folder is"
                + " not writable to it, or it is sticky and the file belongs to another user, or the file is marked"
                + " append-only or immutable); Tool FS writes a new file"
                + " beside the old one and renames it over it — choose another path, or ask the user to fix the folder's permissions");
    }

    /** Symbolic links that lead round in a circle, or too many of them in a row. */
    public static FsException linkLoop(String op, Path path, int maxHops) {
        return new FsException(FsErrorCode.FS_INVALID_PATH, path, "cannot " + op + " " + PATH
                + ": its symbolic links go round in a loop, or more than " + maxHops
                + " of them follow each other; fix the links, or use the path of the file itself");
    }

    /** A link's text goes on with '.' or '..' from a name that is not an existing folder, which no system follows. */
    public static FsException linkThroughNothing(String op, Path path) {
        return new FsException(FsErrorCode.FS_INVALID_PATH, path, "cannot " + op + " " + PATH
                + ": one of its symbolic links goes on with '..' or '.' from a name that is not an existing folder;"
                + " fix the link, or use the path of the file itself");
    }

    /**
     * A name on the path is no longer what the path was resolved through: a link that became a file or folder when its
     * link was read, or a folder gone or turned into a file or a link when the path is used.
     */
    public static FsException pathChanged(String op, Path path) {
        return new FsException(FsErrorCode.FS_IO, path, "cannot " + op + " " + PATH
                + ": a name on its path was replaced or removed by another process while the path was being used (a"
                + " link, a file or a folder put in another's place); nothing was changed — retry");
    }

    /** A folder on the path is no longer the folder the path led to when it was checked (another process swapped it). */
    public static FsException folderChanged(String op, Path path) {
        return new FsException(FsErrorCode.FS_IO, path, "cannot " + op + " " + PATH
                + ": a folder on its path was replaced (by a link or a file) or removed by another process while the file"
                + " was written; the file was not written — retry");
    }

    /** A folder on the path that this process may go through but not list, which a write opens. */
    public static FsException folderUnlistable(String op, Path path) {
        return new FsException(FsErrorCode.FS_PERMISSION_DENIED, path, "cannot " + op + " " + PATH
                + ": a folder on its path cannot be listed by this process (it lacks the read permission), and Tool FS"
                + " opens each folder on the way to " + ("read".equals(op) ? "read" : "write")
                + " safely; choose another path, or ask the user to let this process read the folder");
    }

    /** As {@link #folderChanged}, in the moment a new file was given its name, which goes by path. */
    public static FsException folderChangedWhileNamed(String op, Path path) {
        return new FsException(FsErrorCode.FS_IO, path, "cannot " + op + " " + PATH
                + ": a folder on its path was replaced by another process in the moment the new file was given its name;"
                + " the file may have been made where the path led then — read the file, then retry");
    }

    /**
     * Whether a failure by path means that a name on the way is not the folder it was (ENOENT, ENOTDIR, ELOOP): gone, a
     * file, or a link. After a path was resolved through real folders, that is another process's doing.
     */
    public static boolean folderGone(java.nio.file.FileSystemException e) {
        return e instanceof java.nio.file.NoSuchFileException || e instanceof java.nio.file.NotDirectoryException
                || e.getReason() != null && (e.getReason().equals("Not a directory") || e.getReason().contains("symbolic link"));
    }

    public static FsException io(String op, Path path, Throwable cause) {
        if (cause instanceof UnlistableFolderException) {
            return folderUnlistable(op, path);
        }
        if (cause instanceof java.nio.file.AccessDeniedException) {
            // Wherever it happens (a folder on the way, the file itself), the remedy is the same.
            return permissionDenied(op, path);
        }
        if (cause instanceof java.nio.file.FileSystemException f && folderGone(f)) {
            // A path is resolved through real folders before it is used: a folder gone, or a file or a link on the way,
            // when it is used is another process's doing (a swap). Not Java's words and the server's paths.
            return pathChanged(op, path);
        }
        String reason = cause instanceof java.nio.file.FileSystemException f ? f.getReason()
                : cause == null ? null : cause.getMessage();
        // "Retry" cannot help with these: the model should stop, and say so (found by testing on a full disk).
        if ("No space left on device".equals(reason)) {
            return new FsException(FsErrorCode.FS_IO, path, "cannot " + op + " " + PATH + ": the disk is full (" + reason
                    + "); nothing was changed — tell the user; do not delete files to make room unless asked", cause);
        }
        if ("Disk quota exceeded".equals(reason)) {
            return new FsException(FsErrorCode.FS_IO, path, "cannot " + op + " " + PATH + ": the disk quota is used up ("
                    + reason + "); nothing was changed — tell the user; do not delete files to make room unless asked",
                    cause);
        }
        if ("Read-only file system".equals(reason)) {
            return readOnlyFileSystem(op, path);
        }
        String detail = cause == null ? "unknown" : cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + cause.getMessage());
        return new FsException(FsErrorCode.FS_IO, path, "cannot " + op + " " + PATH + ": I/O error (" + detail
                + "); nothing was changed — retry, or check the disk", cause);
    }

    /** The file system the path is on is mounted read-only: neither retrying nor permissions can help. */
    public static FsException readOnlyFileSystem(String op, Path path) {
        return new FsException(FsErrorCode.FS_IO, path, "cannot " + op + " " + PATH + ": the file system it is on is"
                + " mounted read-only; nothing was changed — tell the user");
    }

    /** The file's lock was held by another change for {@code seconds}: a change stuck (on a special file), say. */
    public static FsException busy(String op, Path path, long seconds) {
        return new FsException(FsErrorCode.FS_IO, path, "cannot " + op + " " + PATH
                + ": another change of this file, or of one that shares its lock, has not finished in " + seconds
                + " s; nothing was changed — retry later");
    }

    /** A size as messages show it: in MiB from 1 MiB, else in KiB. */
    public static String sizeShown(long bytes) {
        return bytes >= 1 << 20 ? (bytes >> 20) + " MiB" : (bytes >> 10) + " KiB";
    }

    /** Other edits held the memory that edits of large files share for {@code seconds}. */
    public static FsException noRoom(String op, Path path, long sharedBytes, long seconds) {
        return new FsException(FsErrorCode.FS_IO, path, "cannot " + op + " " + PATH + ": other writes and edits of large"
                + " files held the " + sizeShown(sharedBytes) + " of memory they share for " + seconds
                + " s; nothing was changed — retry later");
    }

    public static FsException noRoomForImages(Path path, long sharedBytes, long seconds) {
        return new FsException(FsErrorCode.FS_IO, path, "cannot read " + PATH + ": other image reads held the "
                + sizeShown(sharedBytes) + " of memory that images share for " + seconds + " s; retry later");
    }

    public static FsException cancelled(String op, Path path) {
        return new FsException(FsErrorCode.FS_CANCELLED, path,
                "cannot " + op + " " + PATH + ": the call was cancelled; the file was left as it was");
    }
}
