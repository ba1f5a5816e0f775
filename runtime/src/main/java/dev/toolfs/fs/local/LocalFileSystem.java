package dev.toolfs.fs.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.ReentrantLock;

import dev.toolfs.fs.ByteScan;
import dev.toolfs.fs.Cancellation;
import dev.toolfs.fs.ContentHash;
import dev.toolfs.fs.EditMatchException;
import dev.toolfs.fs.EditOutcome;
import dev.toolfs.fs.FileBytes;
import dev.toolfs.fs.FileKind;
import dev.toolfs.fs.FileStat;
import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.FileVersion;
import dev.toolfs.fs.FsErrorCode;
import dev.toolfs.fs.FsException;
import dev.toolfs.fs.LineSink;
import dev.toolfs.fs.LiteralEdit;
import dev.toolfs.fs.Precondition;
import dev.toolfs.fs.RegularFileOpen;
import dev.toolfs.fs.RequestedPath;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.fs.SandboxMode;
import dev.toolfs.fs.TextCursor;
import dev.toolfs.fs.TextEdit;
import dev.toolfs.fs.TextShape;
import dev.toolfs.fs.TextLine;
import dev.toolfs.fs.Utf8LineScanner;
import dev.toolfs.fs.WriteOutcome;
import dev.toolfs.sandbox.SandboxPolicy;

/**
 * The local disk. Mutations are atomic (a temporary file in the target's folder, fsync, rename) and keep the
 * file's permissions; a write through a symlink replaces the link's target and leaves the link alone. Versions pair
 * the stat with a 64-bit checksum of the content ({@link ContentHash}), so a same-size change within one timestamp tick is caught and a
 * timestamp-only change is not a change.
 */
public class LocalFileSystem implements FileSystemProvider {

    private static final org.jboss.logging.Logger LOG = org.jboss.logging.Logger.getLogger(LocalFileSystem.class);

    /**
     * A stat taken less than this long after the file's last modification cannot prove the file unchanged: a write
     * in the same timestamp tick would leave it equal. Generous, to cover coarse filesystem clocks.
     */
    static final long RACY_WINDOW_NANOS = 2_000_000_000L;

    private final Workspace workspace;
    private final long maxHashBytes;
    private final long maxEditBytes;
    /** Whether the lack of secure folder streams was logged. */
    private volatile boolean byPathLogged;
    /** The bytes of large files that edits hold in memory at once. */
    final EditMemory editMemory; // package-private for tests
    final StripedLocks locks = new StripedLocks(256); // package-private for tests
    /** One at a time: writes that may make a folder git takes for a repository (see {@link #writeText}). */
    private final ReentrantLock repositoryNames = new ReentrantLock();
    private final SandboxPolicy sandbox;
    private final boolean fsync;
    /**
     * Line totals of large files by version: paging through a big file needs the total in every footer, and a
     * trusted stat proves the file unchanged, so the total is counted once per version, not once per page.
     */
    private final Map<Path, LineTotal> lineTotals = java.util.Collections.synchronizedMap(
            new java.util.LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Path, LineTotal> eldest) {
                    return size() > 256;
                }
            });

    private record LineTotal(FileVersion version, long lines) {
    }

    /** How many fsyncs write and edit made (for tests of the setting). */
    final java.util.concurrent.atomic.AtomicLong fsyncs = new java.util.concurrent.atomic.AtomicLong();

    /** How many times a line total was counted by scanning (for tests of the cache). */
    final java.util.concurrent.atomic.AtomicLong lineCounts = new java.util.concurrent.atomic.AtomicLong();

    /**
     * @param maxHashBytes files up to this size get a content hash in their version; larger ones are versioned by
     *        their stat alone, so reading a window of a huge file does not read all of it
     * @param maxEditBytes the largest file edit loads, and the largest previous content a write reports
     */
    public LocalFileSystem(Workspace workspace, long maxHashBytes, long maxEditBytes) {
        this(workspace, maxHashBytes, maxEditBytes, null);
    }

    /** @param sandbox the {@code workspace-write} policy, or null for no sandbox */
    public LocalFileSystem(Workspace workspace, long maxHashBytes, long maxEditBytes, SandboxPolicy sandbox) {
        this(workspace, maxHashBytes, maxEditBytes, sandbox, true);
    }

    /**
     * @param fsync whether write and edit sync the new file and its folder before they answer; a replacement is atomic
     *        either way, durable across a power loss only with it
     */
    public LocalFileSystem(Workspace workspace, long maxHashBytes, long maxEditBytes, SandboxPolicy sandbox,
            boolean fsync) {
        this.fsync = fsync;
        this.workspace = workspace;
        this.maxHashBytes = maxHashBytes;
        this.maxEditBytes = maxEditBytes;
        this.sandbox = sandbox;
        this.editMemory = new EditMemory(EditMemory.capacityFor(maxEditBytes, Runtime.getRuntime().maxMemory()));
    }

    public Workspace workspace() {
        return workspace;
    }

    @Override
    public SandboxMode sandboxMode() {
        return sandbox == null ? SandboxMode.OFF : SandboxMode.WORKSPACE_WRITE;
    }

    @Override
    public java.util.Optional<String> sandboxDenial(ResolvedPath path) {
        if (sandbox == null) {
            return java.util.Optional.empty();
        }
        // As spelled too: a protected folder that is a link (.git -> gitdir) protects what is reached through it.
        Path spelled = workspace.onRealRoot(path.requested());
        java.util.Optional<String> denial = sandbox.denial(path.target(), spelled);
        if (denial.isEmpty()) {
            return denial;
        }
        // Where a link takes the path: whoever is asked to approve sees where the change lands.
        String why = denial.get();
        if (spelled != null && !spelled.equals(path.target())) {
            Path root = workspace.realRoots().stream().filter(path.target()::startsWith).findFirst().orElse(null);
            // A link's target may hold any name: one that would not show as it is is escaped (found by black-box testing).
            why += "; the path leads to " + dev.toolfs.fs.ShownText.escaped(String.valueOf(root == null ? path.target()
                    : root.relativize(path.target())));
        }
        return java.util.Optional.of(why);
    }

    private void checkSandbox(String op, ResolvedPath path, boolean escalated) {
        if (!escalated) {
            java.util.Optional<String> denial = sandboxDenial(path);
            if (denial.isPresent()) {
                throw FsException.sandboxDenied(op, path.requested(), denial.get());
            }
        }
    }

    @Override
    public ResolvedPath resolve(String op, String path, Path cwd, Cancellation cancel) {
        return workspace.resolve(op, path, cwd);
    }

    @Override
    public FileStat stat(ResolvedPath path) {
        // The walk that resolved the path looked at it a moment ago: that look is the stat (a read's system call less).
        Lstat seen = workspace.takeLookOrNothingThere(path.target());
        if (seen == Workspace.NOTHING_THERE) {
            return FileStat.MISSING;
        }
        return seen != null ? fileStat(seen) : statOf("read", path);
    }

    private FileStat statOf(String op, ResolvedPath path) {
        return fileStat(lookAt(op, path, false));
    }

    /**
     * A look at the path, with its owner and mode for a change ({@code withOwner}), or null when nothing is there.
     */
    private static Lstat lookAt(String op, ResolvedPath path, boolean withOwner) {
        try {
            return withOwner ? Lstat.withOwner(path.target()) : Lstat.of(path.target());
        } catch (NoSuchFileException e) {
            return null;
        } catch (AccessDeniedException e) {
            throw FsException.permissionDenied(op, path.requested());
        } catch (FileSystemException e) {
            if ("Not a directory".equals(e.getReason())) {
                return null; // a file stands where a folder of the path should be
            }
            throw FsException.io(op, path.requested(), e);
        } catch (IOException e) {
            throw FsException.io(op, path.requested(), e);
        }
    }

    /** What a look shows; {@code a} null is nothing there. */
    private static FileStat fileStat(Lstat a) {
        if (a == null) {
            return FileStat.MISSING;
        }
        if (a.regularFile()) {
            return new FileStat(FileKind.REGULAR, a.size(), a.version(null));
        }
        return new FileStat(a.directory() ? FileKind.DIRECTORY : FileKind.OTHER, a.size(), null);
    }

    // ---- reading

    @Override
    public TextCursor openText(ResolvedPath path, FileStat stat, Cancellation cancel) {
        if (!stat.isRegularFile()) {
            throw FsException.notRegularFile("read", path.requested());
        }
        boolean hash = stat.size() <= maxHashBytes;
        InputStream in;
        try {
            in = new EndAtStatSize(openRegular(path.target()), stat.size());
        } catch (NoSuchFileException e) {
            throw FsException.notFound("read", path.requested());
        } catch (RegularFileOpen.NotRegularFileException e) {
            throw FsException.notRegularFile("read", path.requested());
        } catch (IOException e) {
            // A file or a folder on the way this process may not read, a folder swapped: FsException.io says which.
            throw FsException.io("read", path.requested(), e);
        }
        ContentHash digest = hash ? new ContentHash() : null;
        // A buffer as large as the file (plus the byte that shows its end), up to 64 KiB: a small file costs little, and
        // the thread keeps a full-size one between reads of large files (each a new one was garbage to collect).
        int size = (int) Math.min(SCAN_BUFFER, Math.max(stat.size() + 1, 1024));
        boolean full = size == SCAN_BUFFER;
        byte[] buffer = full ? SCAN_BUFFERS.get() : null;
        if (buffer == null) {
            buffer = new byte[size];
        } else {
            SCAN_BUFFERS.set(null); // while this cursor has it
        }
        Utf8LineScanner scanner = new Utf8LineScanner(in, digest, buffer, cancel);
        return new LocalTextCursor(path, stat, scanner, digest, in, cancel, full ? buffer : null);
    }

    private static final int SCAN_BUFFER = 64 * 1024;
    /** The full-size scan buffer each thread keeps for its next read; empty while a cursor of that thread has it. */
    private static final ThreadLocal<byte[]> SCAN_BUFFERS = new ThreadLocal<>();

    /** A scanner call with its one argument (unused by some). */
    private interface ScannerCall<T> {
        T on(Utf8LineScanner scanner, int arg, LineSink sink);
    }

    private static final ScannerCall<Boolean> SKIP_LINE = (s, arg, sink) -> s.skipLine();
    private static final ScannerCall<TextLine> NEXT_LINE = (s, arg, sink) -> s.nextLine(arg);
    private static final ScannerCall<Boolean> NEXT_LINES = Utf8LineScanner::nextLines;
    private static final ScannerCall<Long> COUNT_REST = (s, arg, sink) -> s.countRemainingLines();
    private static final ScannerCall<Void> DRAIN = (s, arg, sink) -> {
        s.drain();
        return null;
    };

    private final class LocalTextCursor implements TextCursor {
        private final ResolvedPath path;
        private final FileStat stat;
        private final Utf8LineScanner scanner;
        private final ContentHash digest;
        private final InputStream in;
        private final Cancellation cancel;
        private boolean headChecked;
        /** The thread's kept scan buffer, handed back on close; null when the scanner has a buffer of its own. */
        private byte[] keptBuffer;
        private boolean closed;

        LocalTextCursor(ResolvedPath path, FileStat stat, Utf8LineScanner scanner, ContentHash digest, InputStream in,
                Cancellation cancel, byte[] keptBuffer) {
            this.keptBuffer = keptBuffer;
            this.path = path;
            this.stat = stat;
            this.scanner = scanner;
            this.digest = digest;
            this.in = in;
            this.cancel = cancel;
        }

        /**
         * Runs {@code call} on the scanner, after the cancellation check and, once, the file's head check, with the
         * scanner's failures as the provider's. The calls are non-capturing lambdas with their argument passed in: a
         * capturing one would be allocated on every line, which the quick JIT compiler does through a slow native call.
         */
        private <T> T guarded(ScannerCall<T> call, int arg) {
            return guarded(call, arg, null);
        }

        private <T> T guarded(ScannerCall<T> call, int arg, LineSink sink) {
            if (closed) {
                // Its scan buffer may be another cursor's now: what it would read there is another file's.
                throw new IllegalStateException("the text cursor of " + path.requested() + " is closed");
            }
            if (cancel.isCancelled()) {
                throw FsException.cancelled("read", path.requested());
            }
            try {
                if (!headChecked) {
                    headChecked = true;
                    scanner.checkHead();
                }
                return call.on(scanner, arg, sink);
            } catch (Utf8LineScanner.NotTextException e) {
                throw FsException.notText("read", path.requested(), e.getMessage());
            } catch (java.util.concurrent.CancellationException e) {
                throw FsException.cancelled("read", path.requested());
            } catch (UncheckedIOException e) {
                throw FsException.io("read", path.requested(), e.getCause());
            }
        }

        @Override
        public boolean skipLine() {
            return guarded(SKIP_LINE, 0);
        }

        @Override
        public TextLine nextLine(int maxChars) {
            return guarded(NEXT_LINE, maxChars);
        }

        @Override
        public boolean nextLines(int maxChars, LineSink sink) {
            return guarded(NEXT_LINES, maxChars, sink);
        }

        @Override
        public long countRemainingLines() {
            FileVersion v = stat.version();
            boolean cacheable = digest == null && v.statTrusted();
            if (cacheable) {
                LineTotal known = lineTotals.get(path.target());
                if (known != null && known.version().sameStat(v)) {
                    return known.lines() - scanner.linesConsumed();
                }
            }
            long counted = guarded(COUNT_REST, 0);
            lineCounts.incrementAndGet();
            if (cacheable) {
                lineTotals.put(path.target(), new LineTotal(v, scanner.linesConsumed()));
            }
            return counted;
        }

        @Override
        public FileVersion version() {
            FileVersion statV = stat.version();
            if (digest == null) {
                return statV;
            }
            guarded(DRAIN, 0);
            return statV.withContent(digest.hex(), scanner.bytesRead());
        }

        @Override
        public void close() {
            closed = true;
            try {
                in.close();
            } catch (IOException e) {
                // Nothing was written; a failed close of a read stream loses nothing.
            }
            if (keptBuffer != null) {
                // The lines handed out were copied from it: the next read of this thread may use it.
                SCAN_BUFFERS.set(keptBuffer);
                keptBuffer = null;
            }
        }
    }

    @Override
    public String readText(ResolvedPath path, long maxBytes, Cancellation cancel) {
        return decodeStrict("read", path, readRegular(path, statOf("read", path), maxBytes));
    }

    @Override
    public FileBytes readBytes(ResolvedPath path, long maxBytes, Cancellation cancel) {
        FileStat st = statOf("read", path);
        byte[] bytes = readRegular(path, st, maxBytes);
        // The bytes are what was seen: their checksum is the version's content.
        return new FileBytes(bytes, st.version().withContent(ContentHash.of(bytes), bytes.length));
    }

    /**
     * A stream over a regular file (a real path), opened in its folder held open: a folder on the way swapped for a
     * link since the path was checked cannot lead the read out of the workspace (see {@link OpenFolders}).
     */
    private InputStream openRegular(Path file) throws IOException {
        return OpenFolders.open(file, workspace.realRoots());
    }

    /** The whole of a regular file of at most {@code maxBytes}, as {@code st} found it. */
    private byte[] readRegular(ResolvedPath path, FileStat st, long maxBytes) {
        if (!st.exists()) {
            throw FsException.notFound("read", path.requested());
        }
        if (!st.isRegularFile()) {
            throw FsException.notRegularFile("read", path.requested());
        }
        if (st.size() > maxBytes) {
            throw FsException.tooLarge("read", path.requested(), st.size(), maxBytes);
        }
        return readAll("read", path, maxBytes, st);
    }

    /** The file's bytes; {@code st} is its stat, which sizes the read. */
    private byte[] readAll(String op, ResolvedPath path, long maxBytes, FileStat st) {
        try (InputStream in = openRegular(path.target())) {
            // No array holds more: a file beyond that is too large whatever the setting, never read cut short.
            int max = (int) Math.min(maxBytes, WholeFileRead.MAX_ARRAY - 1);
            byte[] bytes = WholeFileRead.read(in, st.size(), max + 1);
            if (bytes.length > max) {
                throw FsException.tooLarge(op, path.requested(), bytes.length, max);
            }
            return bytes;
        } catch (NoSuchFileException e) {
            throw FsException.notFound(op, path.requested());
        } catch (RegularFileOpen.NotRegularFileException e) {
            throw FsException.notRegularFile(op, path.requested());
        } catch (IOException e) {
            // A file this process may not read, a folder on the way it may not list, or one gone or swapped since the
            // look: FsException.io says which.
            throw FsException.io(op, path.requested(), e);
        }
    }

    /** The largest replaced file whose lines a write counts for its card when it cannot show it as text. */
    static final long MAX_COUNTED_BYTES = 64L << 20;

    /** Lines as a read counts them: a last line without a line break counts too. */
    private static int lineCount(byte[] bytes) {
        long newlines = ByteScan.count(bytes, (byte) '\n', 0, bytes.length);
        return (int) (bytes.length == 0 || bytes[bytes.length - 1] == '\n' ? newlines : newlines + 1);
    }

    /** The lines of a file, read a piece at a time; null when it cannot be read or the call is cancelled. */
    private Integer countLines(Path file, Cancellation cancel) {
        try (InputStream in = openRegular(file)) {
            long lines = new Utf8LineScanner(in, null, 64 * 1024, cancel).countRemainingLines();
            return (int) Math.min(Integer.MAX_VALUE, lines);
        } catch (IOException | UncheckedIOException | java.util.concurrent.CancellationException e) {
            return null; // the write itself checks the cancellation again before its point of no return
        }
    }

    private static String decodeStrict(String op, ResolvedPath path, byte[] bytes) {
        // ASCII without NUL, as most source files are: valid UTF-8 by construction, so a plain copy (the JDK's UTF-8
        // decoding would look at every byte once more, one at a time under the quick JIT compiler).
        if (ByteScan.indexOfNulOrNonAscii(bytes, 0, bytes.length) < 0) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
        try {
            // The JDK's own decoding is the fast one; it replaces bad input with U+FFFD, so only a text holding U+FFFD
            // (bad input, or a genuine U+FFFD) is decoded again by the strict decoder, which reports bad input.
            String s = new String(bytes, StandardCharsets.UTF_8);
            if (s.indexOf('\uFFFD') >= 0) {
                s = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes)).toString();
            }
            // Valid UTF-8 holds a 0x00 byte exactly where the text holds U+0000.
            int nul = ByteScan.indexOf(bytes, (byte) 0, 0, bytes.length);
            if (nul >= 0) {
                throw FsException.notText(op, path.requested(), "line " + lineAt(bytes, nul) + " contains NUL bytes");
            }
            return s;
        } catch (CharacterCodingException e) {
            // Named by its line, as read names it: the model may have read the file only up to there.
            int bad = ByteScan.indexOfInvalidUtf8(bytes, 0, bytes.length);
            throw FsException.notText(op, path.requested(),
                    bad < 0 ? "it is not valid UTF-8" : "invalid UTF-8 in line " + lineAt(bytes, bad));
        }
    }

    /** The 1-based number of the line that holds byte {@code at}. */
    private static long lineAt(byte[] bytes, int at) {
        return 1 + ByteScan.count(bytes, (byte) '\n', 0, at);
    }

    // ---- mutations

    @Override
    public void checkChangeable(String op, ResolvedPath path, Precondition precondition, TextEdit edit) {
        // The checks writeText and editText make before they change anything, in the same order and words.
        Lstat look = lookAt(op, path, true);
        FileStat st = fileStat(look);
        if (edit == null) {
            if (st.exists() && !st.isRegularFile()) {
                throw FsException.notRegularFile(op, path.requested());
            }
            if (precondition instanceof Precondition.CreateIfAbsent) {
                check(op, path, precondition, st, null);
            }
            byte[] old = st.exists() && st.size() <= maxEditBytes ? readAll(op, path, maxEditBytes, st) : null;
            check(op, path, precondition, st, old);
            if (st.exists()) {
                checkWritable(op, path, look);
            } else {
                missingFolders(op, path, path.target().getParent()); // throws where a file stands for a folder
            }
            return;
        }
        if (!st.exists()) {
            throw precondition instanceof Precondition.IfVersion ? FsException.staleVersionDeleted(op, path.requested())
                    : notFound(op, path);
        }
        if (!st.isRegularFile()) {
            throw FsException.notRegularFile(op, path.requested());
        }
        if (st.size() > maxEditBytes) {
            throw FsException.tooLarge(op, path.requested(), st.size(), maxEditBytes);
        }
        byte[] old = readAll(op, path, maxEditBytes, st);
        check(op, path, precondition, st, old);
        checkWritable(op, path, look);
        edited(path, old, decodeStrict(op, path, old), edit, chars -> {
        }); // a check before a person is asked: rare, and nothing is kept
    }

    @Override
    public WriteOutcome writeText(ResolvedPath path, String content, Precondition precondition, boolean escalated,
            Cancellation cancel) {
        // A write that may make a name git looks for in a repository's folder waits for any other such write, from its
        // sandbox check to its rename: two at once would each find the other's name missing (see
        // SandboxPolicy.repositoryDenial). Such names are rare; other writes do not wait.
        if (sandbox == null || !SandboxPolicy.mayShapeRepository(path.target())) {
            return writeTextInTurn(path, content, precondition, escalated, cancel);
        }
        acquire(repositoryNames, "write", path, cancel);
        try {
            return writeTextInTurn(path, content, precondition, escalated, cancel);
        } finally {
            repositoryNames.unlock();
        }
    }

    private WriteOutcome writeTextInTurn(ResolvedPath path, String content, Precondition precondition, boolean escalated,
            Cancellation cancel) {
        checkNotOwnConfiguration("write", path);
        byte[] data = content.getBytes(StandardCharsets.UTF_8);
        // Taken before the lock: trusted only to create a file, which the link that creates it refuses to do over
        // anything another call or process put there meanwhile (with the error a stat under the lock would have led
        // to, though after the sandbox's check rather than before).
        Lstat walked = workspace.takeLookOrNothingThere(path.target());
        boolean nothingThere = walked == Workspace.NOTHING_THERE && precondition instanceof Precondition.CreateIfAbsent;
        // A large write holds its content several times over too (the text, its bytes, the file it replaces and their
        // texts for the card): it shares the edits' room, taken before the lock as theirs is (found by black-box
        // testing: two writes of 10 MB at once ran a 128 MiB heap out, which ends the sidecar). The size of the file it
        // replaces is the walk's look's, when it took one: no stat more on a write's path.
        long replaced = walked == Workspace.NOTHING_THERE ? 0
                : walked != null ? (walked.regularFile() && walked.size() <= maxEditBytes ? walked.size() : 0)
                        : sizeBeforeLock(path);
        int room = room("write", path, Math.max(data.length, replaced), cancel);
        ReentrantLock lock;
        try {
            lock = lock("write", path, cancel);
        } catch (RuntimeException e) {
            editMemory.give(room);
            throw e;
        }
        try {
            Lstat look = nothingThere ? null : lookAt("write", path, true);
            FileStat st = fileStat(look);
            if (st.exists() && !st.isRegularFile()) {
                throw FsException.notRegularFile("write", path.requested());
            }
            if (precondition instanceof Precondition.CreateIfAbsent) {
                check("write", path, precondition, st, null);
            }
            // After the read-before-write guard (a model told "read it first" can act on that), as documented.
            checkSandbox("write", path, escalated);
            byte[] old = st.exists() && st.size() <= maxEditBytes ? readAll("write", path, maxEditBytes, st) : null;
            check("write", path, precondition, st, old);
            if (st.exists()) {
                checkWritable("write", path, look);
            }
            String before = null;
            TextShape beforeShape = null;
            WriteOutcome.Unseen unseen = null;
            if (old != null) {
                try {
                    String raw = decodeStrict("write", path, old);
                    before = TextShape.logical(raw);
                    beforeShape = TextShape.of(raw);
                } catch (FsException notText) {
                    unseen = new WriteOutcome.Unseen(lineCount(old));
                }
            } else if (st.exists()) {
                // Too large to hold as text: its lines are still counted for the card, unless that means reading
                // more than 64 MiB under the file's lock.
                unseen = new WriteOutcome.Unseen(st.size() <= MAX_COUNTED_BYTES ? countLines(path.target(), cancel) : null);
            }
            if (beforeShape != null) {
                // The file's CRLF endings and byte-order mark, which the model could not see, are kept.
                String kept = beforeShape.keptIn(content);
                if (kept != content) {
                    data = kept.getBytes(StandardCharsets.UTF_8);
                }
            }
            boolean sameBytes = old != null && java.util.Arrays.equals(old, data);
            boolean createOnly = precondition instanceof Precondition.CreateIfAbsent;
            FileVersion version = replace("write", path, data, look, old, createOnly, precondition, cancel);
            return new WriteOutcome(!st.exists(), before, version, beforeShape, sameBytes, unseen);
        } finally {
            lock.unlock();
            editMemory.give(room);
        }
    }

    /** How long a change waits for its file's lock, which the calls before it normally hold for milliseconds. */
    static final long LOCK_WAIT_SECONDS = 60;

    /**
     * The file's lock, taken: a call waits its turn, but not for ever (a change stuck in the kernel, on a named pipe
     * put in the file's place, would otherwise stop every later change of the files of its stripe), and not once it is
     * cancelled.
     */
    private ReentrantLock lock(String op, ResolvedPath path, Cancellation cancel) {
        ReentrantLock lock = locks.forPath(path.target());
        acquire(lock, op, path, cancel);
        return lock;
    }

    /** Takes {@code lock}, waiting at most {@link #LOCK_WAIT_SECONDS}, and not once the call is cancelled. */
    private static void acquire(ReentrantLock lock, String op, ResolvedPath path, Cancellation cancel) {
        if (lock.tryLock()) {
            return;
        }
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(LOCK_WAIT_SECONDS);
        try {
            while (!lock.tryLock(100, java.util.concurrent.TimeUnit.MILLISECONDS)) {
                if (cancel.isCancelled()) {
                    throw FsException.cancelled(op, path.requested());
                }
                if (System.nanoTime() - deadline > 0) {
                    throw FsException.busy(op, path.requested(), LOCK_WAIT_SECONDS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw FsException.cancelled(op, path.requested());
        }
    }

    @Override
    public EditOutcome editText(ResolvedPath path, TextEdit edit, Precondition precondition, boolean escalated,
            Cancellation cancel) {
        checkNotOwnConfiguration("edit", path);
        checkSandbox("edit", path, escalated);
        long wanted = sizeBeforeLock(path);
        for (int attempt = 1;; attempt++) {
            try {
                return editInRoom(path, edit, precondition, cancel, wanted);
            } catch (MoreRoomNeeded more) {
                if (attempt == MAX_ROOM_ATTEMPTS) {
                    throw FsException.noRoom("edit", path.requested(), editMemory.capacityBytes(), LOCK_WAIT_SECONDS);
                }
                wanted = more.bytes; // waited for before the lock this time, as any edit's room is
            }
        }
    }

    /** How many times an edit that grows its file waits for more room before it gives up (other edits took it). */
    private static final int MAX_ROOM_ATTEMPTS = 3;

    /** Thrown under the lock when an edit's new text needs more room than it took and that room is not free now. */
    private static final class MoreRoomNeeded extends RuntimeException {

        final long bytes;

        MoreRoomNeeded(long bytes) {
            super(null, null, false, false);
            this.bytes = bytes;
        }
    }

    /** The edit, with room for a file of {@code wanted} bytes taken first (and more, if free, for what it makes). */
    private EditOutcome editInRoom(ResolvedPath path, TextEdit edit, Precondition precondition, Cancellation cancel,
            long wanted) {
        // The room for a large file is waited for before its lock, not under it: a wait of up to a minute would
        // otherwise hold up every change of the files that share the lock's stripe.
        int[] room = { room("edit", path, wanted, cancel) };
        ReentrantLock lock = null;
        try {
            lock = lock("edit", path, cancel);
            Lstat look = lookAt("edit", path, true);
            FileStat st = fileStat(look);
            if (!st.exists()) {
                if (precondition instanceof Precondition.IfVersion) {
                    throw FsException.staleVersionDeleted("edit", path.requested());
                }
                throw notFound("edit", path);
            }
            if (!st.isRegularFile()) {
                throw FsException.notRegularFile("edit", path.requested());
            }
            if (st.size() > maxEditBytes) {
                throw FsException.tooLarge("edit", path.requested(), st.size(), maxEditBytes);
            }
            // Grown since it was first looked at (rare): the rest if it is free, else this edit goes over the bound
            // by that growth. Waited for here, under the lock, it could wait for edits that wait for this lock.
            room[0] = editMemory.takeMoreIfFree(room[0], st.size());
            byte[] old = readAll("edit", path, maxEditBytes, st);
            check("edit", path, precondition, st, old);
            checkWritable("edit", path, look);
            String text = decodeStrict("edit", path, old);
            // The new text is held several times over too: an edit that makes a file larger than it read (a small
            // file's replace_all can make one of the edit's whole limit) takes room for it before building it, or
            // starts again, waiting for that room before the lock (found by black-box testing: parallel growing
            // edits ran the heap out, which ends the sidecar).
            Edited edited = edited(path, old, text, edit, chars -> {
                long needed = Math.max(st.size(), chars);
                int grown = editMemory.takeMoreIfFree(room[0], needed);
                if (grown < editMemory.kibFor(needed)) {
                    throw new MoreRoomNeeded(needed);
                }
                room[0] = grown;
            });
            LiteralEdit.Result result = edited.result();
            byte[] data = edited.data();
            FileVersion version = replace("edit", path, data, look, old, false, precondition, cancel);
            // Read back from the new file (a CR in the replacement): its line endings may have changed unseen.
            boolean fused = result.changed() == null;
            return new EditOutcome(result.before(), result.after(), result.replacements(), version, result.changed(),
                    fused ? TextShape.of(text) : null, fused ? TextShape.of(result.physicalAfter()) : null);
        } finally {
            if (lock != null) {
                lock.unlock();
            }
            editMemory.give(room[0]);
        }
    }

    /** The file's size as one look shows it before its lock is taken, or 0 (the look under the lock decides). */
    private long sizeBeforeLock(ResolvedPath path) {
        try {
            Lstat look = Lstat.of(path.target());
            return look.regularFile() && look.size() <= maxEditBytes ? look.size() : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    /** Room in {@link #editMemory} for a file of {@code size} bytes, waited for as a lock is. */
    private int room(String op, ResolvedPath path, long size, Cancellation cancel) {
        try {
            return editMemory.take(size, cancel, java.util.concurrent.TimeUnit.SECONDS.toNanos(LOCK_WAIT_SECONDS));
        } catch (java.util.concurrent.CancellationException e) {
            throw FsException.cancelled(op, path.requested());
        } catch (java.util.concurrent.TimeoutException e) {
            throw FsException.noRoom(op, path.requested(), editMemory.capacityBytes(), LOCK_WAIT_SECONDS);
        }
    }

    /**
     * Refuses a start-up file, unless this thread resolved this very path for a write or an edit a moment ago (which
     * checked it then): whatever operation name the caller resolved the path with, as an application's tool may use
     * its own.
     */
    private void checkNotOwnConfiguration(String op, ResolvedPath path) {
        if (!workspace.takeCheckedForChange(path)) {
            workspace.checkNotOwnConfiguration(op, path.requested(), path.target());
        }
    }

    private record Edited(LiteralEdit.Result result, byte[] data) {
    }

    /** The edit applied to the file's text, and the bytes to write; refused when it does not match or grows too large. */
    private Edited edited(ResolvedPath path, byte[] old, String text, TextEdit edit,
            java.util.function.LongConsumer beforeBuilding) {
        LiteralEdit.Result result;
        try {
            result = LiteralEdit.apply(text, old, edit, maxEditBytes, beforeBuilding);
        } catch (EditMatchException e) {
            throw FsException.editMatch(path.requested(), e);
        }
        // An ASCII file (one byte a character) with ASCII put in stays ASCII: its bytes are a plain copy of the text.
        byte[] data = text.length() == old.length && ByteScan.isAscii(edit.newString())
                ? result.physicalAfter().getBytes(StandardCharsets.ISO_8859_1)
                : result.physicalAfter().getBytes(StandardCharsets.UTF_8);
        if (data.length > maxEditBytes) {
            // Only possible with line breaks turned into CRLF, or characters of several bytes, put in.
            throw new FsException(FsErrorCode.FS_TOO_LARGE, path.requested(), "cannot edit " + FsException.PATH + ": "
                    + LiteralEdit.tooLargeDetail(result.replacements(), maxEditBytes));
        }
        return new Edited(result, data);
    }

    /** Checks the guard against what is on disk now; {@code old} is the current content when it was small enough. */
    private void check(String op, ResolvedPath path, Precondition precondition, FileStat st, byte[] old) {
        if (precondition instanceof Precondition.CreateIfAbsent c) {
            if (st.exists()) {
                if (c.ifExists() == FsErrorCode.FS_NOT_OBSERVED && st.isRegularFile()) {
                    // "Read the file first" would send the model round in a loop: it is told what the file is instead.
                    readFirstRefusal(op, path).ifPresent(refusal -> {
                        throw refusal;
                    });
                }
                throw existsError(op, path, c.ifExists());
            }
        } else if (precondition instanceof Precondition.IfVersion v) {
            if (!st.exists()) {
                throw FsException.staleVersionDeleted(op, path.requested());
            }
            if (!sameContent(v.version(), st.version(), old, path, op)) {
                throw FsException.staleVersion(op, path.requested());
            }
            if (old != null && v.version().contentHash() == null && !unchangedSince(st, path, old)) {
                // Seen by its stat alone (too large to hash): a change while it was read here shows in a new stat.
                throw FsException.staleVersion(op, path.requested());
            }
        }
    }

    /**
     * Refuses to replace a file that may not be written. Replacing renames a new file over the old one, which only
     * its folder's permissions govern: without this check a read-only file, or another user's file in a folder this
     * process may write, would be replaced. A file without any write permission bit is read-only also for root.
     *
     * @param look the file's look under its lock, whose mode is the file's (none where the system has no modes)
     */
    private static void checkWritable(String op, ResolvedPath path, Lstat look) {
        if (writable(path.target(), look)) {
            return;
        }
        // isWritable asks about whatever the path leads to now: a file gone or replaced since the look (a folder on the
        // way swapped, say) is a change, not a read-only file; the same file is asked again.
        Lstat now;
        try {
            now = Lstat.of(path.target());
        } catch (IOException e) {
            throw FsException.staleVersionDeleted(op, path.requested());
        }
        if (!java.util.Objects.equals(now.fileKey(), look.fileKey())) {
            throw FsException.staleVersion(op, path.requested());
        }
        if (!writable(path.target(), look)) {
            // A file system mounted read-only refuses whatever the permissions say: "ask the user to make it
            // writable" would not help (found by a review from the model's side).
            throw onReadOnlyFileSystem(path.target()) ? FsException.readOnlyFileSystem(op, path.requested())
                    : FsException.readOnly(op, path.requested());
        }
    }

    private static boolean onReadOnlyFileSystem(Path target) {
        try {
            return Files.getFileStore(target).isReadOnly();
        } catch (IOException e) {
            return false; // not to be told: the permissions' answer
        }
    }

    /** Whether this process may write the file, and someone may at all (root may write anything). */
    private static boolean writable(Path target, Lstat look) {
        return (look.owner() == null || (look.owner().mode() & 0222) != 0) && Files.isWritable(target);
    }

    /**
     * The error for a name taken when the file was to be created: what a stat just before would have led to (a folder
     * or another kind of file is not a regular file; a file exists).
     */
    private static FsException foundInTheWay(String op, ResolvedPath path, FsErrorCode ifExists) {
        try {
            if (!Lstat.of(path.target()).regularFile()) {
                return FsException.notRegularFile(op, path.requested());
            }
        } catch (IOException e) {
            // Not to be looked at (gone again, or its folder now refuses): it was there when the link was refused.
        }
        return existsError(op, path, ifExists);
    }

    @Override
    public java.util.Optional<FsException> readFirstRefusal(String op, ResolvedPath path) {
        try {
            if (!Lstat.of(path.target()).regularFile()) {
                return java.util.Optional.empty();
            }
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
        try (java.io.InputStream in = openRegular(path.target())) {
            new dev.toolfs.fs.Utf8LineScanner(in, null, 16 * 1024).checkHead();
            return java.util.Optional.empty();
        } catch (dev.toolfs.fs.Utf8LineScanner.NotTextException e) {
            return java.util.Optional.of(FsException.notTextUnread(op, path.requested(), e.getMessage()));
        } catch (AccessDeniedException e) {
            // Read is refused too (found by black-box testing: write-only for this process).
            return java.util.Optional.of(FsException.unreadableUnread(op, path.requested()));
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty(); // not to be looked at now: the usual answer, which a read then explains
        }
    }

    /** Which refusal: a new file has no old one to be renamed over. */
    private static FsException folderRefuses(String op, ResolvedPath path, Lstat existing) {
        return existing == null ? FsException.folderRefusesNewFile(op, path.requested())
                : FsException.folderRefuses(op, path.requested());
    }

    private static FsException existsError(String op, ResolvedPath path, FsErrorCode code) {
        return code == FsErrorCode.FS_NOT_OBSERVED ? FsException.notObserved(op, path.requested())
                : FsException.exists(path.requested());
    }

    /**
     * True when the file still holds what was seen. The content decides, so a touch or a formatter rewriting identical
     * bytes is not a change. The content just read ({@code current}) is always checked: it is what the edit changes,
     * and a process rewriting the file in place while it was read leaves a mix that the stat taken before does not
     * show. Without it, an unchanged, trusted stat proves it without reading the file.
     */
    private boolean sameContent(FileVersion seen, FileVersion now, byte[] current, ResolvedPath path, String op) {
        if (seen.contentHash() != null && current != null) {
            return current.length == seen.size() && ContentHash.of(current).equals(seen.contentHash());
        }
        if (seen.sameStat(now) && seen.statTrusted()) {
            return true;
        }
        if (seen.contentHash() == null) {
            // Too large to hash when seen: only the stat can tell, and it differs or is racy.
            return seen.sameStat(now);
        }
        if (seen.size() != now.size()) {
            return false;
        }
        String hash = hashFile(op, path); // not read here: the content read is compared above
        return hash.equals(seen.contentHash());
    }

    /** Whether the file's stat after reading {@code content} is still {@code before}'s, with as many bytes. */
    static boolean unchangedSince(FileStat before, ResolvedPath path, byte[] content) {
        if (content.length != before.size()) {
            return false;
        }
        try {
            return Lstat.of(path.target()).version(null).sameStat(before.version());
        } catch (IOException e) {
            return false;
        }
    }

    private String hashFile(String op, ResolvedPath path) {
        ContentHash d = new ContentHash();
        try (InputStream in = openRegular(path.target())) {
            byte[] buf = new byte[64 * 1024];
            for (int n; (n = in.read(buf)) > 0;) {
                d.update(buf, 0, n);
            }
        } catch (RegularFileOpen.NotRegularFileException e) {
            throw FsException.notRegularFile(op, path.requested());
        } catch (IOException e) {
            throw FsException.io(op, path.requested(), e);
        }
        return d.hex();
    }

    /**
     * Writes {@code data} to a temporary file beside the target, syncs it, and renames it over the target, then syncs
     * the folder (both syncs only with fsync on); the target keeps its permissions. With {@code createOnly}, the rename
     * never replaces a file that appeared meanwhile (a hard link is created instead, which fails if the name exists).
     *
     * @param existing the look at the file this replaces, taken under its lock, or null when there is none
     */
    private FileVersion replace(String op, ResolvedPath path, byte[] data, Lstat existing, byte[] existingContent,
            boolean createOnly, Precondition precondition, Cancellation cancel) {
        // This thread's walk looked at the file this call replaces: no stat after the replacement may take that look.
        workspace.forgetLook();
        Path target = path.target();
        Path dir = target.getParent();
        Path temp = null;
        Path createdFrom = null; // the highest folder this call created, removed again if the call fails
        boolean done = false;
        // The folder held open: the new file is made, renamed and removed in it, whatever its path leads to meanwhile.
        java.nio.file.SecureDirectoryStream<Path> folder = null;
        try {
            // Named before any folder is made: a path too long for it fails with nothing to undo (found by black-box
            // testing: thousands of folders made, then removed one by one, took a minute).
            Path tempName = dir.resolve(tempName(target.getFileName().toString()));
            if (Workspace.tooLongForTheSystem(tempName)) {
                // A path near the system's limit: the temporary name without the file's own.
                tempName = dir.resolve(tempName(""));
                if (Workspace.tooLongForTheSystem(tempName)) {
                    throw FsException.invalidPath(op, path.requested(), "the path is too close to the"
                            + " system's limit (4096 bytes) for the temporary file a safe write makes beside it");
                }
            }
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                // Only when missing: createDirectories tries to create the folder first and throws (a costly
                // exception) when it exists, which it nearly always does.
                createdFrom = missingFolders(op, path, dir);
                makeFolders(op, path, dir);
            }
            temp = tempName;
            folder = secureFolder(op, path, dir);
            try {
                writeTemp(folder, temp, existing != null, data);
            } catch (NoSuchFileException gone) {
                if (folder == null) {
                    throw gone; // openTemp made the folder again already
                }
                // Another write into the same new folder failed and removed it (the locks are per file): made again,
                // once, as by path.
                folder.close();
                folder = null;
                Path missing = missingFolders(op, path, dir);
                if (missing != null && (createdFrom == null || createdFrom.startsWith(missing))) {
                    createdFrom = missing; // made by this call now: synced into their parent, removed on failure
                }
                makeFolders(op, path, dir);
                folder = secureFolder(op, path, dir);
                writeTemp(folder, temp, existing != null, data);
            }
            if (existing != null) {
                // The look under the lock is as old as the call's own work: writing and syncing a large file takes
                // a tenth of a second or more, in which another process may change the file. Looked at again just
                // before the rename, so that such a change fails this call instead of being replaced unseen, and a file
                // made private meanwhile is not given its old mode back.
                copyOwnerAndMode(unchangedBeforeRename(op, path, existing, existingContent, folder), posixView(folder, temp),
                        temp);
            }
            if (cancel.isCancelled()) {
                throw FsException.cancelled(op, path.requested());
            }
            if (createOnly) {
                linkNoReplace(op, path, temp, precondition, folder);
            } else if (folder != null) {
                try {
                    folder.move(temp.getFileName(), folder, target.getFileName()); // rename in the folder itself: atomic
                } catch (NoSuchFileException e) {
                    // The new file, or the folder held, was removed by another process meanwhile.
                    throw FsException.folderChanged(op, path.requested());
                }
                temp = null;
            } else {
                try {
                    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
                }
                temp = null;
            }
            if (fsync) {
                syncFolder(folder, dir);
                // A new folder's name lives in its parent: synced too, or the file could vanish with its folder.
                Path top = createdFrom == null ? dir : createdFrom.getParent();
                for (Path p = dir; !p.equals(top); p = p.getParent()) {
                    syncFolder(p.getParent());
                }
            }
            done = true;
            return versionWritten(target, data);
        } catch (FsException e) {
            throw e;
        } catch (AccessDeniedException e) {
            // The old file is not opened here: what refused is its folder (the new file, a new folder, the rename).
            throw folderRefuses(op, path, existing);
        } catch (FileSystemException e) {
            if ("Operation not permitted".equals(e.getReason())) {
                throw folderRefuses(op, path, existing); // the rename, in a sticky folder; an immutable folder
            }
            if ("File name too long".equals(e.getReason())) {
                throw Workspace.tooLong(op, path.requested(), target);
            }
            if (FsException.folderGone(e)) {
                // The path was resolved to real folders: one gone, or a file or a link on the way, is another process's doing.
                throw FsException.folderChanged(op, path.requested());
            }
            throw FsException.io(op, path.requested(), e);
        } catch (IOException e) {
            throw FsException.io(op, path.requested(), e);
        } finally {
            if (temp != null) {
                try {
                    if (folder != null) {
                        folder.deleteFile(temp.getFileName());
                    } else {
                        Files.deleteIfExists(temp);
                    }
                } catch (NoSuchFileException e) {
                    // never made (the call failed before), or gone already
                } catch (IOException e) {
                    // A leftover hidden temporary file is harmless and never read back, but the user should know of it
                    // (a folder whose entries cannot be removed, such as an append-only one, keeps it).
                    LOG.warnf("the temporary file %s could not be removed (%s); remove it by hand", temp, e);
                }
            }
            if (folder != null) {
                try {
                    folder.close();
                } catch (IOException e) {
                    // nothing left to do with it
                }
            }
            if (!done && createdFrom != null) {
                removeEmptyFolders(dir, createdFrom, workspace.realRoots());
            }
        }
    }

    /** Creates {@code dir} and the folders above it that are missing, which were checked to be missing or folders. */
    private static void makeFolders(String op, ResolvedPath path, Path dir) throws IOException {
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            // Something other than a folder took a name on the way since it was looked at: another process's doing.
            throw FsException.folderChanged(op, path.requested());
        } catch (FileSystemException e) {
            if (FsException.folderGone(e)) {
                // The folders were looked at just before: a file or a link on the way now is another process's doing.
                throw FsException.folderChanged(op, path.requested());
            }
            throw e;
        }
    }

    /** Makes the temporary file (in the folder held open, or by path where there is none) and writes it whole. */
    private void writeTemp(java.nio.file.SecureDirectoryStream<Path> folder, Path temp, boolean replacing, byte[] data)
            throws IOException {
        try (FileChannel ch = openTemp(folder, temp, replacing)) {
            dev.toolfs.fs.SlicedIo.writeFully(ch, data);
            if (fsync) {
                fsyncs.incrementAndGet();
                ch.force(true);
            }
        }
    }

    /** The POSIX attributes of the temporary file: in the folder held open, or by path where there is none. */
    private static java.nio.file.attribute.PosixFileAttributeView posixView(java.nio.file.SecureDirectoryStream<Path> folder,
            Path temp) {
        return folder != null
                ? folder.getFileAttributeView(temp.getFileName(), java.nio.file.attribute.PosixFileAttributeView.class,
                        LinkOption.NOFOLLOW_LINKS)
                : Files.getFileAttributeView(temp, java.nio.file.attribute.PosixFileAttributeView.class,
                        LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * The folder {@code dir} held open, reached from its root without following a link (see {@link SecureFolder}); null
     * where the system has no such streams (Windows, macOS), whose writes go by path.
     */
    private java.nio.file.SecureDirectoryStream<Path> secureFolder(String op, ResolvedPath path, Path dir) {
        Path root = SecureFolder.rootOf(dir, workspace.realRoots());
        if (root == null) {
            return null;
        }
        try {
            java.nio.file.SecureDirectoryStream<Path> folder = SecureFolder.open(root, dir);
            if (folder == null && !byPathLogged) {
                byPathLogged = true;
                LOG.infof("this system has no secure folder streams: write and edit name files by path, and a folder"
                        + " swapped for a link while they run could send a change out of the workspace");
            }
            return folder;
        } catch (AccessDeniedException e) {
            // Not written by path instead: making a folder on the way unlistable would reopen the way out.
            throw FsException.folderUnlistable(op, path.requested());
        } catch (FileSystemException e) {
            if (FsException.folderGone(e)) {
                throw FsException.folderChanged(op, path.requested()); // gone, or a file or a link now where a folder was
            }
            throw FsException.io(op, path.requested(), e);
        } catch (IOException e) {
            throw FsException.io(op, path.requested(), e);
        }
    }

    private static final java.util.Set<java.nio.file.OpenOption> NEW_IN_FOLDER = java.util.Set.of(
            StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);

    /** The temporary file, made in the folder held open, or by path where there is none. */
    private static FileChannel openTemp(java.nio.file.SecureDirectoryStream<Path> folder, Path temp, boolean replacing)
            throws IOException {
        return folder == null ? openTemp(temp, replacing) : openTempIn(folder, temp.getFileName(), replacing);
    }

    /** As {@link #openTemp}, in the folder held open. */
    private static FileChannel openTempIn(java.nio.file.SecureDirectoryStream<Path> folder, Path name, boolean replacing)
            throws IOException {
        java.nio.channels.SeekableByteChannel channel = folder.newByteChannel(name, NEW_IN_FOLDER, tempMode(name, replacing));
        if (channel instanceof FileChannel file) {
            return file;
        }
        channel.close();
        folder.deleteFile(name);
        throw new IOException("the system gave no file channel to sync the new file with");
    }

    /**
     * The version of the file just written. Its stat can fail after the rename (another process removed the file at
     * once, say): the write is done all the same, and must not be reported as an error that says nothing was changed.
     * The version is then one no later stat matches, so that the session's next change reads the file again.
     */
    static FileVersion versionWritten(Path target, byte[] data) {
        String hash = ContentHash.of(data);
        try {
            return Lstat.of(target).version(hash);
        } catch (IOException e) {
            return new FileVersion(data.length, Long.MIN_VALUE, Long.MIN_VALUE, null, hash, false);
        }
    }

    private static final java.util.Set<StandardOpenOption> NEW_FOR_WRITING = java.util.EnumSet.of(
            StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);

    /** Owner-only, for the temporary file that replaces an existing one (see {@link #openTemp}). */
    private static final java.nio.file.attribute.FileAttribute<?> OWNER_ONLY = java.nio.file.attribute.PosixFilePermissions
            .asFileAttribute(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));

    /** The mode a temporary file is made with: owner-only when it replaces a file (see {@link #openTemp}). */
    private static java.nio.file.attribute.FileAttribute<?>[] tempMode(Path temp, boolean replacing) {
        return replacing && temp.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? new java.nio.file.attribute.FileAttribute<?>[] { OWNER_ONLY }
                : new java.nio.file.attribute.FileAttribute<?>[0];
    }

    /**
     * Creates the temporary file. Replacing an existing file, it is made readable by its owner only: the old file's
     * mode is given to it once the content is written, and the old file may be private (a key, a {@code .env}), which
     * the default mode would show to every local user for as long as the write takes. Its folder may have gone since
     * it was seen: another write into the same new folder failed and removed it (the locks are per file). It is made
     * again, once.
     */
    static FileChannel openTemp(Path temp, boolean replacing) throws IOException {
        java.nio.file.attribute.FileAttribute<?>[] mode = tempMode(temp, replacing);
        try {
            return FileChannel.open(temp, NEW_FOR_WRITING, mode);
        } catch (NoSuchFileException e) {
            Files.createDirectories(temp.getParent());
            return FileChannel.open(temp, NEW_FOR_WRITING, mode);
        }
    }

    /**
     * Not found, or, for a change, a file where a folder on the way must be: "create it with write" would send the
     * model to a write that fails so. A read keeps its plain "not found".
     */
    @Override
    public FsException notFound(String op, ResolvedPath path) {
        if (!"read".equals(op) && path.target().getParent() != null) {
            try {
                missingFolders(op, path, path.target().getParent());
            } catch (FsException fileOnTheWay) {
                return fileOnTheWay;
            }
        }
        return FsException.notFound(op, path.requested());
    }

    /**
     * The highest missing folder above {@code target} up to {@code dir}, which the write is about to create. A file
     * where a folder must be is refused here with a message that says so, rather than as an I/O error.
     */
    private static Path missingFolders(String op, ResolvedPath path, Path dir) {
        Path missing = null;
        for (Path p = dir; p != null; p = p.getParent()) {
            BasicFileAttributes attrs;
            try {
                attrs = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                missing = p;
                continue;
            }
            if (attrs.isSymbolicLink()) {
                // The path was resolved to real folders: a link here now was put in one's place since.
                throw FsException.folderChanged(op, path.requested());
            }
            if (!attrs.isDirectory()) {
                throw FsException.parentNotFolder(op, path.requested());
            }
            return missing;
        }
        return missing;
    }

    /**
     * Removes the folders from {@code dir} up to {@code top} that a failed write created, if they are still empty. Each is
     * removed as a folder (rmdir, in its parent held open, on Linux): a name on the path swapped for a link meanwhile
     * must not turn the clean-up into the removal of a file or a link, inside the workspace or out.
     */
    static void removeEmptyFolders(Path dir, Path top, java.util.List<Path> realRoots) {
        Path root = SecureFolder.rootOf(dir, realRoots);
        for (Path p = dir; p != null && p.startsWith(top) && p.getParent() != null; p = p.getParent()) {
            if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                // Not made: the call failed part of the way down (found by black-box testing: the folders above it,
                // which it had made, stayed); the ones above are looked at still.
                continue;
            }
            try {
                java.nio.file.SecureDirectoryStream<Path> parent = root == null ? null : SecureFolder.open(root, p.getParent());
                if (parent != null) {
                    try (parent) {
                        parent.deleteDirectory(p.getFileName());
                    }
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.delete(p); // no open folders here (macOS, Windows): looked at first, by path
                } else {
                    return;
                }
            } catch (IOException | RuntimeException e) {
                return; // not empty (someone else put a file there), not a folder now, or not ours to remove: leave the rest
            }
        }
    }

    /** The suffix every temporary name ends with after the target's name: ".toolfs-" + 16 hex digits + ".tmp". */
    private static final int TEMP_SUFFIX_BYTES = 1 + 8 + 16 + 4;

    /**
     * A hidden temporary name beside the target that says whose it is. A name near the file system's 255-byte limit
     * is shortened (at a character boundary) so that the temporary name fits too.
     */
    static String tempName(String name) {
        String hex = Long.toHexString(ThreadLocalRandom.current().nextLong());
        String random = "0".repeat(16 - hex.length()) + hex;
        int budget = RequestedPath.MAX_NAME_BYTES - TEMP_SUFFIX_BYTES;
        String kept = name;
        // At most three UTF-8 bytes a char (a pair of surrogates is four bytes for two): a short name always fits.
        if (name.length() * 3 > budget) {
            int end = 0;
            for (int bytes = 0; end < name.length();) {
                int cp = name.codePointAt(end);
                int size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
                if (bytes + size > budget) {
                    break;
                }
                bytes += size;
                end += Character.charCount(cp);
            }
            kept = name.substring(0, end);
        }
        return "." + kept + ".toolfs-" + random + ".tmp";
    }

    /**
     * Gives the new file its name only if no file has it. The system has no way to do that in a folder held open, so it
     * goes by path: just before, the path must still name the folder held open, and just after, the folder must hold
     * the new file under that name. Where the file system has no hard links, a move without REPLACE_EXISTING (which
     * refuses an existing name, after a look) does it.
     */
    private static void linkNoReplace(String op, ResolvedPath path, Path temp, Precondition precondition,
            java.nio.file.SecureDirectoryStream<Path> folder) throws IOException {
        FsErrorCode ifExists = ((Precondition.CreateIfAbsent) precondition).ifExists();
        Object made = null;
        if (folder != null) {
            checkFolderNamed(op, path, folder, temp.getParent());
            made = keyIn(folder, temp.getFileName()); // null when gone: the link then fails, and says why
        }
        try {
            Files.createLink(path.target(), temp);
        } catch (FileAlreadyExistsException e) {
            if (folder != null && keyIn(folder, path.target().getFileName()) == null) {
                // The name taken is where a swapped link led, not in the folder held: nothing to say about it.
                throw FsException.folderChangedWhileNamed(op, path.requested());
            }
            throw foundInTheWay(op, path, ifExists);
        } catch (UnsupportedOperationException | FileSystemException e) {
            if (e instanceof NoSuchFileException || e instanceof java.nio.file.NotDirectoryException || folder != null
                    && e instanceof FileSystemException f && (FsException.folderGone(f) || f.getReason() != null
                            && f.getReason().contains("cross-device"))) {
                // A folder on the way is gone, or is a link now (to another file system, even): not the folder held.
                if (folder != null) {
                    throw FsException.folderChangedWhileNamed(op, path.requested());
                }
                throw e;
            }
            // No hard links here.
            if (folder != null) {
                checkFolderNamed(op, path, folder, temp.getParent());
            }
            try {
                Files.move(temp, path.target());
            } catch (FileAlreadyExistsException exists) {
                throw foundInTheWay(op, path, ifExists);
            }
            made = null; // a move leaves no temporary name to compare with
        }
        if (made != null && !made.equals(keyIn(folder, path.target().getFileName()))) {
            throw FsException.folderChangedWhileNamed(op, path.requested());
        }
    }

    /** The identity of the entry {@code name} of the folder held open (of any kind), or null when it has none. */
    private static Object keyIn(java.nio.file.SecureDirectoryStream<Path> folder, Path name) {
        try {
            return folder.getFileAttributeView(name, java.nio.file.attribute.BasicFileAttributeView.class,
                    LinkOption.NOFOLLOW_LINKS).readAttributes().fileKey();
        } catch (IOException e) {
            return null;
        }
    }

    /** Whether the path {@code dir} names the folder held open now (a folder on it swapped for a link would not). */
    private static void checkFolderNamed(String op, ResolvedPath path, java.nio.file.SecureDirectoryStream<Path> folder,
            Path dir) throws IOException {
        Object held = folder.getFileAttributeView(java.nio.file.attribute.BasicFileAttributeView.class).readAttributes()
                .fileKey();
        Object named;
        try {
            named = Files.readAttributes(dir, BasicFileAttributes.class).fileKey();
        } catch (FileSystemException e) {
            if (!FsException.folderGone(e)) {
                throw e;
            }
            named = null; // gone, a file or a loop of links now on the way
        }
        if (held == null || !held.equals(named)) {
            throw FsException.folderChanged(op, path.requested());
        }
    }

    /**
     * Gives the new file the replaced file's owner, group and permission bits, through {@code view} (in the folder held
     * open where there is one, so that a folder swapped meanwhile cannot turn the change on a file elsewhere). The
     * owner and group are kept where the operating system lets this process set them (root can; another user can keep
     * a group it belongs to), so that a sidecar running as root does not hand a user's files to root. Set-user-ID and
     * set-group-ID are not copied: the kernel clears them, too, when a file is written. The new file's ids are read as
     * numbers (the user database is not asked on every write), and a name is looked up only for an owner or group to
     * give it.
     *
     * @param was a look at the file being replaced, whose owner and mode are the ones given
     * @param view the new file's attributes, or null where the file system has no POSIX ones
     */
    private static void copyOwnerAndMode(Lstat was, java.nio.file.attribute.PosixFileAttributeView view, Path temp) {
        if (was.owner() == null || view == null) {
            return; // not a POSIX file system: the new file keeps its defaults
        }
        Map<String, Object> now;
        try {
            now = Files.readAttributes(temp, "unix:uid,gid", LinkOption.NOFOLLOW_LINKS);
        } catch (UnsupportedOperationException | IllegalArgumentException | IOException e) {
            now = Map.of();
        }
        java.nio.file.attribute.UserPrincipalLookupService users = temp.getFileSystem().getUserPrincipalLookupService();
        try {
            if (!Integer.valueOf(was.owner().uid()).equals(now.get("uid"))) {
                // A number as the name: the JDK takes it as the id when no user has that name.
                view.setOwner(users.lookupPrincipalByName(String.valueOf(was.owner().uid())));
            }
        } catch (IOException | RuntimeException e) {
            // Not allowed to give the file away: it belongs to the user that runs Tool FS.
        }
        try {
            if (!Integer.valueOf(was.owner().gid()).equals(now.get("gid"))) {
                view.setGroup(users.lookupPrincipalByGroupName(String.valueOf(was.owner().gid())));
            }
        } catch (IOException | RuntimeException e) {
            // Nor to give it a group this user is not in.
        }
        try {
            view.setPermissions(permissions(was.owner().mode() & 0777));
        } catch (IOException | RuntimeException e) {
            // The content is what matters; the new file keeps the mode it was made with (owner-only when replacing).
        }
    }

    private static java.util.Set<java.nio.file.attribute.PosixFilePermission> permissions(int mode) {
        java.nio.file.attribute.PosixFilePermission[] bits = java.nio.file.attribute.PosixFilePermission.values();
        java.util.Set<java.nio.file.attribute.PosixFilePermission> set = java.util.EnumSet.noneOf(
                java.nio.file.attribute.PosixFilePermission.class);
        // OWNER_READ .. OTHERS_EXECUTE are the bits 0400 .. 0001 in order.
        for (int i = 0; i < bits.length; i++) {
            if ((mode & (0400 >> i)) != 0) {
                set.add(bits[i]);
            }
        }
        return set;
    }

    /**
     * The file's look now, with its owner, when it is still the file {@code before} saw with the same content: the same
     * identity and size, and the same modification time or else still the bytes {@code content} read under the lock
     * (null when they were not read). Its change time is not compared: a chmod or a new hard link changes it, not the
     * content, and must not fail a write ("changed since it was last read" would be false).
     *
     * @throws FsException FS_STALE_VERSION when another process changed, replaced or deleted it since
     */
    static Lstat unchangedBeforeRename(String op, ResolvedPath path, Lstat before, byte[] content,
            java.nio.file.SecureDirectoryStream<Path> folder) throws IOException {
        Lstat now;
        try {
            now = Lstat.withOwner(path.target());
        } catch (NoSuchFileException e) {
            throw FsException.staleVersionDeleted(op, path.requested());
        } catch (FileSystemException e) {
            if (FsException.folderGone(e)) {
                throw FsException.folderChanged(op, path.requested()); // a folder on the way is a file or a link now
            }
            throw e;
        }
        if (!now.regularFile() || now.size() != before.size()) {
            throw FsException.staleVersion(op, path.requested());
        }
        // Only the time moved (a touch, an identical rewrite), or another file with the same bytes was renamed into
        // its place (a formatter saving unchanged text, found by black-box testing: a fifth of its saves failed a
        // running edit), when the bytes are still those read: no change.
        boolean sameFile = java.util.Objects.equals(now.fileKey(), before.fileKey());
        if ((!sameFile || now.modifiedNanos() != before.modifiedNanos()) && !sameContent(path, content, folder)) {
            throw FsException.staleVersion(op, path.requested());
        }
        return now;
    }

    /** Whether the file holds exactly {@code content} (false when it is not known), read in its folder held open. */
    private static boolean sameContent(ResolvedPath path, byte[] content, java.nio.file.SecureDirectoryStream<Path> folder) {
        if (content == null) {
            return false;
        }
        try (InputStream in = folder == null ? RegularFileOpen.open(path.target())
                : RegularFileOpen.openIn(folder, path.target())) {
            return java.util.Arrays.equals(in.readNBytes(content.length + 1), content);
        } catch (IOException e) {
            return false;
        }
    }

    private void syncFolder(Path dir) {
        fsyncs.incrementAndGet();
        syncDirectory(dir);
    }

    /** Syncs the folder held open (its "." opened in it), where the rename was made; {@code dir} by path if none. */
    private void syncFolder(java.nio.file.SecureDirectoryStream<Path> folder, Path dir) {
        if (folder == null) {
            syncFolder(dir);
            return;
        }
        fsyncs.incrementAndGet();
        try (java.nio.channels.SeekableByteChannel self = folder.newByteChannel(dir.getFileSystem().getPath("."),
                java.util.Set.of(StandardOpenOption.READ))) {
            if (self instanceof FileChannel ch) {
                ch.force(true);
            }
        } catch (IOException e) {
            // Some file systems refuse to sync a folder; the rename itself is already atomic.
        }
    }

    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            // Some file systems refuse to sync a folder; the rename itself is already atomic.
        }
    }
}
