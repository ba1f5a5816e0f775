package dev.toolfs.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.UUID;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** Every rule of SPEC.md's observation policy, through the in-process API. */
@QuarkusTest
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class ObservationPolicyTest {

    @Inject
    ToolRuntime runtime;

    InProcess tools;
    Path ws;
    String name;

    @BeforeEach
    void setUp() {
        tools = new InProcess(runtime, UUID.randomUUID().toString());
        ws = TempWorkspace.root;
        name = "f-" + UUID.randomUUID() + ".txt";
    }

    private static void assertOk(ToolResult r) {
        assertThat(r.isError()).as(r.text()).isFalse();
    }

    private static void assertError(ToolResult r, String code, String text) {
        assertThat(r.isError()).isTrue();
        assertThat(r.error().code()).isEqualTo(code);
        assertThat(r.text()).isEqualTo("Error: " + text);
    }

    @Test
    void writingANeverObservedMissingFileCreatesIt() throws Exception {
        assertThat(tools.write(name, "new\n").text()).contains("Created file");
        assertThat(Files.readString(ws.resolve(name))).isEqualTo("new\n");
    }

    /**
     * A file read refuses as not text cannot be read first: "read the file" would send the model round in a loop
     * (found by black-box testing), so it is told what the file is instead.
     */
    @Test
    void replacingAnUnreadFileThatIsNotTextSaysWhatItIs() throws Exception {
        Files.write(ws.resolve(name), new byte[] { (byte) 0xFF, (byte) 0xFE, 'a', '\n' });
        assertError(tools.read(name), "FS_NOT_TEXT", "cannot read \"" + name
                + "\": not a UTF-8 text file (it is UTF-16LE text, as its byte-order mark says); use read_image for an image, or a"
                + " shell tool for other binary files or text in another encoding");
        assertError(tools.write(name, "mine\n"), "FS_NOT_TEXT", "cannot write \"" + name + "\": the file exists and is"
                + " not a UTF-8 text file (it is UTF-16LE text, as its byte-order mark says), which read cannot show whole, and write replaces"
                + " only a file read in this session; use read_image for an image, or a shell tool for other binary files or text in another encoding");
        assertError(tools.edit(name, "a", "b"), "FS_NOT_TEXT", "cannot edit \"" + name + "\": the file exists and is"
                + " not a UTF-8 text file (it is UTF-16LE text, as its byte-order mark says), which read cannot show whole, and edit replaces"
                + " only a file read in this session; use read_image for an image, or a shell tool for other binary files"
                + " or text in another encoding");
        assertThat(Files.readAllBytes(ws.resolve(name))).containsExactly(0xFF, 0xFE, 'a', '\n');
        // Text in another encoding is no different: Latin-1.
        Files.write(ws.resolve(name), "caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertError(tools.write(name, "mine\n"), "FS_NOT_TEXT", "cannot write \"" + name + "\": the file exists and is"
                + " not a UTF-8 text file (invalid UTF-8 in line 1), which read cannot show whole, and write replaces"
                + " only a file read in this session; use read_image for an image, or a shell tool for other binary files or text in another encoding");
    }

    /**
     * Found by black-box testing: a line not text on line 500, past the first 8 KiB but inside the window a read from
     * the start shows, sent the model round the same loop: read refused the file, write and edit said to read it.
     */
    @Test
    void anUnreadFileWhoseFirstWindowIsNotTextSaysWhatItIs() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int i = 1; i < 500; i++) {
            text.append("int line").append(i).append(" = ").append(i).append(";\n");
        }
        byte[] head = text.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] bad = "// caf\u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        byte[] bytes = java.util.Arrays.copyOf(head, head.length + bad.length);
        System.arraycopy(bad, 0, bytes, head.length, bad.length);
        assertThat(head.length).isGreaterThan(8192);
        Files.write(ws.resolve(name), bytes);
        assertError(tools.read(name), "FS_NOT_TEXT", "cannot read \"" + name + "\": not a UTF-8 text file (invalid UTF-8"
                + " in line 500); use read_image for an image, or a shell tool for other binary files or text in another encoding");
        for (String op : new String[] { "write", "edit" }) {
            assertError(op.equals("write") ? tools.write(name, "mine\n") : tools.edit(name, "line1 ", "first "),
                    "FS_NOT_TEXT", "cannot " + op + " \"" + name + "\": the file exists and is not a UTF-8 text file"
                            + " (invalid UTF-8 in line 500), which read cannot show whole, and " + op + " replaces only a file read"
                            + " in this session; use read_image for an image, or a shell tool for other binary files or text"
                            + " in another encoding");
        }
        assertThat(Files.readAllBytes(ws.resolve(name))).isEqualTo(bytes);
        // Past the first window (2000 lines), a read from the start shows the file: "read it first" is right.
        StringBuilder longer = new StringBuilder(text);
        for (int i = 500; i < 2100; i++) {
            longer.append("int line").append(i).append(" = ").append(i).append(";\n");
        }
        byte[] far = (longer + "// caf\u00e9\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        Files.write(ws.resolve(name), far);
        assertError(tools.write(name, "mine\n"), "FS_NOT_OBSERVED",
                "cannot write \"" + name + "\": the file exists but has not been read in this session — read the file, then retry");
    }

    /**
     * Found by black-box testing: the same loop from the other answers that send the model to read the file: a file
     * read as text and then replaced by one that is not ("re-read"), and one found missing that then appears.
     */
    @Test
    void aFileThatBecameNotTextSaysWhatItIs() throws Exception {
        Files.writeString(ws.resolve(name), "text\n");
        assertOk(tools.read(name));
        byte[] binary = { 'P', 'K', 3, 4, 0, 0, 1 };
        Files.write(ws.resolve(name), binary);
        String reason = "it contains NUL bytes";
        for (String op : new String[] { "write", "edit" }) {
            // Read, as text, before: "not read in this session" would not be true.
            assertError(op.equals("write") ? tools.write(name, "mine\n") : tools.edit(name, "text", "mine"), "FS_NOT_TEXT",
                    "cannot " + op + " \"" + name + "\": the file has changed since this session read it and is no longer"
                            + " a UTF-8 text file (" + reason + "), so read cannot show it whole; use read_image for an"
                            + " image, or a shell tool for other binary files or text in another encoding");
        }
        String other = name + ".new";
        assertError(tools.read(other), "FS_NOT_FOUND", "cannot read \"" + other + "\": not found");
        Files.write(ws.resolve(other), binary);
        for (String op : new String[] { "write", "edit" }) {
            assertError(op.equals("write") ? tools.write(other, "mine\n") : tools.edit(other, "text", "mine"), "FS_NOT_TEXT",
                    "cannot " + op + " \"" + other + "\": the file exists and is not a UTF-8 text file (" + reason
                            + "), which read cannot show whole, and " + op + " replaces only a file read in this session; use"
                            + " read_image for an image, or a shell tool for other binary files or text in another encoding");
        }
        assertThat(Files.readAllBytes(ws.resolve(name))).isEqualTo(binary);
        assertThat(Files.readAllBytes(ws.resolve(other))).isEqualTo(binary);
    }

    @Test
    void replacingAnUnreadFileIsRefused() throws Exception {
        Files.writeString(ws.resolve(name), "theirs\n");
        assertError(tools.write(name, "mine\n"), "FS_NOT_OBSERVED",
                "cannot write \"" + name + "\": the file exists but has not been read in this session — read the file, then retry");
        assertError(tools.edit(name, "theirs", "mine"), "FS_NOT_OBSERVED",
                "cannot edit \"" + name + "\": it has not been read in this session — read the file, then retry");
        assertThat(Files.readString(ws.resolve(name))).isEqualTo("theirs\n");
    }

    @Test
    void afterItsOwnWriteOrEditASessionNeedNotReRead() throws Exception {
        Files.writeString(ws.resolve(name), "one\n");
        assertOk(tools.read(name));
        assertOk(tools.write(name, "two\n"));
        assertOk(tools.edit(name, "two", "three"));
        assertOk(tools.edit(name, "three", "four"));
        assertOk(tools.write(name, "five\n"));
        assertThat(Files.readString(ws.resolve(name))).isEqualTo("five\n");
    }

    @Test
    void anOutsideChangeIsStaleUntilReRead() throws Exception {
        Path f = Files.writeString(ws.resolve(name), "one\n");
        assertOk(tools.read(name));
        Files.writeString(f, "one, changed\n");
        assertError(tools.write(name, "mine\n"), "FS_STALE_VERSION",
                "cannot write \"" + name + "\": the file has changed since it was last read — re-read the file, then retry");
        assertError(tools.edit(name, "one", "uno"), "FS_STALE_VERSION",
                "cannot edit \"" + name + "\": the file has changed since it was last read — re-read the file, then retry");
        assertOk(tools.read(name));
        assertOk(tools.edit(name, "one", "uno"));
        assertThat(Files.readString(f)).isEqualTo("uno, changed\n");
    }

    @Test
    void aDeletedFileIsStaleThenNotFoundForEditAndCreatedByWrite() throws Exception {
        Path f = Files.writeString(ws.resolve(name), "x\n");
        assertOk(tools.read(name));
        Files.delete(f);
        assertError(tools.edit(name, "x", "y"), "FS_STALE_VERSION",
                "cannot edit \"" + name + "\": the file was deleted after it was last read — re-read the file, then retry");
        assertError(tools.read(name), "FS_NOT_FOUND", "cannot read \"" + name + "\": not found");
        assertError(tools.edit(name, "x", "y"), "FS_NOT_FOUND",
                "cannot edit \"" + name + "\": not found — check the path, or create the file with write");
        assertThat(tools.write(name, "again\n").text()).contains("Created file");
    }

    @Test
    void aFileCreatedAfterConfirmedAbsenceIsNotOverwritten() throws Exception {
        assertError(tools.read(name), "FS_NOT_FOUND", "cannot read \"" + name + "\": not found");
        Files.writeString(ws.resolve(name), "someone else's\n");
        assertError(tools.write(name, "mine\n"), "FS_EXISTS", "cannot create \"" + name
                + "\": the file was created by someone else after it was found missing; nothing was overwritten — read it, then retry");
        assertThat(Files.readString(ws.resolve(name))).isEqualTo("someone else's\n");
        // Nor edited: and not called missing, which would send the model to write, refused as above.
        assertError(tools.edit(name, "someone", "me"), "FS_NOT_FOUND", "cannot edit \"" + name
                + "\": this session's last read found no file here, and one has been created since; read it, then retry");
        assertThat(Files.readString(ws.resolve(name))).isEqualTo("someone else's\n");
    }

    @Test
    void aTouchOrIdenticalRewriteIsNotStale() throws Exception {
        Path f = Files.writeString(ws.resolve(name), "same\n");
        assertOk(tools.read(name));
        Files.setLastModifiedTime(f, FileTime.from(Instant.now().plusSeconds(60)));
        Files.writeString(f, "same\n");
        assertOk(tools.edit(name, "same", "edited"));
    }

    @Test
    void aSameSizeChangeInTheSameTickIsStale() throws Exception {
        Path f = Files.writeString(ws.resolve(name), "aaaa\n");
        FileTime mtime = Files.getLastModifiedTime(f);
        assertOk(tools.read(name));
        Files.writeString(f, "bbbb\n");
        Files.setLastModifiedTime(f, mtime);
        assertThat(tools.edit(name, "bbbb", "cccc").error().code()).isEqualTo("FS_STALE_VERSION");
        assertThat(Files.readString(f)).isEqualTo("bbbb\n");
    }

    @Test
    void sessionsAreIsolated() throws Exception {
        Files.writeString(ws.resolve(name), "shared\n");
        assertOk(tools.read(name));
        InProcess other = new InProcess(runtime, "other-" + UUID.randomUUID());
        assertThat(other.edit(name, "shared", "mine").error().code()).isEqualTo("FS_NOT_OBSERVED");
        assertOk(tools.edit(name, "shared", "mine"));
    }

    /**
     * A path that leads to another file than the one read under it (a link made or changed since) is refused as
     * stale, saying why: "not read in this session" was false, the model had read that path (found by black-box
     * testing).
     */
    @Test
    void aPathThatNowLeadsToAnotherFileIsRefusedSayingSo() throws Exception {
        Path file = ws.resolve(name);
        Path other = ws.resolve("other-" + name);
        Files.writeString(file, "same\n");
        Files.writeString(other, "same\n");
        assertOk(tools.read(name));
        Files.delete(file);
        Files.createSymbolicLink(file, other.getFileName());
        String why = "\": the path leads to another file than the one this session read under it (a symbolic link was"
                + " made or changed since) — re-read the file, then retry";
        assertError(tools.edit(name, "same", "mine"), "FS_STALE_VERSION", "cannot edit \"" + name + why);
        assertError(tools.write(name, "mine\n"), "FS_STALE_VERSION", "cannot write \"" + name + why);
        assertThat(Files.readString(other)).isEqualTo("same\n");
        // Read through the link, which is then pointed at a third file.
        assertOk(tools.read(name));
        Path third = ws.resolve("third-" + name);
        Files.writeString(third, "same\n");
        Files.delete(file);
        Files.createSymbolicLink(file, third.getFileName());
        assertError(tools.edit(name, "same", "mine"), "FS_STALE_VERSION", "cannot edit \"" + name + why);
        // A link read, then replaced by a plain file.
        String link = "link-" + name;
        Files.createSymbolicLink(ws.resolve(link), third.getFileName());
        assertOk(tools.read(link));
        Files.delete(ws.resolve(link));
        Files.writeString(ws.resolve(link), "same\n");
        assertError(tools.edit(link, "same", "mine"), "FS_STALE_VERSION", "cannot edit \"" + link + why);
        assertThat(Files.readString(ws.resolve(link))).isEqualTo("same\n");
        assertThat(Files.readString(third)).isEqualTo("same\n");
        // Read again, the path's file may be changed; a path never read still says so.
        assertOk(tools.read(name));
        assertOk(tools.edit(name, "same", "mine"));
        assertThat(Files.readString(file)).isEqualTo("mine\n");
        Files.writeString(ws.resolve("never-" + name), "a\n");
        assertError(tools.edit("never-" + name, "a", "b"), "FS_NOT_OBSERVED",
                "cannot edit \"never-" + name + "\": it has not been read in this session — read the file, then retry");
    }

    @Test
    void anyReadWindowCounts() throws Exception {
        Files.writeString(ws.resolve(name), "1\n2\n3\n");
        assertOk(runtime.execute("read", java.util.Map.of("file_path", name, "offset", 3, "limit", 1),
                dev.toolfs.runtime.ToolCall.session("window-" + name)));
        assertOk(runtime.execute("edit", java.util.Map.of("file_path", name, "old_string", "1", "new_string", "one"),
                dev.toolfs.runtime.ToolCall.session("window-" + name)));
    }
}
