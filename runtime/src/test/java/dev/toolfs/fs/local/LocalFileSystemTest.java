package dev.toolfs.fs.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.toolfs.fs.Cancellation;
import dev.toolfs.fs.EditOutcome;
import dev.toolfs.fs.FileKind;
import dev.toolfs.fs.FileStat;
import dev.toolfs.fs.FileVersion;
import dev.toolfs.fs.FsErrorCode;
import dev.toolfs.fs.FsException;
import dev.toolfs.fs.Precondition;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.fs.TextCursor;
import dev.toolfs.fs.TextEdit;
import dev.toolfs.fs.WriteOutcome;

class LocalFileSystemTest {

    @TempDir
    Path tmp;
    Path ws;
    Path outside;
    LocalFileSystem fs;

    @BeforeEach
    void setUp() throws IOException {
        ws = Files.createDirectories(tmp.resolve("ws")).toRealPath();
        outside = Files.createDirectories(tmp.resolve("ws-evil")).toRealPath();
        fs = new LocalFileSystem(new Workspace(List.of(ws)), 8 * 1024 * 1024, 16 * 1024 * 1024);
    }

    /**
     * Found by black-box testing: a write whose folders failed part of the way down (no inode left) kept the ones it had
     * made, since the deepest, never made, stopped the clean-up.
     */
    @Test
    void theFoldersAFailedCallMadeGoAlsoWhenItFailedPartOfTheWayDown() throws IOException {
        Files.createDirectories(ws.resolve("kept"));
        Files.createDirectories(ws.resolve("kept/made/half"));
        LocalFileSystem.removeEmptyFolders(ws.resolve("kept/made/half/never/made"), ws.resolve("kept/made"), List.of(ws));
        assertThat(ws.resolve("kept")).isDirectory();
        assertThat(ws.resolve("kept/made")).doesNotExist();
        // A folder someone else filled meanwhile stays, and so does what is above it.
        Files.createDirectories(ws.resolve("kept/made/half"));
        Files.writeString(ws.resolve("kept/made/theirs.txt"), "x");
        LocalFileSystem.removeEmptyFolders(ws.resolve("kept/made/half/never"), ws.resolve("kept/made"), List.of(ws));
        assertThat(ws.resolve("kept/made/half")).doesNotExist();
        assertThat(ws.resolve("kept/made/theirs.txt")).exists();
    }

    private ResolvedPath resolve(String p) {
        return fs.resolve("write", p, ws, Cancellation.NONE);
    }

    private FileVersion readVersion(ResolvedPath p) {
        FileStat st = fs.stat(p);
        try (TextCursor c = fs.openText(p, st, Cancellation.NONE)) {
            while (c.skipLine()) {
                // read it all
            }
            return c.version();
        }
    }

    private static FsErrorCode codeOf(Runnable r) {
        try {
            r.run();
        } catch (FsException e) {
            return e.code();
        }
        throw new AssertionError("expected an FsException");
    }

    /**
     * Large files are scanned through a buffer the thread keeps between reads: reads one after the other, and two
     * cursors open at once on one thread, each see their own file's lines.
     */
    @Test
    void readsOfLargeFilesOnOneThreadEachSeeTheirOwnLines() throws IOException {
        StringBuilder a = new StringBuilder();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            a.append("a").append(i).append('\n');
            b.append("b").append(i).append('\n');
        }
        Files.writeString(ws.resolve("a.txt"), a);
        Files.writeString(ws.resolve("b.txt"), b);
        ResolvedPath pa = resolve("a.txt");
        ResolvedPath pb = resolve("b.txt");
        for (int round = 0; round < 2; round++) {
            try (TextCursor ca = fs.openText(pa, fs.stat(pa), Cancellation.NONE)) {
                try (TextCursor cb = fs.openText(pb, fs.stat(pb), Cancellation.NONE)) {
                    for (int i = 0; i < 20_000; i++) {
                        assertThat(ca.nextLine(100).text()).isEqualTo("a" + i);
                        assertThat(cb.nextLine(100).text()).isEqualTo("b" + i);
                    }
                    assertThat(cb.nextLine(100)).isNull();
                }
                assertThat(ca.nextLine(100)).isNull();
            }
            try (TextCursor cb = fs.openText(pb, fs.stat(pb), Cancellation.NONE)) {
                for (int i = 0; i < 20_000; i++) {
                    assertThat(cb.nextLine(100).text()).isEqualTo("b" + i);
                }
            }
        }
        // A closed cursor's buffer may be another's: it reads nothing more.
        TextCursor closed = fs.openText(pa, fs.stat(pa), Cancellation.NONE);
        assertThat(closed.nextLine(100).text()).isEqualTo("a0");
        closed.close();
        try (TextCursor other = fs.openText(pb, fs.stat(pb), Cancellation.NONE)) {
            assertThat(other.nextLine(100).text()).isEqualTo("b0");
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> closed.nextLine(100))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("is closed");
        }
    }

    @Test
    void writeAndEditSyncTheFileAndItsFolderUnlessFsyncIsOff() throws IOException {
        // The file, its folder, and the folders that hold the two new folders' names.
        fs.writeText(resolve("synced/deeper/a.txt"), "one\n", Precondition.NONE, Cancellation.NONE);
        assertThat(fs.fsyncs.get()).isEqualTo(4);
        fs.editText(resolve("synced/deeper/a.txt"), new TextEdit("one", "two", false), Precondition.NONE, Cancellation.NONE);
        assertThat(fs.fsyncs.get()).isEqualTo(6);
        LocalFileSystem unsynced = new LocalFileSystem(new Workspace(List.of(ws)), 8 * 1024 * 1024, 16 * 1024 * 1024,
                null, false);
        ResolvedPath p = unsynced.resolve("write", "unsynced/b.txt", ws, Cancellation.NONE);
        unsynced.writeText(p, "one\r\n", Precondition.NONE, Cancellation.NONE);
        unsynced.writeText(p, "one\r\nthree\r\n", Precondition.NONE, Cancellation.NONE);
        unsynced.editText(p, new TextEdit("three", "two", false), Precondition.NONE, Cancellation.NONE);
        assertThat(unsynced.fsyncs.get()).isZero();
        // Still a replacement: the same bytes, and no temporary file left beside it.
        assertThat(Files.readString(ws.resolve("unsynced/b.txt"))).isEqualTo("one\r\ntwo\r\n");
        try (java.util.stream.Stream<Path> files = Files.list(ws.resolve("unsynced"))) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly("b.txt");
        }
    }

    @Test
    void writeCreatesParentsAndReportsCreation() throws IOException {
        WriteOutcome o = fs.writeText(resolve("a/b/c.txt"), "hi\n", Precondition.NONE, Cancellation.NONE);
        assertThat(o.created()).isTrue();
        assertThat(o.before()).isNull();
        assertThat(Files.readString(ws.resolve("a/b/c.txt"))).isEqualTo("hi\n");
        WriteOutcome again = fs.writeText(resolve("a/b/c.txt"), "ho\n", Precondition.NONE, Cancellation.NONE);
        assertThat(again.created()).isFalse();
        assertThat(again.before()).isEqualTo("hi\n");
        try (var files = Files.list(ws.resolve("a/b"))) {
            assertThat(files.map(f -> f.getFileName().toString()).toList()).containsExactly("c.txt");
        }
    }

    @Test
    void writeKeepsPermissions() throws IOException {
        Path f = Files.writeString(ws.resolve("script.sh"), "echo\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-x---"));
        fs.writeText(resolve("script.sh"), "echo hi\n", Precondition.NONE, Cancellation.NONE);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("rwxr-x---");
    }

    @Test
    void theFileThatWillReplaceAnotherIsTheOwnersAloneUntilItGetsTheOldMode() throws IOException {
        // Written and synced before it gets the old file's mode: a private file's new content must not be readable
        // by others meanwhile.
        try (var ch = LocalFileSystem.openTemp(ws.resolve(".key.pem.tmp"), true)) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(ws.resolve(".key.pem.tmp"))))
                    .isEqualTo("rw-------");
        }
        Path key = Files.writeString(ws.resolve("key.pem"), "secret\n");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
        Path shared = Files.writeString(ws.resolve("shared.txt"), "x\n");
        Files.setPosixFilePermissions(shared, PosixFilePermissions.fromString("rw-rw-r--"));
        fs.writeText(resolve("key.pem"), "new secret\n", Precondition.NONE, Cancellation.NONE);
        fs.writeText(resolve("shared.txt"), "y\n", Precondition.NONE, Cancellation.NONE);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(key))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(shared))).isEqualTo("rw-rw-r--");
        // A new file gets the mode any new file gets here (the user's umask), not the owner-only one.
        Path plain = Files.createFile(ws.resolve("plain-new.txt"));
        fs.writeText(resolve("created.txt"), "new\n", Precondition.NONE, Cancellation.NONE);
        assertThat(Files.getPosixFilePermissions(ws.resolve("created.txt"))).isEqualTo(Files.getPosixFilePermissions(plain));
    }

    @Test
    void aWriteOverAFileItCannotShowAsTextCountsTheLinesItReplaced() throws IOException {
        LocalFileSystem small = new LocalFileSystem(new Workspace(List.of(ws)), 1024, 1024);
        // Not UTF-8: three lines, the last without a line break.
        Files.write(ws.resolve("latin1.txt"), new byte[] { 'a', '\n', (byte) 0xe9, '\n', 'c' });
        WriteOutcome notText = small.writeText(small.resolve("write", "latin1.txt", ws, Cancellation.NONE), "x\n",
                Precondition.NONE, Cancellation.NONE);
        assertThat(notText.before()).isNull();
        assertThat(notText.unseen()).isEqualTo(new WriteOutcome.Unseen(3));
        // Over the edit limit: counted a piece at a time.
        Files.writeString(ws.resolve("big.txt"), "line\n".repeat(30_000));
        WriteOutcome big = small.writeText(small.resolve("write", "big.txt", ws, Cancellation.NONE), "y\n",
                Precondition.NONE, Cancellation.NONE);
        assertThat(big.unseen()).isEqualTo(new WriteOutcome.Unseen(30_000));
        assertThat(Files.readString(ws.resolve("big.txt"))).isEqualTo("y\n");
        // Over 64 MiB (sparse here): not read to count.
        try (var f = new java.io.RandomAccessFile(ws.resolve("huge.bin").toFile(), "rw")) {
            f.setLength(LocalFileSystem.MAX_COUNTED_BYTES + 1);
        }
        WriteOutcome huge = small.writeText(small.resolve("write", "huge.bin", ws, Cancellation.NONE), "z\n",
                Precondition.NONE, Cancellation.NONE);
        assertThat(huge.unseen()).isEqualTo(new WriteOutcome.Unseen(null));
        // Text it shows: nothing unseen; the same bytes again are said to be the same.
        WriteOutcome shown = small.writeText(small.resolve("write", "big.txt", ws, Cancellation.NONE), "y\n",
                Precondition.NONE, Cancellation.NONE);
        assertThat(shown.unseen()).isNull();
        assertThat(shown.before()).isEqualTo("y\n");
        assertThat(shown.sameBytes()).isTrue();
        assertThat(small.writeText(small.resolve("write", "big.txt", ws, Cancellation.NONE), "y\r\n", Precondition.NONE,
                Cancellation.NONE).sameBytes()).isFalse();
        assertThat(small.writeText(small.resolve("write", "new.txt", ws, Cancellation.NONE), "n\n", Precondition.NONE,
                Cancellation.NONE).unseen()).isNull();
    }

    @Test
    void anEditChangesOnlyTheBytesTheSessionSawWhateverTheStatSays() throws IOException {
        // A process rewriting the file in place while the edit reads it leaves the stat taken before the read as it
        // was: the bytes read decide. Here the session saw other bytes under the very stat the file has now.
        Path f = Files.writeString(ws.resolve("torn.txt"), "MARKER aaaa\n");
        FileVersion now = fs.stat(resolve("torn.txt")).version();
        FileVersion sawOther = new FileVersion(now.size(), now.modifiedNanos(), now.changedNanos(), now.fileKey(),
                dev.toolfs.fs.ContentHash.of("MARKER bbbb\n".getBytes(StandardCharsets.UTF_8)), true);
        FsException e = (FsException) catchThrowable(() -> fs.editText(resolve("torn.txt"),
                new TextEdit("MARKER", "EDITED", false), new Precondition.IfVersion(sawOther), false, Cancellation.NONE));
        assertThat(e.code()).isEqualTo(FsErrorCode.FS_STALE_VERSION);
        assertThat(Files.readString(f)).isEqualTo("MARKER aaaa\n");
        FileVersion sawThese = new FileVersion(now.size(), now.modifiedNanos(), now.changedNanos(), now.fileKey(),
                dev.toolfs.fs.ContentHash.of("MARKER aaaa\n".getBytes(StandardCharsets.UTF_8)), true);
        fs.editText(resolve("torn.txt"), new TextEdit("MARKER", "EDITED", false), new Precondition.IfVersion(sawThese),
                false, Cancellation.NONE);
        assertThat(Files.readString(f)).isEqualTo("EDITED aaaa\n");
    }

    @Test
    void aFileSeenByItsStatAloneIsEditedOnlyIfItsStatHeldWhileItWasRead() throws IOException {
        Path f = Files.writeString(ws.resolve("big.txt"), "0123456789\n");
        ResolvedPath p = resolve("big.txt");
        FileStat before = fs.stat(p);
        byte[] bytes = Files.readAllBytes(f);
        assertThat(LocalFileSystem.unchangedSince(before, p, bytes)).isTrue();
        assertThat(LocalFileSystem.unchangedSince(before, p, java.util.Arrays.copyOf(bytes, 5))).isFalse();
        Files.setLastModifiedTime(f, FileTime.from(Instant.now().plusSeconds(7)));
        assertThat(LocalFileSystem.unchangedSince(before, p, bytes)).isFalse();
    }

    @Test
    void aFileThatGrewWhileItWasReadIsNotTakenForChangedOnceLeftAsItWasRead() throws IOException {
        // The stat was taken at 4 bytes, the read then found 8: the version is of the 8 bytes read.
        Path f = Files.writeString(ws.resolve("grown.txt"), "abc\n");
        FileVersion stat = fs.stat(resolve("grown.txt")).version();
        Files.writeString(f, "abc\ndef\n");
        FileVersion read = stat.withContent(dev.toolfs.fs.ContentHash.of("abc\ndef\n".getBytes(StandardCharsets.UTF_8)), 8);
        assertThat(read.size()).isEqualTo(8);
        assertThat(read.statTrusted()).isFalse();
        fs.editText(resolve("grown.txt"), new TextEdit("def", "DEF", false), new Precondition.IfVersion(read), false,
                Cancellation.NONE);
        assertThat(Files.readString(f)).isEqualTo("abc\nDEF\n");
    }

    @Test
    void countingTheRestOfALargeFileStopsWhenTheCallIsCancelled() throws IOException {
        Files.writeString(ws.resolve("long.txt"), "line\n".repeat(400_000)); // 2 MB: many reads of the stream
        ResolvedPath p = resolve("long.txt");
        java.util.concurrent.atomic.AtomicInteger looks = new java.util.concurrent.atomic.AtomicInteger();
        try (TextCursor c = fs.openText(p, fs.stat(p), () -> looks.incrementAndGet() > 5)) {
            c.nextLine(100);
            FsException e = (FsException) catchThrowable(c::countRemainingLines);
            assertThat(e).isNotNull();
            assertThat(e.code()).isEqualTo(FsErrorCode.FS_CANCELLED);
        }
        try (TextCursor c = fs.openText(p, fs.stat(p), Cancellation.NONE)) {
            c.nextLine(100);
            assertThat(c.countRemainingLines()).isEqualTo(399_999);
        }
    }

    @Test
    void writeThroughASymlinkUpdatesTheTargetAndKeepsTheLink() throws IOException {
        Path target = Files.writeString(ws.resolve("real.txt"), "old\n");
        Path link = Files.createSymbolicLink(ws.resolve("link.txt"), Path.of("real.txt"));
        fs.writeText(resolve("link.txt"), "new\n", Precondition.NONE, Cancellation.NONE);
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(target)).isEqualTo("new\n");
    }

    @Test
    void writeThroughAHardLinkLeavesTheOtherNameAlone() throws IOException {
        Path a = Files.writeString(ws.resolve("a.txt"), "shared\n");
        Path b = Files.createLink(outside.resolve("b.txt"), a);
        fs.writeText(resolve("a.txt"), "mine\n", Precondition.NONE, Cancellation.NONE);
        assertThat(Files.readString(b)).isEqualTo("shared\n");
    }

    @Test
    void createIfAbsentNeverOverwrites() throws IOException {
        Files.writeString(ws.resolve("x.txt"), "theirs\n");
        assertThat(codeOf(() -> fs.writeText(resolve("x.txt"), "mine", Precondition.createIfAbsent(), Cancellation.NONE)))
                .isEqualTo(FsErrorCode.FS_EXISTS);
        assertThat(codeOf(() -> fs.writeText(resolve("x.txt"), "mine",
                Precondition.createIfAbsent(FsErrorCode.FS_NOT_OBSERVED), Cancellation.NONE)))
                .isEqualTo(FsErrorCode.FS_NOT_OBSERVED);
        assertThat(Files.readString(ws.resolve("x.txt"))).isEqualTo("theirs\n");
        fs.writeText(resolve("y.txt"), "mine", Precondition.createIfAbsent(), Cancellation.NONE);
        assertThat(Files.readString(ws.resolve("y.txt"))).isEqualTo("mine");
    }

    @Test
    void aChangedFileIsStale() throws IOException {
        Path f = Files.writeString(ws.resolve("s.txt"), "one\n");
        FileVersion seen = readVersion(resolve("s.txt"));
        Files.writeString(f, "two, longer\n");
        assertThat(codeOf(() -> fs.writeText(resolve("s.txt"), "x", Precondition.ifVersion(seen), Cancellation.NONE)))
                .isEqualTo(FsErrorCode.FS_STALE_VERSION);
        assertThat(codeOf(() -> fs.editText(resolve("s.txt"), new TextEdit("two", "2", false), Precondition.ifVersion(seen),
                Cancellation.NONE))).isEqualTo(FsErrorCode.FS_STALE_VERSION);
        assertThat(Files.readString(f)).isEqualTo("two, longer\n");
    }

    @Test
    void aSameSizeChangeWithTheSameTimestampIsStale() throws IOException {
        Path f = Files.writeString(ws.resolve("racy.txt"), "aaaa\n");
        FileTime mtime = Files.getLastModifiedTime(f);
        FileVersion seen = readVersion(resolve("racy.txt"));
        Files.writeString(f, "bbbb\n");
        Files.setLastModifiedTime(f, mtime);
        assertThat(codeOf(() -> fs.editText(resolve("racy.txt"), new TextEdit("b", "c", true), Precondition.ifVersion(seen),
                Cancellation.NONE))).isEqualTo(FsErrorCode.FS_STALE_VERSION);
    }

    @Test
    void anIdenticalStatThatWasRacyIsCheckedByContent() throws IOException {
        // The stat cannot tell: the version claims the very stat the file has now, but was taken in a racy tick.
        Path f = Files.writeString(ws.resolve("r.txt"), "aaaa\n");
        FileVersion old = readVersion(resolve("r.txt"));
        Files.writeString(f, "bbbb\n");
        FileVersion now = fs.stat(resolve("r.txt")).version();
        FileVersion racy = new FileVersion(now.size(), now.modifiedNanos(), now.changedNanos(), now.fileKey(),
                old.contentHash(), false);
        assertThat(codeOf(() -> fs.writeText(resolve("r.txt"), "c", Precondition.ifVersion(racy), Cancellation.NONE)))
                .isEqualTo(FsErrorCode.FS_STALE_VERSION);
    }

    @Test
    void aTouchIsNotAChange() throws IOException {
        Path f = Files.writeString(ws.resolve("t.txt"), "same\n");
        FileVersion seen = readVersion(resolve("t.txt"));
        Files.setLastModifiedTime(f, FileTime.from(Instant.now().plusSeconds(30)));
        Files.writeString(f, "same\n"); // a formatter rewriting identical bytes
        fs.editText(resolve("t.txt"), new TextEdit("same", "changed", false), Precondition.ifVersion(seen), Cancellation.NONE);
        assertThat(Files.readString(f)).isEqualTo("changed\n");
    }

    @Test
    void aDeletedFileIsStaleForAGuardedEditAndNotFoundOtherwise() throws IOException {
        Path f = Files.writeString(ws.resolve("d.txt"), "x\n");
        FileVersion seen = readVersion(resolve("d.txt"));
        Files.delete(f);
        assertThat(codeOf(() -> fs.editText(resolve("d.txt"), new TextEdit("x", "y", false), Precondition.ifVersion(seen),
                Cancellation.NONE))).isEqualTo(FsErrorCode.FS_STALE_VERSION);
        assertThat(codeOf(() -> fs.editText(resolve("d.txt"), new TextEdit("x", "y", false), Precondition.NONE,
                Cancellation.NONE))).isEqualTo(FsErrorCode.FS_NOT_FOUND);
    }

    @Test
    void editIsByteExactOnCrlfAndBom() throws IOException {
        byte[] before = "\uFEFFone\r\ntwo\r\nthree".getBytes(StandardCharsets.UTF_8);
        Path f = Files.write(ws.resolve("w.txt"), before);
        fs.editText(resolve("w.txt"), new TextEdit("one\ntwo", "1\n2", false), Precondition.NONE, Cancellation.NONE);
        assertThat(Files.readAllBytes(f)).isEqualTo("\uFEFF1\r\n2\r\nthree".getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Found by a review from the model's side: a CRLF file written back whole (a read shows every break as LF, and no
     * mark) became LF without a mark, every line of it a change.
     */
    @Test
    void aWholeFileWriteKeepsTheCrlfEndingsAndTheMarkOfTheFileItReplaces() throws IOException {
        Path f = Files.write(ws.resolve("Win.java"), "\uFEFFclass A {\r\n}\r\n".getBytes(StandardCharsets.UTF_8));
        WriteOutcome back = fs.writeText(resolve("Win.java"), "class A {\n}\n", Precondition.NONE, Cancellation.NONE);
        assertThat(Files.readAllBytes(f)).isEqualTo("\uFEFFclass A {\r\n}\r\n".getBytes(StandardCharsets.UTF_8));
        assertThat(back.sameBytes()).isTrue();
        fs.writeText(resolve("Win.java"), "class B {\n  int x;\n}\n", Precondition.NONE, Cancellation.NONE);
        assertThat(Files.readAllBytes(f)).isEqualTo("\uFEFFclass B {\r\n  int x;\r\n}\r\n".getBytes(StandardCharsets.UTF_8));
        // A CR of the content's own says what it wants: as given.
        fs.writeText(resolve("Win.java"), "class C {\r\n}\n", Precondition.NONE, Cancellation.NONE);
        assertThat(Files.readAllBytes(f)).isEqualTo("\uFEFFclass C {\r\n}\n".getBytes(StandardCharsets.UTF_8));
        // An LF file, and a new one, get the content as it is.
        Path lf = Files.writeString(ws.resolve("unix.txt"), "a\nb\n");
        fs.writeText(resolve("unix.txt"), "\uFEFFc\r\nd\n", Precondition.NONE, Cancellation.NONE);
        assertThat(Files.readString(lf)).isEqualTo("\uFEFFc\r\nd\n");
        fs.writeText(resolve("fresh.txt"), "e\nf\n", Precondition.NONE, Cancellation.NONE);
        assertThat(Files.readString(ws.resolve("fresh.txt"))).isEqualTo("e\nf\n");
    }

    @Test
    void aCrlfInTheBytesAfterTheLastWholeEightIsSeen() throws IOException {
        // The CR scan reads eight bytes at a time, then the rest one by one: a CRLF only there still makes the
        // file's lines CRLF, which the line put in takes (ASCII and not, as each takes another path).
        for (String head : List.of("abcdefgh", "abcdéfg")) {
            Path f = Files.writeString(ws.resolve("tail.txt"), head + "\r\nx");
            assertThat(Files.size(f) % 8).isEqualTo(3);
            fs.editText(resolve("tail.txt"), new TextEdit("x", "y\nz", false), Precondition.NONE, Cancellation.NONE);
            assertThat(Files.readString(f)).as(head).isEqualTo(head + "\r\ny\r\nz");
        }
    }

    /**
     * Just before its rename, a write looks at the file it replaces once more (found in a review: a change made by
     * another process while a large file was written and synced was replaced unseen). A file made private meanwhile
     * keeps private; a change of its content, another file in its place, or none, fails the write.
     */
    @Test
    void beforeItsRenameAWriteLooksAtTheFileItReplacesAgain() throws IOException {
        Path f = Files.writeString(ws.resolve("private.txt"), "key");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-r--r--"));
        Files.setLastModifiedTime(f, FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
        Lstat before = Lstat.withOwner(f);
        // A chmod changes the change time, not the content: not a change of the file.
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        assertThat(LocalFileSystem.unchangedBeforeRename("write", resolve("private.txt"), before, null, null).owner().mode() & 0777)
                .isEqualTo(0600);
        // A touch moves the time, not the bytes: when the bytes read under the lock are known, no change.
        Files.setLastModifiedTime(f, FileTime.from(Instant.parse("2026-02-01T00:00:00Z")));
        assertThat(LocalFileSystem.unchangedBeforeRename("write", resolve("private.txt"), before,
                "key".getBytes(StandardCharsets.UTF_8), null)).isNotNull();
        assertThat(codeOf(() -> unchangedBeforeRename(before))).isEqualTo(FsErrorCode.FS_STALE_VERSION); // unknown bytes
        // The same size written again: a new modification time, other bytes.
        Files.writeString(f, "KEY");
        assertThat(codeOf(() -> unchangedBeforeRename(before))).isEqualTo(FsErrorCode.FS_STALE_VERSION);
        assertThat(catchThrowableOfType(FsException.class, () -> LocalFileSystem.unchangedBeforeRename("write",
                resolve("private.txt"), before, "key".getBytes(StandardCharsets.UTF_8), null)).code())
                .isEqualTo(FsErrorCode.FS_STALE_VERSION);
        // Another size, even with the old modification time.
        Files.writeString(f, "longer key");
        Files.setLastModifiedTime(f, FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
        assertThat(codeOf(() -> unchangedBeforeRename(before))).isEqualTo(FsErrorCode.FS_STALE_VERSION);
        // Another file renamed into its place.
        Path other = Files.writeString(ws.resolve("other.txt"), "KEY");
        Files.setLastModifiedTime(other, FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
        Files.move(other, f, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        FsException replaced = catchThrowableOfType(FsException.class, () -> unchangedBeforeRename(before));
        assertThat(replaced.code()).isEqualTo(FsErrorCode.FS_STALE_VERSION);
        assertThat(replaced.getMessage()).isEqualTo("cannot write \"" + f + "\": the file has changed since it was last read");
        Files.delete(f);
        assertThat(catchThrowableOfType(FsException.class, () -> unchangedBeforeRename(before)).getMessage())
                .isEqualTo("cannot write \"" + f + "\": the file was deleted after it was last read");
        Files.createDirectory(f);
        assertThat(codeOf(() -> unchangedBeforeRename(before))).isEqualTo(FsErrorCode.FS_STALE_VERSION);
    }

    /** Found by black-box testing: a formatter saving unchanged text by rename failed a fifth of running edits. */
    @Test
    void anotherFileWithTheSameBytesRenamedIntoItsPlaceIsNoChange() throws IOException {
        Path f = Files.writeString(ws.resolve("private.txt"), "key");
        Lstat before = Lstat.withOwner(f);
        Path saved = Files.writeString(ws.resolve("saved.tmp"), "key");
        Files.move(saved, f, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(LocalFileSystem.unchangedBeforeRename("write", resolve("private.txt"), before,
                "key".getBytes(StandardCharsets.UTF_8), null)).isNotNull();
        // Bytes not known here (a file too large to hold): another file is a change.
        assertThat(codeOf(() -> unchangedBeforeRename(before))).isEqualTo(FsErrorCode.FS_STALE_VERSION);
        // Other bytes of the same size: a change.
        Files.move(Files.writeString(ws.resolve("saved.tmp"), "KEY"), f, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(catchThrowableOfType(FsException.class, () -> LocalFileSystem.unchangedBeforeRename("write",
                resolve("private.txt"), before, "key".getBytes(StandardCharsets.UTF_8), null)).code())
                .isEqualTo(FsErrorCode.FS_STALE_VERSION);
    }

    @Test
    void aWriteWhoseFileIsGoneRightAfterItsRenameIsStillDone() {
        // Found in a review: the stat after the rename failed the write with "nothing was changed".
        byte[] data = "written\n".getBytes(StandardCharsets.UTF_8);
        FileVersion gone = LocalFileSystem.versionWritten(ws.resolve("gone.txt"), data);
        assertThat(gone.size()).isEqualTo(data.length);
        assertThat(gone.contentHash()).isEqualTo(dev.toolfs.fs.ContentHash.of(data));
        assertThat(gone.statTrusted()).isFalse();
    }

    private void unchangedBeforeRename(Lstat before) {
        try {
            LocalFileSystem.unchangedBeforeRename("write", resolve("private.txt"), before, null, null);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void editRefusesBinaryAndHugeFiles() throws IOException {
        Files.write(ws.resolve("bin.dat"), new byte[] { 1, 0, 2 });
        assertThat(codeOf(() -> fs.editText(resolve("bin.dat"), new TextEdit("a", "b", false), Precondition.NONE,
                Cancellation.NONE))).isEqualTo(FsErrorCode.FS_NOT_TEXT);
        LocalFileSystem small = new LocalFileSystem(new Workspace(List.of(ws)), 10, 10);
        Files.writeString(ws.resolve("big.txt"), "01234567890\n");
        assertThat(codeOf(() -> small.editText(resolve("big.txt"), new TextEdit("0", "x", false), Precondition.NONE,
                Cancellation.NONE))).isEqualTo(FsErrorCode.FS_TOO_LARGE);
        // Found by black-box testing: "use write to replace it whole" asked a model for a file it cannot send.
        assertThatThrownBy(() -> small.editText(resolve("big.txt"), new TextEdit("0", "x", false), Precondition.NONE,
                Cancellation.NONE)).hasMessageStartingWith("cannot edit \"").hasMessageEndingWith("big.txt\": the file is 12"
                        + " bytes, over the 10-byte limit for edit; make this change with a shell tool, or ask the user to");
        // A tool that loads a whole file to read it is pointed at the windows of read.
        assertThatThrownBy(() -> small.readText(resolve("big.txt"), 10, Cancellation.NONE)).hasMessageStartingWith(
                "cannot read \"").hasMessageEndingWith("big.txt\": the file is 12 bytes, over the 10-byte limit for read;"
                        + " read it in windows with the read tool, or use a shell tool");
    }

    @Test
    void aPathTooLongOnceMadeAbsoluteIsRefusedAndLeavesNoFolders() {
        // Under 4096 characters as given; the workspace's own path takes it over the system's limit.
        String deep = ("d".repeat(203) + "/").repeat(20) + "f.txt";
        assertThat(deep.length()).isLessThan(4096);
        assertThatThrownBy(() -> fs.writeText(resolve(deep), "x", Precondition.NONE, Cancellation.NONE))
                .isInstanceOf(FsException.class)
                .hasMessageEndingWith(": the path, made absolute and its links followed, is longer than the system"
                        + " allows (4096 bytes); use a plain path inside the workspace");
        assertThat(ws.resolve("d".repeat(203))).doesNotExist();
    }

    @Test
    void editNamesTheLineThatIsNotText() throws IOException {
        // Past what a read looked at, the model learns where the file stops being text, as read would tell it.
        Files.write(ws.resolve("late.txt"), new byte[] { 'a', '\n', 'b', '\r', '\n', 'c', (byte) 0xC3, '\n' });
        assertThatThrownBy(() -> fs.editText(resolve("late.txt"), new TextEdit("a", "x", false), Precondition.NONE,
                Cancellation.NONE)).hasMessageContaining("not a UTF-8 text file (invalid UTF-8 in line 3)");
        Files.write(ws.resolve("nul.txt"), "é\nb\n\nc\0\n".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> fs.editText(resolve("nul.txt"), new TextEdit("b", "x", false), Precondition.NONE,
                Cancellation.NONE)).hasMessageContaining("not a UTF-8 text file (line 4 contains NUL bytes)");
    }

    @Test
    void editRefusesInvalidUtf8ButKeepsAGenuineReplacementCharacter() throws IOException {
        // 0xC3 starts a two-byte sequence that never ends: not UTF-8, and the file stays as it is.
        byte[] broken = { 'a', 'b', (byte) 0xC3, '\n' };
        Path bad = Files.write(ws.resolve("latin.txt"), broken);
        assertThat(codeOf(() -> fs.editText(resolve("latin.txt"), new TextEdit("ab", "x", false), Precondition.NONE,
                Cancellation.NONE))).isEqualTo(FsErrorCode.FS_NOT_TEXT);
        assertThat(Files.readAllBytes(bad)).isEqualTo(broken);
        // U+FFFD written as such is valid UTF-8 and survives the edit byte for byte.
        Path good = Files.writeString(ws.resolve("fffd.txt"), "keep \uFFFD here\nab\n");
        fs.editText(resolve("fffd.txt"), new TextEdit("ab", "x", false), Precondition.NONE, Cancellation.NONE);
        assertThat(Files.readString(good)).isEqualTo("keep \uFFFD here\nx\n");
    }

    @Test
    void aCancelledWriteLeavesTheFileWhole() throws IOException {
        Path f = Files.writeString(ws.resolve("c.txt"), "keep\n");
        assertThat(codeOf(() -> fs.writeText(resolve("c.txt"), "lost", Precondition.NONE, () -> true)))
                .isEqualTo(FsErrorCode.FS_CANCELLED);
        assertThat(Files.readString(f)).isEqualTo("keep\n");
        try (var files = Files.list(ws)) {
            assertThat(files.count()).isEqualTo(1);
        }
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFifoIsNotARegularFileAndNeverBlocks() throws Exception {
        Path fifo = ws.resolve("pipe");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertThat(p.waitFor()).isZero();
        assertThat(fs.stat(resolve("pipe")).kind()).isEqualTo(FileKind.OTHER);
        assertThat(codeOf(() -> fs.writeText(resolve("pipe"), "x", Precondition.NONE, Cancellation.NONE)))
                .isEqualTo(FsErrorCode.FS_NOT_REGULAR_FILE);
        assertThat(codeOf(() -> fs.editText(resolve("pipe"), new TextEdit("a", "b", false), Precondition.NONE,
                Cancellation.NONE))).isEqualTo(FsErrorCode.FS_NOT_REGULAR_FILE);
    }

    /**
     * Found in a review: a file put in place of a pipe between the look and the open made the open wait for ever for a
     * writer (a write or edit holding its file's lock, and the calls behind it too).
     */
    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFileSwappedForAPipeAfterItsLookIsRefusedInsteadOfWaitedFor() throws Exception {
        Files.writeString(ws.resolve("swapped.txt"), "regular\n");
        FileStat looked = fs.stat(resolve("swapped.txt"));
        Files.delete(ws.resolve("swapped.txt"));
        assertThat(new ProcessBuilder("mkfifo", ws.resolve("swapped.txt").toString()).start().waitFor()).isZero();
        // No writer: the open itself would wait.
        long began = System.nanoTime();
        assertThat(codeOf(() -> fs.openText(resolve("swapped.txt"), looked, Cancellation.NONE).close()))
                .isEqualTo(FsErrorCode.FS_NOT_REGULAR_FILE);
        assertThat(System.nanoTime() - began).isGreaterThanOrEqualTo(dev.toolfs.fs.RegularFileOpen.RESCUE_AFTER_MILLIS * 1_000_000L);
        // A writer that never writes: the open returns, and the read would wait.
        try (java.io.RandomAccessFile writer = new java.io.RandomAccessFile(ws.resolve("swapped.txt").toFile(), "rw")) {
            assertThat(codeOf(() -> fs.openText(resolve("swapped.txt"), looked, Cancellation.NONE).close()))
                    .isEqualTo(FsErrorCode.FS_NOT_REGULAR_FILE);
        }
    }

    /** A change stuck while it holds its file's lock no longer holds up the next ones for ever (found in a review). */
    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void aChangeWaitingForItsFilesLockStopsWhenCancelled() throws Exception {
        Files.writeString(ws.resolve("held.txt"), "x\n");
        java.util.concurrent.locks.ReentrantLock held = fs.locks.forPath(resolve("held.txt").target());
        java.util.concurrent.CountDownLatch taken = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        Thread stuck = new Thread(() -> {
            held.lock();
            taken.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                held.unlock();
            }
        });
        stuck.start();
        taken.await();
        try {
            java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
            Cancellation afterAWhile = () -> asked.incrementAndGet() > 3;
            assertThat(codeOf(() -> fs.writeText(resolve("held.txt"), "y\n", Precondition.NONE, afterAWhile)))
                    .isEqualTo(FsErrorCode.FS_CANCELLED);
            assertThat(asked.get()).isGreaterThan(3); // it waited, asking, before it gave up
            assertThat(Files.readString(ws.resolve("held.txt"))).isEqualTo("x\n");
        } finally {
            done.countDown();
            stuck.join();
        }
        // Once the lock is free again, the change goes through.
        fs.writeText(resolve("held.txt"), "y\n", Precondition.NONE, Cancellation.NONE);
        assertThat(Files.readString(ws.resolve("held.txt"))).isEqualTo("y\n");
    }

    /**
     * An edit of a large file that waits for memory room (other large edits hold it) waits before its file's lock:
     * the changes of other files that share the lock's stripe go on meanwhile (found in a review).
     */
    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void anEditWaitingForMemoryRoomHoldsNoLock() throws Exception {
        Files.writeString(ws.resolve("large.txt"), "x".repeat(600 * 1024) + "\nMARKER\n");
        java.util.concurrent.locks.ReentrantLock stripe = fs.locks.forPath(resolve("large.txt").target());
        String neighbour = java.util.stream.IntStream.range(0, 100_000).mapToObj(i -> "small" + i + ".txt")
                .filter(name -> fs.locks.forPath(resolve(name).target()) == stripe).findFirst().orElseThrow();
        Files.writeString(ws.resolve(neighbour), "one\n");
        int all = fs.editMemory.take(fs.editMemory.capacityBytes(), Cancellation.NONE, 0);
        java.util.concurrent.CompletableFuture<EditOutcome> large = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> fs.editText(resolve("large.txt"), new TextEdit("MARKER", "EDITED", false), Precondition.NONE,
                        false, Cancellation.NONE));
        try {
            Thread.sleep(300);
            assertThat(large).isNotDone(); // waiting for room
            fs.editText(resolve(neighbour), new TextEdit("one", "two", false), Precondition.NONE, false,
                    Cancellation.NONE);
            assertThat(Files.readString(ws.resolve(neighbour))).isEqualTo("two\n");
            assertThat(stripe.isLocked()).isFalse();
        } finally {
            fs.editMemory.give(all);
        }
        assertThat(large.get(10, TimeUnit.SECONDS).replacements()).isEqualTo(1);
        assertThat(Files.readString(ws.resolve("large.txt"))).endsWith("\nEDITED\n");
    }

    /**
     * Found by black-box testing: room was taken for the file read, not the file made, so parallel replace_all edits of
     * small files that each grew to megabytes ran the heap out (which ends the sidecar). An edit that grows its file
     * takes room for the new text too: it waits for it, before its lock, then goes on.
     */
    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void anEditThatGrowsItsFileWaitsForRoomForWhatItMakes() throws Exception {
        Files.writeString(ws.resolve("small.txt"), "a\n".repeat(20_000)); // 40 KB: no room counted for it
        int all = fs.editMemory.take(fs.editMemory.capacityBytes(), Cancellation.NONE, 0);
        java.util.concurrent.CompletableFuture<EditOutcome> growing = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> fs.editText(resolve("small.txt"), new TextEdit("a", "b".repeat(40), true), Precondition.NONE,
                        false, Cancellation.NONE));
        java.util.concurrent.locks.ReentrantLock lock = fs.locks.forPath(resolve("small.txt").target());
        try {
            Thread.sleep(500);
            assertThat(growing).isNotDone(); // waiting for room for its 820 KB
            assertThat(lock.isLocked()).as("waits without its file's lock").isFalse();
            assertThat(Files.readString(ws.resolve("small.txt"))).startsWith("a\n");
        } finally {
            fs.editMemory.give(all);
        }
        assertThat(growing.get(10, TimeUnit.SECONDS).replacements()).isEqualTo(20_000);
        assertThat(Files.size(ws.resolve("small.txt"))).isEqualTo(20_000L * 41);
        // The room is given back: all of it can be taken again at once.
        int again = fs.editMemory.take(fs.editMemory.capacityBytes(), Cancellation.NONE, 0);
        fs.editMemory.give(again);
        // An edit that keeps its file small takes no room and never waits.
        all = fs.editMemory.take(fs.editMemory.capacityBytes(), Cancellation.NONE, 0);
        try {
            Files.writeString(ws.resolve("tiny.txt"), "x\n");
            fs.editText(resolve("tiny.txt"), new TextEdit("x", "yy", false), Precondition.NONE, false, Cancellation.NONE);
            assertThat(Files.readString(ws.resolve("tiny.txt"))).isEqualTo("yy\n");
        } finally {
            fs.editMemory.give(all);
        }
    }

    /** Found by black-box testing: two 10 MB writes at once ran a 128 MiB heap out. Large writes share the edits' room. */
    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aLargeWriteWaitsForRoomAsALargeEditDoes() throws Exception {
        String content = "w".repeat(600 * 1024);
        int all = fs.editMemory.take(fs.editMemory.capacityBytes(), Cancellation.NONE, 0);
        java.util.concurrent.CompletableFuture<WriteOutcome> large = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> fs.writeText(resolve("large-write.txt"), content, Precondition.NONE, Cancellation.NONE));
        try {
            Thread.sleep(300);
            assertThat(large).isNotDone();
            assertThat(ws.resolve("large-write.txt")).doesNotExist();
            // A small write never waits.
            fs.writeText(resolve("small-write.txt"), "s\n", Precondition.NONE, Cancellation.NONE);
            assertThat(Files.readString(ws.resolve("small-write.txt"))).isEqualTo("s\n");
        } finally {
            fs.editMemory.give(all);
        }
        assertThat(large.get(10, TimeUnit.SECONDS).created()).isTrue();
        assertThat(Files.size(ws.resolve("large-write.txt"))).isEqualTo(600 * 1024L);
        int again = fs.editMemory.take(fs.editMemory.capacityBytes(), Cancellation.NONE, 0);
        fs.editMemory.give(again); // given back
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anOpenThatFindsAPipeFailsAsNotARegularFile() throws Exception {
        Path fifo = ws.resolve("pipe");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        assertThatThrownBy(() -> dev.toolfs.fs.RegularFileOpen.open(fifo)).isInstanceOf(dev.toolfs.fs.RegularFileOpen.NotRegularFileException.class);
        Files.writeString(ws.resolve("plain.txt"), "x\n");
        try (java.io.InputStream in = dev.toolfs.fs.RegularFileOpen.open(ws.resolve("plain.txt"))) {
            assertThat(in.readAllBytes()).isEqualTo("x\n".getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void whatCouldNeverHoldAFileIsRefusedBeforeTheChangeAsTheChangeWouldBe() throws Exception {
        Files.createDirectories(ws.resolve("folder"));
        Files.writeString(ws.resolve("plain.txt"), "x\n");
        Process p = new ProcessBuilder("mkfifo", ws.resolve("pipe").toString()).start();
        assertThat(p.waitFor()).isZero();
        for (String target : List.of("folder", "pipe", "plain.txt/under.txt", "plain.txt/a/b.txt")) {
            FsException before = catchThrowableOfType(FsException.class, () -> fs.checkChangeable("write", resolve(target), Precondition.NONE, null));
            FsException change = catchThrowableOfType(FsException.class,
                    () -> fs.writeText(resolve(target), "y", Precondition.NONE, Cancellation.NONE));
            assertThat(before).as(target).isNotNull();
            assertThat(before.code()).as(target).isEqualTo(change.code());
            assertThat(before.getMessage()).as(target).isEqualTo(change.getMessage());
        }
        assertThat(catchThrowableOfType(FsException.class, () -> fs.checkChangeable("edit", resolve("folder"), Precondition.NONE, new TextEdit("a", "b", false))).code())
                .isEqualTo(FsErrorCode.FS_NOT_REGULAR_FILE);
        // What a change can make: a file, a new one, a new one in folders still to be made.
        for (String target : List.of("plain.txt", "new.txt", "folder/new.txt", "new/deeper/file.txt")) {
            fs.checkChangeable("write", resolve(target), Precondition.NONE, null);
        }
        assertThat(ws.resolve("new")).doesNotExist();
    }

    @Test
    void pathsOutsideTheWorkspaceAreRefused() throws IOException {
        Files.writeString(outside.resolve("secret.txt"), "secret\n");
        Files.createSymbolicLink(ws.resolve("leak.txt"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(ws.resolve("dangling.txt"), outside.resolve("new.txt"));
        Files.createSymbolicLink(ws.resolve("dir"), outside);
        for (String p : List.of("../ws-evil/secret.txt", outside.resolve("secret.txt").toString(), "leak.txt",
                "dangling.txt", "dir/secret.txt", "dir/new.txt", "/etc/passwd")) {
            assertThat(codeOf(() -> fs.resolve("write", p, ws, Cancellation.NONE))).as(p)
                    .isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE);
        }
        assertThat(Files.exists(outside.resolve("new.txt"))).isFalse();
        FsException e = (FsException) catchThrowable(() -> fs.resolve("read", "../ws-evil/secret.txt", ws, Cancellation.NONE));
        assertThat(e.messageFor(Path::toString)).isEqualTo("cannot read \"" + outside.resolve("secret.txt")
                + "\": the path is outside the workspace (" + ws + "); use a path inside it");
    }

    @Test
    void linksThatStayInsideAreFollowed() throws IOException {
        Files.createDirectories(ws.resolve("sub"));
        Files.writeString(ws.resolve("sub/t.txt"), "x");
        Files.createSymbolicLink(ws.resolve("alias"), Path.of("sub"));
        ResolvedPath p = fs.resolve("read", "alias/t.txt", ws, Cancellation.NONE);
        assertThat(p.target()).isEqualTo(ws.resolve("sub/t.txt"));
        assertThat(p.requested()).isEqualTo(ws.resolve("alias/t.txt"));
    }

    private static Throwable catchThrowable(Runnable r) {
        try {
            r.run();
        } catch (Throwable t) {
            return t;
        }
        return null;
    }

    @Test
    void readVersionHashesTheContent() throws Exception {
        Files.writeString(ws.resolve("h.txt"), "123456789");
        FileVersion v = readVersion(resolve("h.txt"));
        // The standard check values of CRC-32C (e3069283) and CRC-32 (cbf43926).
        assertThat(v.contentHash()).isEqualTo("e3069283cbf43926");
        assertThat(v.size()).isEqualTo(9);
    }

    @Test
    void theLineTotalOfALargeUnchangedFileIsCountedOnce() throws Exception {
        // Hash limit 0: every file is "large", versioned by its stat alone.
        LocalFileSystem big = new LocalFileSystem(new Workspace(List.of(ws)), 0, 1 << 20);
        Path f = Files.writeString(ws.resolve("pages.txt"), "a\nb\nc\nd\n");
        Files.setLastModifiedTime(f, FileTime.from(Instant.now().minusSeconds(60)));
        // The stat proves nothing until the last change (ctime included) is older than the racy window.
        Thread.sleep(LocalFileSystem.RACY_WINDOW_NANOS / 1_000_000 + 200);
        ResolvedPath p = big.resolve("read", "pages.txt", ws, Cancellation.NONE);
        try (TextCursor c = big.openText(p, big.stat(p), Cancellation.NONE)) {
            c.nextLine(10);
            assertThat(c.countRemainingLines()).isEqualTo(3);
        }
        try (TextCursor c = big.openText(p, big.stat(p), Cancellation.NONE)) {
            c.skipLine();
            c.skipLine();
            assertThat(c.countRemainingLines()).isEqualTo(2);
        }
        assertThat(big.lineCounts.get()).isEqualTo(1);
        // A change of content changes the stat: the total is counted again.
        Files.writeString(f, "a\nb\n");
        Files.setLastModifiedTime(f, FileTime.from(Instant.now().minusSeconds(30)));
        try (TextCursor c = big.openText(p, big.stat(p), Cancellation.NONE)) {
            c.nextLine(10);
            assertThat(c.countRemainingLines()).isEqualTo(1);
        }
        assertThat(big.lineCounts.get()).isEqualTo(2);
    }

    @Test
    void missingFileStatsAsMissing() {
        assertThat(fs.stat(resolve("nope.txt")).kind()).isEqualTo(FileKind.MISSING);
        assertThatThrownBy(() -> fs.readText(resolve("nope.txt"), 100, Cancellation.NONE))
                .isInstanceOf(FsException.class).extracting(e -> ((FsException) e).code()).isEqualTo(FsErrorCode.FS_NOT_FOUND);
    }

    @Test
    void namesUpToTheFileSystemLimitCanBeWrittenAndEdited() throws IOException {
        String ascii = "n".repeat(255);
        String wide = "\u00e9".repeat(127) + "x"; // 255 bytes, two per character but the last
        for (String name : List.of(ascii, wide)) {
            fs.writeText(resolve(name), "one\n", Precondition.NONE, Cancellation.NONE);
            fs.editText(resolve(name), new TextEdit("one", "two", false), Precondition.NONE, Cancellation.NONE);
            assertThat(Files.readString(ws.resolve(name))).isEqualTo("two\n");
        }
        try (var files = Files.list(ws)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder(ascii, wide);
        }
    }

    @Test
    void temporaryNamesFitTheFileSystemLimit() {
        String wide = "\u00e9".repeat(127) + "x";
        for (String name : List.of("a.txt", "n".repeat(255), wide, "\uD83D\uDE00".repeat(63))) {
            String temp = LocalFileSystem.tempName(name);
            assertThat(temp.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(255);
            assertThat(temp).startsWith("." + name.substring(0, Math.min(name.length(), 10))).endsWith(".tmp");
            // Cut at a character boundary: the name stays valid UTF-16 (no half emoji).
            assertThat(new String(temp.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8)).isEqualTo(temp);
        }
        assertThat(LocalFileSystem.tempName("a.txt")).matches("\\.a\\.txt\\.toolfs-[0-9a-f]{16}\\.tmp");
    }

    @Test
    void aFileWhereAFolderMustBeIsNamedAsSuch() throws IOException {
        Files.writeString(ws.resolve("f.txt"), "x\n");
        for (String p : List.of("f.txt/child.txt", "f.txt/deeper/child.txt")) {
            FsException e = org.junit.jupiter.api.Assertions.assertThrows(FsException.class,
                    () -> fs.writeText(resolve(p), "y", Precondition.NONE, Cancellation.NONE));
            assertThat(e.code()).isEqualTo(FsErrorCode.FS_NOT_FOUND);
            assertThat(e.messageFor(path -> ws.relativize(path).toString())).isEqualTo("cannot write \"" + p
                    + "\": a name on the path before the file's own name is a file, not a folder; choose another path");
        }
        assertThat(Files.readString(ws.resolve("f.txt"))).isEqualTo("x\n");
        // Found in a review: an edit there said "not found — create the file with write", and that write failed so.
        for (String p : List.of("f.txt/child.txt", "f.txt/deeper/child.txt")) {
            FsException e = org.junit.jupiter.api.Assertions.assertThrows(FsException.class,
                    () -> fs.editText(resolve(p), new TextEdit("a", "b", false), Precondition.NONE, Cancellation.NONE));
            assertThat(e.code()).isEqualTo(FsErrorCode.FS_NOT_FOUND);
            assertThat(e.messageFor(path -> ws.relativize(path).toString())).isEqualTo("cannot edit \"" + p
                    + "\": a name on the path before the file's own name is a file, not a folder; choose another path");
        }
        // A missing file below folders gets the usual advice; a read keeps its plain words.
        assertThat(fs.notFound("edit", resolve("no/such.txt")).messageFor(path -> ws.relativize(path).toString()))
                .isEqualTo("cannot edit \"no/such.txt\": not found — check the path, or create the file with write");
        assertThat(fs.notFound("read", resolve("f.txt/child.txt")).messageFor(path -> ws.relativize(path).toString()))
                .isEqualTo("cannot read \"f.txt/child.txt\": not found");
    }

    @Test
    void aFailedWriteRemovesTheFoldersItCreated() throws IOException {
        Files.createDirectories(ws.resolve("kept"));
        assertThat(codeOf(() -> fs.writeText(resolve("kept/new/deep/x.txt"), "y", Precondition.NONE, () -> true)))
                .isEqualTo(FsErrorCode.FS_CANCELLED);
        assertThat(ws.resolve("kept")).isDirectory();
        assertThat(ws.resolve("kept/new")).doesNotExist();
        try (var files = Files.list(ws.resolve("kept"))) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aReplacedFileKeepsItsOwnerGroupAndPermissionsButNotSetId() throws IOException {
        Path f = Files.writeString(ws.resolve("owned.sh"), "echo 1\n");
        Files.setAttribute(f, "unix:mode", 06750);
        boolean root = ((Integer) Files.getAttribute(f, "unix:uid")) == 0;
        if (root) {
            // Only root can give a file away; as another user the owner cannot differ from ours in the first place.
            Files.setAttribute(f, "unix:uid", 4242);
            Files.setAttribute(f, "unix:gid", 4243);
        }
        Object uid = Files.getAttribute(f, "unix:uid");
        Object gid = Files.getAttribute(f, "unix:gid");
        fs.editText(resolve("owned.sh"), new TextEdit("1", "2", false), Precondition.NONE, Cancellation.NONE);
        assertThat(Files.readString(f)).isEqualTo("echo 2\n");
        assertThat(Files.getAttribute(f, "unix:uid")).isEqualTo(uid);
        assertThat(Files.getAttribute(f, "unix:gid")).isEqualTo(gid);
        assertThat(((Integer) Files.getAttribute(f, "unix:mode")) & 07777).isEqualTo(0750);
    }

    @Test
    void aReadOnlyFileIsNotReplaced() throws IOException {
        // The folder would allow the rename that replaces it; the file's own permissions decide (also for root).
        Path f = Files.writeString(ws.resolve("ro.txt"), "keep\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("r--r--r--"));
        String because = ": the file is read-only; its permissions do not let this process write it — leave it as it is, or ask the user to make it writable";
        FsException edit = (FsException) catchThrowable(() -> fs.editText(resolve("ro.txt"),
                new TextEdit("keep", "lost", false), Precondition.NONE, Cancellation.NONE));
        assertThat(edit.code()).isEqualTo(FsErrorCode.FS_PERMISSION_DENIED);
        assertThat(edit.messageFor(path -> "ro.txt")).isEqualTo("cannot edit \"ro.txt\"" + because);
        FsException write = (FsException) catchThrowable(
                () -> fs.writeText(resolve("ro.txt"), "lost\n", Precondition.NONE, Cancellation.NONE));
        assertThat(write.messageFor(path -> "ro.txt")).isEqualTo("cannot write \"ro.txt\"" + because);
        assertThat(Files.readString(f)).isEqualTo("keep\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(f))).isEqualTo("r--r--r--");
        try (var names = Files.list(ws)) {
            assertThat(names.map(n -> n.getFileName().toString())).containsExactly("ro.txt"); // no temporary file left
        }
    }

    @Test
    void aFolderThatRefusesNewFilesIsNamedAsTheCause() throws Exception {
        // An immutable folder refuses new files even to root, as a read-only one refuses them to other users.
        Path dir = Files.createDirectories(ws.resolve("locked"));
        Path f = Files.writeString(dir.resolve("f.txt"), "v1\n");
        Assumptions.assumeTrue(run("chattr", "+i", dir.toString()), "chattr +i is not available here");
        try {
            FsException e = (FsException) catchThrowable(() -> fs.editText(
                    resolve("locked/f.txt"), new TextEdit("v1", "v2", false), Precondition.NONE, Cancellation.NONE));
            assertThat(e.code()).isEqualTo(FsErrorCode.FS_PERMISSION_DENIED);
            assertThat(e.messageFor(path -> "locked/f.txt")).isEqualTo("cannot edit \"locked/f.txt\": the operating system"
                    + " does not let this process create or replace files in its folder (the folder is not writable to it, or it"
                    + " is sticky and the file belongs to another user, or the file is marked append-only or immutable);"
                    + " Tool FS writes a new file beside the old one and"
                    + " renames it over it — choose another path, or ask the user to fix the folder's permissions");
            // A new file has no old one to be renamed over (found by black-box testing); nor has one in new folders.
            for (String path : List.of("locked/new.txt", "locked/sub/new.txt")) {
                FsException created = (FsException) catchThrowable(() -> fs.writeText(resolve(path), "x", Precondition.NONE,
                        Cancellation.NONE));
                assertThat(created.code()).isEqualTo(FsErrorCode.FS_PERMISSION_DENIED);
                assertThat(created.messageFor(p -> path)).isEqualTo("cannot write \"" + path + "\": the operating system"
                        + " does not let this process create files in its folder, or the folders on its path that do not"
                        + " exist yet (the folder they would go in is not writable to it) — choose another path, or ask the"
                        + " user to fix the folder's permissions");
            }
            assertThat(dir.resolve("sub")).doesNotExist();
        } finally {
            run("chattr", "-i", dir.toString());
        }
        assertThat(Files.readString(f)).isEqualTo("v1\n");
    }

    @Test
    void aFolderThisUserMayNotWriteIsNamedAsTheCause() throws IOException {
        // Root may write any folder: only another user sees the refusal.
        Assumptions.assumeFalse("root".equals(System.getProperty("user.name")), "runs as root");
        Path dir = Files.createDirectories(ws.resolve("ro-folder"));
        Path f = Files.writeString(dir.resolve("f.txt"), "v1\n");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            FsException e = (FsException) catchThrowable(() -> fs.editText(resolve("ro-folder/f.txt"),
                    new TextEdit("v1", "v2", false), Precondition.NONE, Cancellation.NONE));
            assertThat(e.messageFor(path -> "ro-folder/f.txt")).startsWith("cannot edit \"ro-folder/f.txt\": the operating system"
                    + " does not let this process create or replace files in its folder");
        } finally {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        assertThat(Files.readString(f)).isEqualTo("v1\n");
    }

    @Test
    void aFileReadRefusesAsNotTextIsNotSentToReadFirst() throws IOException {
        Files.write(ws.resolve("blob.bin"), new byte[] { 'a', 0, 'b' });
        Files.writeString(ws.resolve("plain.txt"), "text\n");
        assertThat(fs.readFirstRefusal("write", resolve("blob.bin"))).get()
                .extracting(e -> e.messageFor(path -> "blob.bin")).asString()
                .startsWith("cannot write \"blob.bin\": the file exists and is not a UTF-8 text file (it contains NUL bytes)");
        assertThat(fs.readFirstRefusal("write", resolve("plain.txt"))).isEmpty();
    }

    /** Found by black-box testing: "read it first" sent the model round in a loop, as read is refused too. */
    @Test
    void aFileThisUserMayWriteButNotReadIsNotSentToReadFirst() throws IOException {
        Assumptions.assumeFalse("root".equals(System.getProperty("user.name")), "root reads every file");
        Path f = Files.writeString(ws.resolve("write-only.txt"), "secret\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("-w-------"));
        try {
            assertThat(fs.readFirstRefusal("edit", resolve("write-only.txt"))).get()
                    .extracting(FsException::code).isEqualTo(FsErrorCode.FS_PERMISSION_DENIED);
            FsException e = (FsException) catchThrowable(() -> fs.writeText(resolve("write-only.txt"), "x",
                    Precondition.createIfAbsent(FsErrorCode.FS_NOT_OBSERVED), Cancellation.NONE));
            assertThat(e.messageFor(path -> "write-only.txt")).isEqualTo("cannot write \"write-only.txt\": the file"
                    + " exists, but the operating system does not let this process read it, and write replaces only a"
                    + " file read in this session; leave it as it is, or ask the user to make it readable");
            assertThat(e.code()).isEqualTo(FsErrorCode.FS_PERMISSION_DENIED);
        } finally {
            Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rw-------"));
        }
        assertThat(Files.readString(f)).isEqualTo("secret\n");
        assertThat(fs.readFirstRefusal("edit", resolve("write-only.txt"))).isEmpty();
        assertThat(fs.readFirstRefusal("edit", resolve("missing.txt"))).isEmpty();
    }

    /** Runs a command; false when it fails or does not exist here. */
    private static boolean run(String... command) {
        try {
            return new ProcessBuilder(command).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Test
    void anEditIsRefusedWhenItsUtf8WouldExceedTheEditLimit() throws IOException {
        LocalFileSystem small = new LocalFileSystem(new Workspace(List.of(ws)), 1024, 64);
        Path f = Files.writeString(ws.resolve("grow.txt"), "x".repeat(20) + "\n");
        // 21 characters become 41, within 64; but 'é' is two bytes in UTF-8, so the file would be 61 + 20 = 81 bytes.
        FsException e = (FsException) catchThrowable(() -> small.editText(small.resolve("edit", "grow.txt", ws, Cancellation.NONE),
                new TextEdit("x", "éé", true), Precondition.NONE, Cancellation.NONE));
        assertThat(e.code()).isEqualTo(FsErrorCode.FS_TOO_LARGE);
        assertThat(e.messageFor(path -> "grow.txt")).isEqualTo("cannot edit \"grow.txt\": the edited file would be over the"
                + " 64-byte limit for edit (20 replacements); replace fewer occurrences at a time, or use a shell tool");
        assertThat(Files.readString(f)).isEqualTo("x".repeat(20) + "\n");
        // Found before anyone is asked to approve it, in the same words.
        FsException before = (FsException) catchThrowable(() -> small.checkChangeable("edit",
                small.resolve("edit", "grow.txt", ws, Cancellation.NONE), Precondition.NONE, new TextEdit("x", "éé", true)));
        assertThat(before.messageFor(path -> "grow.txt")).isEqualTo(e.messageFor(path -> "grow.txt"));
    }

    @Test
    void aReadsStatIsTheLookTheWalkTookAtThePathJustBefore() throws IOException {
        Files.createDirectories(ws.resolve("d"));
        Files.writeString(ws.resolve("d/real.txt"), "four");
        Files.createSymbolicLink(ws.resolve("link.txt"), Path.of("d/real.txt"));
        Workspace workspace = fs.workspace();
        workspace.lookFreshNanos = TimeUnit.MINUTES.toNanos(1); // whatever else the machine is doing meanwhile
        ResolvedPath p = fs.resolve("read", "link.txt", ws, Cancellation.NONE);
        // Of the file the link leads to, not of the link: what a stat of the resolved path shows.
        Lstat look = workspace.takeLookOrNothingThere(p.target());
        assertThat(look).isNotNull();
        assertThat(look.regularFile()).isTrue();
        assertThat(look.link()).isFalse();
        assertThat(look.size()).isEqualTo(4);
        assertThat(look.version(null).sameStat(Lstat.of(p.target()).version(null))).isTrue();
        // Taken once.
        assertThat(workspace.takeLookOrNothingThere(p.target())).isNull();
        // Only for the path resolved.
        fs.resolve("read", "d/real.txt", ws, Cancellation.NONE);
        assertThat(workspace.takeLookOrNothingThere(ws.resolve("d"))).isNull();
        // A path where nothing is, is kept as nothing there (also below a missing folder, and through a link),
        // which the read's stat takes as missing.
        for (String name : List.of("d/none.txt", "none/deeper/x.txt", "link.txt/../none.txt")) {
            ResolvedPath missing = fs.resolve("read", name, ws, Cancellation.NONE);
            assertThat(workspace.takeLookOrNothingThere(missing.target())).as(name).isSameAs(Workspace.NOTHING_THERE);
            assertThat(workspace.takeLookOrNothingThere(missing.target())).as(name).isNull();
        }
        ResolvedPath missing = fs.resolve("read", "d/none.txt", ws, Cancellation.NONE);
        assertThat(fs.stat(missing)).isEqualTo(FileStat.MISSING);
        // Nothing is kept once the next path is resolved.
        fs.resolve("read", "d/real.txt", ws, Cancellation.NONE);
        fs.resolve("read", "d", ws, Cancellation.NONE);
        assertThat(workspace.takeLookOrNothingThere(p.target())).isNull();
        // Nor on another thread.
        fs.resolve("read", "d/real.txt", ws, Cancellation.NONE);
        Lstat[] elsewhere = new Lstat[1];
        Thread other = new Thread(() -> elsewhere[0] = workspace.takeLookOrNothingThere(p.target()));
        other.start();
        try {
            other.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        assertThat(elsewhere[0]).isNull();
        assertThat(workspace.takeLookOrNothingThere(p.target())).isNotNull();
    }

    @Test
    void aNewFilesWriteTrustsTheWalksEmptyLookOnlyToCreateItWithoutReplacing() throws IOException {
        Workspace workspace = fs.workspace();
        workspace.lookFreshNanos = TimeUnit.MINUTES.toNanos(1);
        // Made by someone else after the walk found nothing there: creating refuses to replace it, in the words of a
        // stat made just before (whether the look was trusted or not), and the other's file stays as it is.
        ResolvedPath folder = resolve("late-folder");
        Files.createDirectory(ws.resolve("late-folder"));
        FsException notAFile = catchThrowableOfType(() -> fs.writeText(folder, "mine", Precondition.createIfAbsent(),
                Cancellation.NONE), FsException.class);
        assertThat(notAFile.code()).isEqualTo(FsErrorCode.FS_NOT_REGULAR_FILE);
        assertThat(notAFile.messageFor(x -> "late-folder")).isEqualTo(
                "cannot write \"late-folder\": not a regular file (a folder, link, pipe, socket or device); choose a file path");
        Files.delete(ws.resolve("late-folder"));
        ResolvedPath p = resolve("late.txt");
        Files.writeString(ws.resolve("late.txt"), "theirs");
        assertThat(codeOf(() -> fs.writeText(p, "mine", Precondition.createIfAbsent(), Cancellation.NONE)))
                .isEqualTo(FsErrorCode.FS_EXISTS);
        ResolvedPath q = resolve("later.txt");
        Files.writeString(ws.resolve("later.txt"), "theirs");
        FsException notSeen = catchThrowableOfType(() -> fs.writeText(q, "mine",
                Precondition.createIfAbsent(FsErrorCode.FS_NOT_OBSERVED), Cancellation.NONE), FsException.class);
        assertThat(notSeen.code()).isEqualTo(FsErrorCode.FS_NOT_OBSERVED);
        assertThat(Files.readString(ws.resolve("late.txt"))).isEqualTo("theirs");
        assertThat(Files.readString(ws.resolve("later.txt"))).isEqualTo("theirs");
        try (var left = Files.list(ws)) { // and no temporary file
            assertThat(left.filter(f -> !f.getFileName().toString().startsWith("late"))).isEmpty();
        }
        // Without that guard the empty look is not trusted: the file is statted under the lock and reported as
        // replaced, with what it held.
        ResolvedPath r = resolve("unguarded.txt");
        Files.writeString(ws.resolve("unguarded.txt"), "theirs\n");
        WriteOutcome replaced = fs.writeText(r, "mine\n", Precondition.NONE, Cancellation.NONE);
        assertThat(replaced.created()).isFalse();
        assertThat(replaced.before()).isEqualTo("theirs\n");
        // Nothing there, still: created.
        WriteOutcome created = fs.writeText(resolve("new/folder/n.txt"), "n", Precondition.createIfAbsent(),
                Cancellation.NONE);
        assertThat(created.created()).isTrue();
        assertThat(Files.readString(ws.resolve("new/folder/n.txt"))).isEqualTo("n");
    }

    @Test
    void aPathResolvedForAChangeIsCheckedAgainstTheStartUpFilesOnceByTheSameThread() throws Exception {
        Workspace workspace = new Workspace(List.of(ws), List.of(), ws);
        workspace.lookFreshNanos = TimeUnit.MINUTES.toNanos(1);
        ResolvedPath write = workspace.resolve("write", "a.txt", ws);
        // Another thread, or another instance of the same path, was not checked by this resolve.
        boolean[] elsewhere = new boolean[1];
        Thread other = new Thread(() -> elsewhere[0] = workspace.takeCheckedForChange(write));
        other.start();
        other.join();
        assertThat(elsewhere[0]).isFalse();
        assertThat(workspace.takeCheckedForChange(new ResolvedPath(write.requested(), write.target()))).isFalse();
        ResolvedPath edit = workspace.resolve("edit", "a.txt", ws);
        assertThat(workspace.takeCheckedForChange(edit)).isTrue();
        assertThat(workspace.takeCheckedForChange(edit)).isFalse(); // once
        // Not for a read, or another operation's name; not past the next resolve, nor once too old.
        assertThat(workspace.takeCheckedForChange(workspace.resolve("read", "a.txt", ws))).isFalse();
        assertThat(workspace.takeCheckedForChange(workspace.resolve("create", "a.txt", ws))).isFalse();
        ResolvedPath first = workspace.resolve("write", "a.txt", ws);
        workspace.resolve("write", "b.txt", ws);
        assertThat(workspace.takeCheckedForChange(first)).isFalse();
        workspace.lookFreshNanos = 0;
        assertThat(workspace.takeCheckedForChange(workspace.resolve("write", "a.txt", ws))).isFalse();
    }

    @Test
    void aPathRefusedAfterItsWalkLeavesNoLookForTheNextCall() throws IOException {
        // .env in the configuration folder exists, so the walk looked at it; the write is refused after the walk.
        Path env = Files.writeString(ws.resolve(".env"), "A=1\n");
        Workspace workspace = new Workspace(List.of(ws), List.of(), ws);
        workspace.lookFreshNanos = TimeUnit.MINUTES.toNanos(1);
        LocalFileSystem guarded = new LocalFileSystem(workspace, 1024, 1024);
        assertThat(catchThrowable(() -> guarded.resolve("write", ".env", ws, Cancellation.NONE)))
                .isInstanceOf(FsException.class);
        assertThat(workspace.takeLookOrNothingThere(env.toRealPath())).isNull();
        // The same path read is not refused, and its look is kept for the read's stat.
        guarded.resolve("read", ".env", ws, Cancellation.NONE);
        assertThat(workspace.takeLookOrNothingThere(env.toRealPath())).isNotNull();
    }

    @Test
    void theBasicLookIsTheUnixOneWithoutTheChangeTime() throws IOException {
        Path f = Files.writeString(ws.resolve("f.txt"), "five!");
        Files.createSymbolicLink(ws.resolve("l"), Path.of("f.txt"));
        for (Path p : List.of(f, ws.resolve("l"), ws)) {
            Lstat unix = Lstat.of(p);
            Lstat basic = Lstat.basic(p);
            assertThat(basic.changedNanos()).isEqualTo(-1);
            assertThat(basic).as(p.toString()).isEqualTo(new Lstat(unix.link(), unix.regularFile(), unix.directory(),
                    unix.size(), unix.modifiedNanos(), -1, unix.fileKey(), null));
            // The owner and mode only when asked for, as the attribute view gives them one by one; the rest alike.
            assertThat(unix.owner()).isNull();
            Lstat withOwner = Lstat.withOwner(p);
            assertThat(withOwner.owner()).isEqualTo(new Lstat.Owner(
                    (Integer) Files.getAttribute(p, "unix:mode", java.nio.file.LinkOption.NOFOLLOW_LINKS),
                    (Integer) Files.getAttribute(p, "unix:uid", java.nio.file.LinkOption.NOFOLLOW_LINKS),
                    (Integer) Files.getAttribute(p, "unix:gid", java.nio.file.LinkOption.NOFOLLOW_LINKS)));
            assertThat(new Lstat(withOwner.link(), withOwner.regularFile(), withOwner.directory(), withOwner.size(),
                    withOwner.modifiedNanos(), withOwner.changedNanos(), withOwner.fileKey(), null)).isEqualTo(unix);
        }
        assertThat(Lstat.of(f).changedNanos()).isPositive();
        assertThat(Lstat.basic(ws.resolve("l")).link()).isTrue();
    }

    @Test
    void aPathOfAnotherFileSystemGetsTheBasicLook() throws IOException {
        Path zip = ws.resolve("z.zip");
        try (java.nio.file.FileSystem zfs = java.nio.file.FileSystems.newFileSystem(zip, Map.of("create", "true"))) {
            Path inside = Files.writeString(zfs.getPath("/a.txt"), "four");
            Lstat look = Lstat.of(inside);
            assertThat(look.regularFile()).isTrue();
            assertThat(look.size()).isEqualTo(4);
            assertThat(look.changedNanos()).isEqualTo(-1);
            assertThat(look).isEqualTo(Lstat.basic(inside));
        }
    }

    @Test
    void aLookOlderThanAMomentIsNotTheStat() throws Exception {
        Path f = Files.writeString(ws.resolve("f.txt"), "one");
        ResolvedPath p = fs.resolve("read", "f.txt", ws, Cancellation.NONE);
        Files.writeString(f, "three");
        TimeUnit.NANOSECONDS.sleep(Workspace.LOOK_FRESH_NANOS * 3);
        assertThat(fs.stat(p).size()).isEqualTo(5);
    }

    @Test
    void aStatAfterAWriteOrEditSeesTheNewFileNotTheWalksLook() throws IOException {
        LocalFileSystem unsynced = new LocalFileSystem(new Workspace(List.of(ws)), 1024, 1024, null, false);
        unsynced.workspace().lookFreshNanos = TimeUnit.MINUTES.toNanos(1);
        Files.writeString(ws.resolve("f.txt"), "one");
        ResolvedPath p = unsynced.resolve("write", "f.txt", ws, Cancellation.NONE);
        unsynced.writeText(p, "three", Precondition.NONE, false, Cancellation.NONE);
        assertThat(unsynced.stat(p).size()).isEqualTo(5);
        p = unsynced.resolve("edit", "f.txt", ws, Cancellation.NONE);
        unsynced.editText(p, new TextEdit("three", "seven!", false), Precondition.NONE, false, Cancellation.NONE);
        assertThat(unsynced.stat(p).size()).isEqualTo(6);
    }

    @Test
    void accessDeniedIsAPermissionError() {
        FsException e = FsException.io("read", ws.resolve("x"), new java.nio.file.AccessDeniedException("x"));
        assertThat(e.code()).isEqualTo(FsErrorCode.FS_PERMISSION_DENIED);
        assertThat(e.messageFor(path -> "x")).isEqualTo(
                "cannot read \"x\": permission denied by the operating system; choose another path or fix the file's permissions");
    }
}
