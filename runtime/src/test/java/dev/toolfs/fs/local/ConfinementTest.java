package dev.toolfs.fs.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.toolfs.fs.Cancellation;
import dev.toolfs.fs.FileKind;
import dev.toolfs.fs.FileStat;
import dev.toolfs.fs.FsErrorCode;
import dev.toolfs.fs.FsException;
import dev.toolfs.fs.Precondition;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.fs.TextCursor;
import dev.toolfs.fs.TextEdit;

/**
 * The known escapes, at the provider: each must be refused, and nothing outside the workspace may change (the
 * outside folder is snapshotted before and compared after every test).
 */
class ConfinementTest {

    @TempDir
    Path tmp;
    Path ws;
    Path outside;
    LocalFileSystem fs;
    Map<String, String> before;

    @BeforeEach
    void setUp() throws IOException {
        ws = Files.createDirectories(tmp.resolve("ws")).toRealPath();
        outside = Files.createDirectories(tmp.resolve("ws-evil")).toRealPath();
        Files.writeString(outside.resolve("secret.txt"), "secret\n");
        Files.writeString(ws.resolve("inside.txt"), "inside\n");
        fs = new LocalFileSystem(new Workspace(List.of(ws)), 1 << 20, 1 << 20);
        before = snapshot(outside);
    }

    @AfterEach
    void nothingOutsideChanged() throws IOException {
        assertThat(snapshot(outside)).isEqualTo(before);
    }

    private static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.toList()) {
                m.put(dir.relativize(p).toString(), Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                        ? Files.readString(p) : Files.isSymbolicLink(p) ? "link" : "dir");
            }
        }
        return m;
    }

    private FsErrorCode code(String path) {
        try {
            ResolvedPath p = fs.resolve("write", path, ws, Cancellation.NONE);
            fs.writeText(p, "pwned\n", Precondition.NONE, Cancellation.NONE);
            return null;
        } catch (FsException e) {
            return e.code();
        }
    }

    private void assertRefused(String path) {
        assertThat(code(path)).as(path).isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE);
    }

    @Test
    void traversalAbsoluteAndSiblingPrefix() {
        assertRefused("../ws-evil/secret.txt");
        assertRefused("sub/../../ws-evil/secret.txt");
        assertRefused(outside.resolve("secret.txt").toString());
        assertRefused(ws + "-evil/secret.txt");
        assertRefused("/etc/passwd");
    }

    @Test
    void symlinkLeafDanglingLeafIntermediateFolderChainsAndRoot() throws IOException {
        Files.createSymbolicLink(ws.resolve("leaf"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(ws.resolve("dangling"), outside.resolve("created-by-attack.txt"));
        Files.createSymbolicLink(ws.resolve("dir"), outside);
        Files.createSymbolicLink(ws.resolve("hop2"), Path.of("../ws-evil"));
        Files.createSymbolicLink(ws.resolve("hop1"), Path.of("hop2"));
        Files.createSymbolicLink(ws.resolve("slash"), Path.of("/"));
        Files.createDirectories(ws.resolve("a/b"));
        Files.createSymbolicLink(ws.resolve("a/b/up"), Path.of("../../../ws-evil/secret.txt"));
        for (String p : List.of("leaf", "dangling", "dir/secret.txt", "dir/new.txt", "hop1/secret.txt", "hop1/new.txt",
                "slash/etc/passwd", "slash" + outside + "/secret.txt", "a/b/up")) {
            assertRefused(p);
        }
        assertThat(Files.exists(outside.resolve("created-by-attack.txt"))).isFalse();
    }

    @Test
    void linksThatStayInsideWorkAndTheTargetIsWhatIsWritten() throws IOException {
        Files.createDirectories(ws.resolve("real"));
        Files.createSymbolicLink(ws.resolve("alias"), Path.of("real"));
        Files.createSymbolicLink(ws.resolve("dangling-inside"), Path.of("real/later.txt"));
        assertThat(code("alias/new.txt")).isNull();
        assertThat(Files.readString(ws.resolve("real/new.txt"))).isEqualTo("pwned\n");
        assertThat(code("dangling-inside")).isNull();
        assertThat(Files.readString(ws.resolve("real/later.txt"))).isEqualTo("pwned\n");
        assertThat(Files.isSymbolicLink(ws.resolve("dangling-inside"))).isTrue();
    }

    @Test
    void aDotDotInALinkIsTakenFromTheFolderTheLinkBeforeItLeadsTo() throws IOException {
        Files.createDirectories(ws.resolve("d/e"));
        Files.writeString(ws.resolve("d/x"), "d/x\n");
        Files.writeString(ws.resolve("x"), "x\n");
        Files.createSymbolicLink(ws.resolve("lnk"), Path.of("d/e"));
        // lnk/.. is d, not the workspace: the text read lexically would name x.
        Files.createSymbolicLink(ws.resolve("a"), Path.of("lnk/../x"));
        assertThat(fs.resolve("read", "a", ws, Cancellation.NONE).target()).isEqualTo(ws.resolve("d/x"));
        assertThat(code("a")).isNull();
        assertThat(Files.readString(ws.resolve("d/x"))).isEqualTo("pwned\n");
        assertThat(Files.readString(ws.resolve("x"))).isEqualTo("x\n");
        // Read lexically this text leaves the workspace; followed, it stays inside (lnk/../.. is the workspace).
        Files.createSymbolicLink(ws.resolve("c"), Path.of("lnk/../../x"));
        assertThat(fs.resolve("read", "c", ws, Cancellation.NONE).target()).isEqualTo(ws.resolve("x"));
        // And the other way: read lexically it stays inside (sub/ws-evil/…), followed it leaves (sub/up is the workspace).
        Files.createDirectories(ws.resolve("sub"));
        Files.createSymbolicLink(ws.resolve("sub/up"), Path.of(".."));
        Files.createSymbolicLink(ws.resolve("b"), Path.of("sub/up/../ws-evil/secret.txt"));
        assertRefused("b");
        assertThat(Files.exists(ws.resolve("sub/ws-evil"))).isFalse();
        // Below a file nothing exists; a '..' after a file or after nothing leads nowhere (the system stops there), and
        // must not climb back over folders never looked at: here into a link that leads out (found in a review).
        Files.createSymbolicLink(ws.resolve("evil"), Path.of("../ws-evil"));
        Files.createSymbolicLink(ws.resolve("f"), Path.of("inside.txt/../x"));
        Files.createSymbolicLink(ws.resolve("g"), Path.of("nothing/../evil/secret.txt"));
        Files.createSymbolicLink(ws.resolve("h"), Path.of("nothing/./x"));
        for (String path : List.of("f", "g", "h")) {
            for (String op : List.of("read", "write")) {
                assertThat(codeOf(() -> fs.resolve(op, path, ws, Cancellation.NONE))).as(op + " " + path)
                        .isEqualTo(FsErrorCode.FS_INVALID_PATH);
            }
            assertThat(code(path)).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        }
        assertThat(Files.exists(ws.resolve("nothing"))).isFalse();
        Files.createSymbolicLink(ws.resolve("below"), Path.of("inside.txt/x"));
        assertThat(fs.stat(fs.resolve("read", "below", ws, Cancellation.NONE))).isEqualTo(FileStat.MISSING);
        assertThat(code("below")).isNotNull();
        assertThat(Files.readString(ws.resolve("inside.txt"))).isEqualTo("inside\n");
        // A link to the root itself, with nothing after it (found in a review).
        Files.createSymbolicLink(ws.resolve("root"), Path.of("/"));
        assertRefused("root");
        assertThat(codeOf(() -> fs.resolve("read", "root", ws, Cancellation.NONE))).isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE);
        assertThat(fs.workspace().folder(ws.resolve("root"))).isEmpty();
    }

    /** A link with its text exactly as given: a Path would normalize it ("../" to ".."), as the system does not. */
    static void rawLink(Path place, String text) throws IOException {
        try {
            assertThat(new ProcessBuilder("ln", "-s", text, place.toString()).start().waitFor()).isZero();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aLinkTextEndingInASlashIsReadAsTheSystemReadsIt() throws Exception {
        // Found against the jar: "../" was taken as a name, and the next step led out.
        rawLink(ws.resolve("up"), "../");
        rawLink(ws.resolve("up2"), "sub//..//../");
        Files.createDirectories(ws.resolve("sub"));
        for (String path : List.of("up/ws-evil/secret.txt", "up/ws-evil/new.txt", "up2/ws-evil/secret.txt")) {
            assertRefused(path);
        }
        // A trailing slash asks for a folder: after a file or nothing, the system stops.
        rawLink(ws.resolve("fs"), "inside.txt/");
        rawLink(ws.resolve("ds"), "newdir/");
        for (String path : List.of("fs", "ds")) {
            assertThat(codeOf(() -> fs.resolve("read", path, ws, Cancellation.NONE))).as(path).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        }
        assertThat(code("ds")).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        try (Stream<Path> left = Files.list(ws)) {
            assertThat(left.map(p -> p.getFileName().toString())).doesNotContain(".newdir", "newdir");
        }
        // And the protected start-up files, through such links.
        Files.createDirectories(ws.resolve("config"));
        rawLink(ws.resolve("here"), "./");
        rawLink(ws.resolve("cfg"), "config/");
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), ws), 1 << 20, 1 << 20);
        for (String path : List.of("here/.env", "here/config/application.properties", "cfg/application.properties")) {
            assertThat(codeOf(() -> inWorkspace.resolve("write", path, ws, Cancellation.NONE))).as(path)
                    .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        }
    }

    @Test
    void aConfigLinkWhoseChainIsRepointedAndLinksMadeAmongTheStartUpFilesWhileRunningAreSeen() throws Exception {
        Files.createDirectories(ws.resolve("rel"));
        Files.createDirectories(ws.resolve("v1"));
        Files.createDirectories(ws.resolve("v2"));
        Files.createSymbolicLink(ws.resolve("rel/cur"), Path.of("../v1"));
        Files.createSymbolicLink(ws.resolve("config"), Path.of("rel/cur"));
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), ws), 1 << 20, 1 << 20);
        java.nio.file.attribute.FileTime hourAgo = java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
        for (String folder : List.of("", "rel", "v1", "v2")) {
            Files.setLastModifiedTime(ws.resolve(folder), hourAgo);
        }
        assertThat(codeOf(() -> inWorkspace.resolve("write", "v1/application.properties", ws, Cancellation.NONE)))
                .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        assertThat(codeOf(() -> inWorkspace.resolve("write", "v2/application.properties", ws, Cancellation.NONE))).isNull();
        // Found against the jar: a link further along the chain, re-pointed, was not looked at again.
        Files.delete(ws.resolve("rel/cur"));
        Files.createSymbolicLink(ws.resolve("rel/cur"), Path.of("../v2"));
        assertThat(codeOf(() -> inWorkspace.resolve("write", "v2/application.properties", ws, Cancellation.NONE)))
                .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        // Links made among the start-up files while the application runs: inside config/, and a .env-<profile>.
        Files.createSymbolicLink(ws.resolve("v2/application-prod.properties"), Path.of("../notes.txt"));
        Files.createSymbolicLink(ws.resolve(".env-prod"), Path.of("prof.txt"));
        Thread.sleep(1100); // the folders were busy: looked at again within a second
        for (String path : List.of("notes.txt", "prof.txt")) {
            assertThat(codeOf(() -> inWorkspace.resolve("write", path, ws, Cancellation.NONE))).as(path)
                    .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        }
        assertThat(codeOf(() -> inWorkspace.resolve("write", "other.txt", ws, Cancellation.NONE))).isNull();
    }

    private static void sh(Path dir, String script) throws IOException, InterruptedException {
        assertThat(new ProcessBuilder("sh", "-c", script).directory(dir.toFile()).start().waitFor()).isZero();
    }

    @Test
    void linkTextsAreFollowedByteForByteAlsoWhenTheyAreNotUtf8() throws Exception {
        // Found against the jar: a name's string form turned the byte \xe9 into U+FFFD, another name.
        sh(ws, "printf 'latin\\n' > \"$(printf 'caf\\351.txt')\" && ln -s \"$(printf 'caf\\351.txt')\" lnk"
                + " && ln -s \"$(printf 'caf\\351.txt')/\" slashed");
        Path target = fs.resolve("read", "lnk", ws, Cancellation.NONE).target();
        assertThat(Files.readString(target)).isEqualTo("latin\n");
        assertThat(codeOf(() -> fs.resolve("read", "slashed", ws, Cancellation.NONE))).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        // And a protected .env reached through such a link.
        Files.writeString(ws.resolve("t4.txt"), "A=1\n");
        sh(ws, "ln -s t4.txt \"$(printf '\\377l')\" && ln -s \"$(printf '\\377l')\" .env");
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), ws), 1 << 20, 1 << 20);
        assertThat(codeOf(() -> inWorkspace.resolve("write", "t4.txt", ws, Cancellation.NONE))).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
    }

    @Test
    void theProtectedLinksAreLookedAtAgainWhenAFolderOnTheirWayOrAConfigFolderOfPropertiesChanges() throws Exception {
        Files.createDirectories(ws.resolve("sub/dir"));
        Files.createDirectories(ws.resolve("other"));
        Files.writeString(ws.resolve("sub/dir/f"), "E=orig\n");
        Files.writeString(ws.resolve("other/f"), "E=other\n");
        Files.createSymbolicLink(ws.resolve(".env"), Path.of("sub/dir/f"));
        // Quarkus reads every properties file in a folder config/application.properties: links in it count too.
        Files.createDirectories(ws.resolve("config/application.properties"));
        Files.writeString(ws.resolve("t6.txt"), "x=1\n");
        Files.createSymbolicLink(ws.resolve("config/application.properties/x.properties"), Path.of("../../t6.txt"));
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), ws), 1 << 20, 1 << 20);
        java.nio.file.attribute.FileTime hourAgo = java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
        for (String folder : List.of("", "sub", "sub/dir", "other", "config", "config/application.properties")) {
            Files.setLastModifiedTime(ws.resolve(folder), hourAgo);
        }
        assertThat(codeOf(() -> inWorkspace.resolve("write", "t6.txt", ws, Cancellation.NONE))).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        assertThat(codeOf(() -> inWorkspace.resolve("write", "sub/dir/f", ws, Cancellation.NONE))).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        assertThat(codeOf(() -> inWorkspace.resolve("write", "other/f", ws, Cancellation.NONE))).isNull();
        // Found against the jar: a plain folder on the .env link's way replaced by a link.
        Files.move(ws.resolve("sub/dir"), ws.resolve("sub/dir.old"));
        Files.createSymbolicLink(ws.resolve("sub/dir"), Path.of("../other"));
        assertThat(codeOf(() -> inWorkspace.resolve("write", "other/f", ws, Cancellation.NONE))).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
    }

    @Test
    void linksAmongTheConfigurationThatLeadNowhereOrToAFolderProtectAllBelow() throws Exception {
        // Found in a review: a link that leads nowhere yet was protected as one file, so the model could create the
        // folder it names, with a properties file in it, which Quarkus then reads.
        Files.createDirectories(ws.resolve("config"));
        Files.createSymbolicLink(ws.resolve("config/application.properties"), Path.of("../shared/appcfg"));
        // And a link to a folder: the links inside that folder count too.
        Files.createDirectories(ws.resolve("cfgdir"));
        Files.createDirectories(ws.resolve("notes"));
        Files.createSymbolicLink(ws.resolve("config/application-prod.properties"), Path.of("../cfgdir"));
        Files.createSymbolicLink(ws.resolve("cfgdir/n.properties"), Path.of("../notes/n.properties"));
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), ws), 1 << 20, 1 << 20);
        for (String path : List.of("shared/appcfg", "shared/appcfg/x.properties", "cfgdir/other.properties",
                "notes/n.properties")) {
            assertThat(codeOf(() -> inWorkspace.resolve("write", path, ws, Cancellation.NONE))).as(path)
                    .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        }
        assertThat(codeOf(() -> inWorkspace.resolve("write", "notes/other.txt", ws, Cancellation.NONE))).isNull();
    }

    @Test
    void aLinkThatLeadsNowhereDoesNotMakeEveryCheckLookAgain() throws IOException {
        // Found in a review: a missing folder on a link's way read as changed at every check (a full listing each).
        Files.createSymbolicLink(ws.resolve(".env"), Path.of("secrets/dev/env"));
        java.nio.file.attribute.FileTime hourAgo = java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);
        Files.setLastModifiedTime(ws, hourAgo);
        OwnFiles own = new OwnFiles(ws, null);
        for (int i = 0; i < 5; i++) {
            assertThat(own.kind(ws.resolve("secrets/dev/env"), ws.resolve("secrets/dev/env"))).isEqualTo(OwnFiles.Kind.CONFIGURATION);
            assertThat(own.kind(ws.resolve("other.txt"), ws.resolve("other.txt"))).isNull();
        }
        assertThat(own.looks.get()).isEqualTo(2); // at the start, and at the first check
        Files.createDirectories(ws.resolve("secrets"));
        assertThat(own.kind(ws.resolve("other.txt"), ws.resolve("other.txt"))).isNull();
        assertThat(own.looks.get()).isEqualTo(3); // the folder on its way appeared
    }

    @Test
    void aProtectedFolderThatIsALinkProtectsWhereItLeadsAndThePathAsSpelled() throws IOException {
        Files.createDirectories(ws.resolve("gitdir/hooks"));
        Files.writeString(ws.resolve("gitdir/hooks/pre-commit"), "h\n");
        Files.createSymbolicLink(ws.resolve(".git"), Path.of("gitdir"));
        Workspace workspace = new Workspace(List.of(ws));
        dev.toolfs.sandbox.SandboxPolicy policy = new dev.toolfs.sandbox.SandboxPolicy(List.of(ws), List.of(ws),
                List.of(".git/**"), dev.toolfs.sandbox.SandboxPolicy.linkedFolders(List.of(ws), List.of(".git/**"), Workspace::whereLinksLead));
        LocalFileSystem sandboxed = new LocalFileSystem(workspace, 1 << 20, 1 << 20, policy);
        for (String path : List.of(".git/hooks/pre-commit", "gitdir/hooks/pre-commit", "gitdir/new")) {
            ResolvedPath p = sandboxed.resolve("write", path, ws, Cancellation.NONE);
            assertThat(sandboxed.sandboxDenial(p)).as(path).contains(path.startsWith(".git")
                    ? "it is a protected path (.git/**); the path leads to gitdir" + path.substring(4)
                    : "it is a protected path (.git/**), reached through a link as .git" + path.substring(6));
            assertThat(codeOf(() -> sandboxed.writeText(p, "echo pwn\n", Precondition.NONE, false, Cancellation.NONE)))
                    .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        }
        assertThat(Files.readString(ws.resolve("gitdir/hooks/pre-commit"))).isEqualTo("h\n");
        assertThat(sandboxed.sandboxDenial(sandboxed.resolve("write", "inside.txt", ws, Cancellation.NONE))).isEmpty();
    }

    /** Found by black-box testing: a link's target holding a right-to-left override was shown turned around. */
    @Test
    void whereALinkLeadsIsShownEscaped() throws IOException {
        Files.createDirectories(ws.resolve("secret"));
        Files.writeString(ws.resolve("secret/evil\u202etxt.exe"), "x\n");
        Files.createSymbolicLink(ws.resolve("notes.txt"), Path.of("secret/evil\u202etxt.exe"));
        Workspace workspace = new Workspace(List.of(ws));
        dev.toolfs.sandbox.SandboxPolicy policy = new dev.toolfs.sandbox.SandboxPolicy(List.of(ws), List.of(ws),
                List.of("secret/**"));
        LocalFileSystem sandboxed = new LocalFileSystem(workspace, 1 << 20, 1 << 20, policy);
        ResolvedPath p = sandboxed.resolve("write", "notes.txt", ws, Cancellation.NONE);
        assertThat(sandboxed.sandboxDenial(p)).contains(
                "it is a protected path (secret/**); the path leads to secret/evil\\u202etxt.exe");
    }

    @Test
    void parallelWritesNeverCompleteARepositoryFolderWithoutApproval() throws Exception {
        // Found in a review of the repository rule: each of three writes at once found the other two names missing.
        Workspace workspace = new Workspace(List.of(ws));
        dev.toolfs.sandbox.SandboxPolicy policy = new dev.toolfs.sandbox.SandboxPolicy(List.of(ws), List.of(ws),
                List.of(".git/**", "**/.git/**"));
        LocalFileSystem sandboxed = new LocalFileSystem(workspace, 1 << 20, 1 << 20, policy);
        // A large HEAD keeps its write long, as an attack would.
        String head = "ref: refs/heads/main\n" + "#".repeat(1 << 19);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(3);
        try {
            for (int round = 0; round < 20; round++) {
                String folder = "vendor/r" + round + "/";
                java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
                List<java.util.concurrent.Future<Boolean>> writes = new java.util.ArrayList<>();
                for (String name : List.of("HEAD", "objects/.keep", "refs/.keep")) {
                    writes.add(pool.submit(() -> {
                        start.await();
                        ResolvedPath p = sandboxed.resolve("write", folder + name, ws, Cancellation.NONE);
                        try {
                            sandboxed.writeText(p, name.equals("HEAD") ? head : "", Precondition.NONE, false, Cancellation.NONE);
                            return true;
                        } catch (FsException e) {
                            assertThat(e.code()).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
                            return false;
                        }
                    }));
                }
                start.countDown();
                int made = 0;
                for (java.util.concurrent.Future<Boolean> w : writes) {
                    made += w.get() ? 1 : 0;
                }
                assertThat(made).as("round %d", round).isEqualTo(2);
                assertThat(Files.exists(ws.resolve(folder + "HEAD")) && Files.exists(ws.resolve(folder + "objects"))
                        && Files.exists(ws.resolve(folder + "refs"))).as("round %d", round).isFalse();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(dev.toolfs.sandbox.SandboxPolicy.mayShapeRepository(ws.resolve("a/Objects/x"))).isTrue();
        assertThat(dev.toolfs.sandbox.SandboxPolicy.mayShapeRepository(ws.resolve("a/head"))).isTrue();
        assertThat(dev.toolfs.sandbox.SandboxPolicy.mayShapeRepository(ws.resolve("a/headers/x.h"))).isFalse();
    }

    @Test
    void protectedFoldersLinkedToNothingYetOrHoldingLinksProtectWhereTheyLead() throws IOException {
        // Found by an adversarial test: a protected folder that is a link to nothing yet, and a link inside one.
        Files.createSymbolicLink(ws.resolve(".tool-fs"), Path.of("gitdir2"));
        Files.createDirectories(ws.resolve(".git"));
        Files.createDirectories(ws.resolve("githooks"));
        Files.createSymbolicLink(ws.resolve(".git/hooks"), Path.of("../githooks"));
        List<String> globs = List.of(".git/**", ".tool-fs/**");
        Workspace workspace = new Workspace(List.of(ws));
        dev.toolfs.sandbox.SandboxPolicy policy = new dev.toolfs.sandbox.SandboxPolicy(List.of(ws), List.of(ws), globs,
                dev.toolfs.sandbox.SandboxPolicy.linkedFolders(List.of(ws), globs, Workspace::whereLinksLead));
        LocalFileSystem sandboxed = new LocalFileSystem(workspace, 1 << 20, 1 << 20, policy);
        for (String path : List.of("gitdir2/x", ".tool-fs/x", "githooks/pre-commit", ".git/hooks/pre-commit")) {
            ResolvedPath p = sandboxed.resolve("write", path, ws, Cancellation.NONE);
            assertThat(sandboxed.sandboxDenial(p)).as(path).isPresent();
        }
        assertThat(sandboxed.sandboxDenial(sandboxed.resolve("write", "src/Main.java", ws, Cancellation.NONE))).isEmpty();
        // Found in a review: a chain on from a linked folder (the hook git runs is a link to a script), and a link to
        // the workspace inside a protected folder (it protected everything).
        Files.createDirectories(ws.resolve("scripts"));
        Files.createSymbolicLink(ws.resolve("githooks/pre-push"), Path.of("../scripts/lint.sh"));
        Files.createSymbolicLink(ws.resolve(".git/wt"), Path.of(".."));
        dev.toolfs.sandbox.SandboxPolicy again = new dev.toolfs.sandbox.SandboxPolicy(List.of(ws), List.of(ws), globs,
                dev.toolfs.sandbox.SandboxPolicy.linkedFolders(List.of(ws), globs, Workspace::whereLinksLead));
        LocalFileSystem sandboxedAgain = new LocalFileSystem(workspace, 1 << 20, 1 << 20, again);
        assertThat(sandboxedAgain.sandboxDenial(sandboxedAgain.resolve("write", "scripts/lint.sh", ws, Cancellation.NONE)))
                .isPresent();
        for (String path : List.of("src/Main.java", "scripts/other.sh", "README.md")) {
            assertThat(sandboxedAgain.sandboxDenial(sandboxedAgain.resolve("write", path, ws, Cancellation.NONE))).as(path)
                    .isEmpty();
        }
    }

    @Test
    void aDotEnvLinkToAFolderDoesNotLockThatFolderAndManyLinkedFoldersStayCorrect() throws Exception {
        // Found by an adversarial test: '.env-dir -> .' made the whole workspace read-only (Quarkus never reads a
        // folder as .env); the .env link's own target is still protected.
        Files.createSymbolicLink(ws.resolve(".env-dir"), Path.of("."));
        Files.createSymbolicLink(ws.resolve(".env"), Path.of("env/real.env"));
        // A chain through more folders than are checked one by one: looked at again once a second instead.
        StringBuilder first = new StringBuilder();
        StringBuilder second = new StringBuilder();
        for (int i = 0; i < 150; i++) {
            Files.createDirectories(ws.resolve("a" + i + "/x"));
            Files.createDirectories(ws.resolve("b" + i + "/x"));
            first.append('a').append(i).append("/x/../../");
            second.append('b').append(i).append("/x/../../");
        }
        rawLink(ws.resolve("second"), second + "chained.env");
        rawLink(ws.resolve(".env-prod"), first + "second");
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), ws), 1 << 20, 1 << 20);
        // Nor does a config link to the working folder, or a link not named as a properties file in a config folder.
        Files.createDirectories(ws.resolve("config/application.properties"));
        Files.createSymbolicLink(ws.resolve("config/application-old"), Path.of(".."));
        Files.createSymbolicLink(ws.resolve("config/application.properties/notes"), Path.of("../.."));
        for (String path : List.of("README.md", "src/Main.java")) {
            assertThat(codeOf(() -> inWorkspace.resolve("write", path, ws, Cancellation.NONE))).as(path).isNull();
        }
        for (String path : List.of("env/real.env", "chained.env", ".env-dir")) {
            assertThat(codeOf(() -> inWorkspace.resolve("write", path, ws, Cancellation.NONE))).as(path)
                    .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        }
        // Re-pointed among the many folders: seen within a second.
        Files.delete(ws.resolve(".env-prod"));
        Files.createSymbolicLink(ws.resolve(".env-prod"), Path.of("other.env"));
        Thread.sleep(1100);
        assertThat(codeOf(() -> inWorkspace.resolve("write", "other.env", ws, Cancellation.NONE))).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
    }

    @Test
    void manyStartUpLinksThroughOneLongChainAreEachProtected() throws IOException {
        // Found by an adversarial test: each link followed its chain anew, seconds per look; now once per look.
        Files.createDirectories(ws.resolve("ch"));
        Files.createSymbolicLink(ws.resolve("ch/c0"), Path.of("../t.env"));
        for (int i = 1; i < 30; i++) {
            Files.createSymbolicLink(ws.resolve("ch/c" + i), Path.of("c" + (i - 1)));
        }
        for (int i = 0; i < 40; i++) {
            Files.createSymbolicLink(ws.resolve(".env-n" + i), Path.of(i % 2 == 0 ? "ch/c29" : "ch/c" + i % 30));
        }
        // A chain longer than the hops allowed from where some links meet it is not taken for all of them.
        Files.createDirectories(ws.resolve("long"));
        Files.createSymbolicLink(ws.resolve("long/l0"), Path.of("../far.env"));
        for (int i = 1; i < 39; i++) {
            Files.createSymbolicLink(ws.resolve("long/l" + i), Path.of("l" + (i - 1)));
        }
        Files.createSymbolicLink(ws.resolve("hop1"), Path.of("hop2"));
        Files.createSymbolicLink(ws.resolve("hop2"), Path.of("hop3"));
        Files.createSymbolicLink(ws.resolve("hop3"), Path.of("long/l38"));
        Files.createSymbolicLink(ws.resolve(".env-a"), Path.of("hop1"));
        Files.createSymbolicLink(ws.resolve(".env-b"), Path.of("long/l38"));
        OwnFiles own = new OwnFiles(ws, null);
        assertThat(own.kind(ws.resolve("t.env"), ws.resolve("t.env"))).isEqualTo(OwnFiles.Kind.CONFIGURATION);
        assertThat(own.kind(ws.resolve("far.env"), ws.resolve("far.env"))).isEqualTo(OwnFiles.Kind.CONFIGURATION);
        assertThat(own.kind(ws.resolve("ch/other"), ws.resolve("ch/other"))).isNull();
        assertThat(OwnFiles.followed(ws.resolve(".env-b"))).isEqualTo(ws.resolve("far.env"));
    }

    @Test
    void aConfigLinkToTheWorkingFolderProtectsTheFilesReadThereNotTheWholeWorkspace() throws IOException {
        // Found in a review: Quarkus reads the properties files directly inside a folder config/application.properties,
        // also when it is a link to the working folder (or to config/ itself).
        Files.createDirectories(ws.resolve("config"));
        Files.createSymbolicLink(ws.resolve("config/application.properties"), Path.of(".."));
        Files.createSymbolicLink(ws.resolve("config/application-dev.properties"), Path.of("."));
        OwnFiles own = new OwnFiles(ws, null);
        for (String path : List.of("db.properties", "new.yaml", "config/db.properties", "DB.PROPERTIES")) {
            assertThat(own.kind(ws.resolve(path), ws.resolve(path))).as(path).isEqualTo(OwnFiles.Kind.CONFIGURATION);
        }
        for (String path : List.of("README.md", "src/Main.java", "src/db.properties")) {
            assertThat(own.kind(ws.resolve(path), ws.resolve(path))).as(path).isNull();
        }
        // And where config is itself a link, to a folder holding a link back to the working folder.
        Path other = Files.createDirectories(tmp.resolve("ws2")).toRealPath();
        Files.createDirectories(tmp.resolve("shared"));
        Files.createSymbolicLink(other.resolve("config"), Path.of("../shared"));
        Files.createSymbolicLink(tmp.resolve("shared/application-old"), Path.of("../ws2"));
        OwnFiles viaLink = new OwnFiles(other, null);
        for (String path : List.of("README.md", "src/Main.java")) {
            assertThat(viaLink.kind(other.resolve(path), other.resolve(path))).as(path).isNull();
        }
        // The sandbox: a link inside a protected folder to the folder holding it protects no more than that folder.
        Files.createDirectories(other.resolve("sub/gitdir"));
        Files.createSymbolicLink(other.resolve(".git"), Path.of("sub/gitdir"));
        Files.createSymbolicLink(other.resolve("sub/gitdir/up"), Path.of(".."));
        List<dev.toolfs.sandbox.SandboxPolicy.LinkedFolder> trees = dev.toolfs.sandbox.SandboxPolicy.linkedFolders(
                List.of(other), List.of(".git/**"), Workspace::whereLinksLead);
        assertThat(trees).containsExactly(new dev.toolfs.sandbox.SandboxPolicy.LinkedFolder(other.resolve("sub/gitdir"),
                Path.of(".git")));
    }

    @Test
    void pathsAtTheSystemsLengthLimitAreWrittenOrRefusedAsInvalid() throws IOException {
        // Found against the jar: the temporary file's longer name went over the limit, an I/O error to "retry".
        StringBuilder deep = new StringBuilder();
        while (ws.toString().length() + deep.length() + 201 < 4050) {
            deep.append("p".repeat(200)).append('/');
        }
        String path = deep + "f".repeat(Math.max(1, 4070 - ws.toString().length() - deep.length() - 1));
        assertThat(ws.resolve(path).toString().length()).isLessThan(4096);
        assertThat(code(path)).isNull();
        assertThat(Files.readString(ws.resolve(path))).isEqualTo("pwned\n");
        String tooLong = path + "/" + "g".repeat(100);
        assertThat(code(tooLong)).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        // Under the limit, but with no room left for the temporary file beside it: said as such.
        String tight = deep + "h".repeat(Math.max(1, 4085 - ws.toString().length() - deep.length() - 1)) + "/f";
        FsException close = (FsException) org.assertj.core.api.Assertions.catchThrowable(() -> fs.writeText(
                fs.resolve("write", tight, ws, Cancellation.NONE), "x", Precondition.NONE, Cancellation.NONE));
        assertThat(close.code()).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        assertThat(close.getMessage()).contains("too close to the system's limit (4096 bytes) for the temporary file");
        // Refused before its folder is made (found by black-box testing: thousands of folders made, then removed one
        // by one, took a minute).
        assertThat(ws.resolve(tight).getParent()).doesNotExist();
        // Shown as the model gave it, relative to its folder, and cut: not the machine's absolute path.
        assertThat(close.messageFor(p -> ws.relativize(p).toString())).startsWith("cannot write \"" + tight.substring(0, 64) + "…\": ");
        // Short in characters, long in bytes (each '€' is three): refused before anything is looked up.
        String euros = ("€".repeat(85) + "/").repeat(20) + "f.txt";
        assertThat(euros.length()).isLessThan(4096);
        for (String op : List.of("read", "write")) {
            assertThat(codeOf(() -> fs.resolve(op, euros, ws, Cancellation.NONE))).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        }
        // A name over 255 bytes in a link's text is said as such.
        Files.createSymbolicLink(ws.resolve("longname"), Path.of("a".repeat(300)));
        FsException e = (FsException) org.assertj.core.api.Assertions.catchThrowable(
                () -> fs.resolve("read", "longname", ws, Cancellation.NONE));
        assertThat(e.code()).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        assertThat(e.messageFor(p -> ws.relativize(p).toString())).isEqualTo("cannot read \"longname\": a name its symbolic"
                + " links lead to is longer than 255 bytes; use a plain path inside the workspace");
    }

    @Test
    void aWorkspaceRootReachedThroughASymlink() throws IOException {
        Path link = Files.createSymbolicLink(tmp.resolve("ws-link"), ws);
        LocalFileSystem viaLink = new LocalFileSystem(new Workspace(List.of(link)), 1 << 20, 1 << 20);
        ResolvedPath p = viaLink.resolve("read", "inside.txt", link, Cancellation.NONE);
        assertThat(p.target()).isEqualTo(ws.resolve("inside.txt"));
        assertThat(viaLink.resolve("read", ws.resolve("inside.txt").toString(), link, Cancellation.NONE).target())
                .isEqualTo(ws.resolve("inside.txt"));
        try {
            viaLink.resolve("read", "../ws-evil/secret.txt", link, Cancellation.NONE);
            throw new AssertionError("escaped");
        } catch (FsException e) {
            assertThat(e.code()).isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE);
        }
    }

    @Test
    void aHardLinkedFileIsReplacedNotWrittenThrough() throws IOException {
        Path shared = Files.writeString(outside.resolve("shared.txt"), "outside content\n");
        Files.createLink(ws.resolve("hard.txt"), shared);
        before = snapshot(outside);
        assertThat(code("hard.txt")).isNull();
        fs.editText(fs.resolve("edit", "hard.txt", ws, Cancellation.NONE), new TextEdit("pwned", "again", false),
                Precondition.NONE, Cancellation.NONE);
        assertThat(Files.readString(shared)).isEqualTo("outside content\n");
        assertThat(Files.readString(ws.resolve("hard.txt"))).isEqualTo("again\n");
    }

    private static final String OWN_CONFIGURATION = "\": it configures this application, which reads it from the folder it"
            + " runs in when it starts, so the tools may not change it; leave it as it is, or ask the user to change it";

    @Test
    void theFilesThatConfigureThisProcessCanBeReadButNotChanged() throws IOException {
        // As when the sidecar runs in its workspace: Quarkus reads .env and config/application*.properties from there.
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), ws), 1 << 20, 1 << 20);
        Files.writeString(ws.resolve(".env"), "QUARKUS_TOOL_FS_AUTH_TOKEN=x\n");
        Files.createSymbolicLink(ws.resolve("env-link"), Path.of(".env"));
        for (String path : List.of(".env", "env-link", ".env-prod", ".ENV", "config/application.properties",
                "config/application-prod.properties", "config/application.yaml", "Config/Application.properties",
                // A folder of that name is read too: every properties file in it.
                "config/application.properties/more.properties", "./sub/../.env")) {
            for (String op : List.of("write", "edit")) {
                FsException e = (FsException) org.assertj.core.api.Assertions.catchThrowable(
                        () -> inWorkspace.resolve(op, path, ws, Cancellation.NONE));
                assertThat(e).as(op + " " + path).isNotNull();
                assertThat(e.code()).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
                assertThat(e.messageFor(p -> path)).isEqualTo("cannot " + op + " \"" + path + OWN_CONFIGURATION);
            }
        }
        assertThat(Files.readString(inWorkspace.resolve("read", ".env", ws, Cancellation.NONE).target()))
                .isEqualTo("QUARKUS_TOOL_FS_AUTH_TOKEN=x\n");
        // Resolved under another operation name (an application's tool may use its own): the provider refuses anyway.
        ResolvedPath sneaky = inWorkspace.resolve("create", ".env", ws, Cancellation.NONE);
        assertThat(codeOf(() -> inWorkspace.writeText(sneaky, "QUARKUS_TOOL_FS_WORKSPACE_ROOTS=/\n", Precondition.NONE,
                Cancellation.NONE))).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        assertThat(codeOf(() -> inWorkspace.editText(sneaky, new dev.toolfs.fs.TextEdit("x", "y", false), Precondition.NONE,
                Cancellation.NONE))).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        // The same names elsewhere are the project's own files.
        for (String path : List.of("sub/.env", "config/other.properties", "app/config/application.properties",
                "application.properties", ".environment")) {
            inWorkspace.writeText(inWorkspace.resolve("write", path, ws, Cancellation.NONE), "x", Precondition.NONE,
                    Cancellation.NONE);
        }
        assertThat(Files.readString(ws.resolve(".env"))).isEqualTo("QUARKUS_TOOL_FS_AUTH_TOKEN=x\n");
    }

    @Test
    void aConfigFolderOrDotEnvThatIsALinkProtectsWhereItLeads() throws IOException {
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), ws), 1 << 20, 1 << 20);
        Files.createDirectories(ws.resolve("settings"));
        Files.createSymbolicLink(ws.resolve("config"), Path.of("settings"));
        Files.writeString(ws.resolve(".env.local"), "A=1\n");
        Files.createSymbolicLink(ws.resolve(".env"), Path.of(".env.local"));
        for (String path : List.of("config/application.properties", "settings/application.properties",
                "settings/application-dev.properties", ".env.local")) {
            assertThat(codeOf(() -> inWorkspace.resolve("write", path, ws, Cancellation.NONE))).as(path)
                    .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        }
        inWorkspace.writeText(inWorkspace.resolve("write", "settings/other.txt", ws, Cancellation.NONE), "x",
                Precondition.NONE, Cancellation.NONE);
    }

    @Test
    void linksAmongTheConfigurationFilesProtectWhereTheyLeadAlsoWhenNothingIsThereYet() throws IOException {
        // As a cloned repository may hold them: a link inside config/, a .env-<profile> link, a dangling .env link and
        // a dangling config link of another working folder.
        Files.createDirectories(ws.resolve("config"));
        Files.writeString(ws.resolve("projprops.txt"), "# x\n");
        Files.createSymbolicLink(ws.resolve("config/application.properties"), Path.of("../projprops.txt"));
        Files.writeString(ws.resolve("envfile.txt"), "A=1\n");
        Files.createSymbolicLink(ws.resolve(".env-prod"), Path.of("envfile.txt"));
        Files.createSymbolicLink(ws.resolve(".env"), Path.of(".env.local")); // .env.local does not exist
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), ws), 1 << 20, 1 << 20);
        for (String path : List.of("config/application.properties", "projprops.txt", ".env-prod", "envfile.txt", ".env",
                ".env.local")) {
            assertThat(codeOf(() -> inWorkspace.resolve("write", path, ws, Cancellation.NONE))).as(path)
                    .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        }
        assertThat(Files.exists(ws.resolve(".env.local"))).isFalse();

        Path other = Files.createDirectories(tmp.resolve("other-working-folder"));
        Files.createSymbolicLink(other.resolve("config"), ws.resolve("cfg")); // cfg does not exist yet
        LocalFileSystem linked = new LocalFileSystem(new Workspace(List.of(ws), List.of(), other), 1 << 20, 1 << 20);
        assertThat(codeOf(() -> linked.resolve("write", "cfg/application.properties", ws, Cancellation.NONE)))
                .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        linked.writeText(linked.resolve("write", "cfg/notes.txt", ws, Cancellation.NONE), "x", Precondition.NONE,
                Cancellation.NONE);
    }

    @Test
    void aConfigOrDotEnvLinkMadeAfterAnEarlierLookIsSeen() throws Exception {
        Files.createDirectories(ws.resolve("elsewhere"));
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), ws), 1 << 20, 1 << 20);
        // A quiet folder (unchanged for an hour): its last look is kept while it stays unchanged, and a link made
        // since is seen at the next check.
        Files.setLastModifiedTime(ws, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
        for (int i = 0; i < 2; i++) {
            assertThat(codeOf(() -> inWorkspace.resolve("write", "elsewhere/app.env", ws, Cancellation.NONE))).isNull();
            assertThat(codeOf(() -> inWorkspace.resolve("write", "elsewhere/application.properties", ws,
                    Cancellation.NONE))).isNull();
        }
        Files.createSymbolicLink(ws.resolve(".env"), Path.of("elsewhere/app.env"));
        assertThat(codeOf(() -> inWorkspace.resolve("write", "elsewhere/app.env", ws, Cancellation.NONE)))
                .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        // A busy folder (it just changed): looked at again within a second.
        Files.createSymbolicLink(ws.resolve("config"), Path.of("elsewhere"));
        Thread.sleep(1100);
        assertThat(codeOf(() -> inWorkspace.resolve("write", "elsewhere/application.properties", ws,
                Cancellation.NONE))).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        assertThat(codeOf(() -> inWorkspace.resolve("write", "elsewhere/app.env", ws, Cancellation.NONE)))
                .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
    }

    @Test
    void linksAreFollowedAsTheSystemFollowsThem() throws IOException {
        // A link followed by '..' leads below the link's target, not back beside it: lnk2/../envT is d3/envT.
        Files.createDirectories(ws.resolve("d3/d4"));
        Files.createSymbolicLink(ws.resolve("lnk2"), Path.of("d3/d4"));
        Files.createSymbolicLink(ws.resolve(".env"), Path.of("lnk2/../envT"));
        // A link through a link that leads nowhere yet: nonexist/x once made.
        Files.createSymbolicLink(ws.resolve("dl"), Path.of("nonexist"));
        Files.createSymbolicLink(ws.resolve(".env-prod"), Path.of("dl/x"));
        // A config link through another dangling one.
        Files.createSymbolicLink(ws.resolve("cl"), Path.of("nodir"));
        Files.createSymbolicLink(ws.resolve("config"), Path.of("cl/c"));
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), ws), 1 << 20, 1 << 20);
        for (String path : List.of("d3/envT", "nonexist/x", "nodir/c/application.properties")) {
            assertThat(codeOf(() -> inWorkspace.resolve("write", path, ws, Cancellation.NONE))).as(path)
                    .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        }
        assertThat(OwnFiles.followed(ws.resolve(".env"))).isEqualTo(ws.resolve("d3/envT"));
        assertThat(OwnFiles.followed(ws.resolve(".env-prod"))).isEqualTo(ws.resolve("nonexist/x"));
        inWorkspace.writeText(inWorkspace.resolve("write", "nodir/c/notes.txt", ws, Cancellation.NONE), "x",
                Precondition.NONE, Cancellation.NONE);
    }

    @Test
    void linksInsideTheInstallationProtectWhereTheyLead() throws IOException {
        Path app = Files.createDirectories(ws.resolve("app"));
        Files.writeString(ws.resolve("jvmopts.txt"), "-Xmx64m\n");
        Files.createSymbolicLink(app.resolve("jvm.args"), Path.of("../jvmopts.txt"));
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), tmp, app), 1 << 20, 1 << 20);
        for (String path : List.of("app/jvm.args", "jvmopts.txt", "JVMOPTS.txt")) {
            FsException e = (FsException) org.assertj.core.api.Assertions.catchThrowable(
                    () -> inWorkspace.resolve("edit", path, ws, Cancellation.NONE));
            assertThat(e.code()).as(path).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
            // Said as part of the installation (it said "configures this application", about the start-up files).
            assertThat(e.messageFor(p -> path)).as(path).contains("it is part of this application's installation");
        }
    }

    @Test
    void theRunningInstallationCanBeReadButNotChanged() throws IOException {
        // A sidecar started from a build inside its own workspace: its jvm.args would give the next start its options.
        Path app = Files.createDirectories(ws.resolve("sidecar/target/quarkus-app"));
        Files.writeString(app.resolve("jvm.args"), "-XX:+UseSerialGC\n");
        LocalFileSystem inWorkspace = new LocalFileSystem(new Workspace(List.of(ws), List.of(), tmp, app), 1 << 20, 1 << 20);
        FsException e = (FsException) org.assertj.core.api.Assertions.catchThrowable(() -> inWorkspace.resolve("write",
                "sidecar/target/quarkus-app/jvm.args", ws, Cancellation.NONE));
        assertThat(e.code()).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        assertThat(e.messageFor(p -> "sidecar/target/quarkus-app/jvm.args")).isEqualTo("cannot write"
                + " \"sidecar/target/quarkus-app/jvm.args\": it is part of this application's installation (" + app
                + "), which the tools may not change; leave it as it is, or ask the user to change it");
        assertThat(codeOf(() -> inWorkspace.resolve("edit", "sidecar/target/quarkus-app/lib/new.txt", ws, Cancellation.NONE)))
                .isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        assertThat(inWorkspace.resolve("read", "sidecar/target/quarkus-app/jvm.args", ws, Cancellation.NONE).target())
                .isEqualTo(app.resolve("jvm.args"));
        assertThat(Workspace.runningInstallation()).as("a test JVM is not started from a quarkus-run.jar").isNull();
    }

    @Test
    void protectedPathsAreProtectedInEverySpellingACaseInsensitiveVolumeTakesForThem() throws IOException {
        // On macOS's default volumes APP/.ENV is app/.env, .GIT/hooks is .git/hooks, a decomposed accent is the composed
        // one and HFS+ leaves a zero-width joiner out of a name. This disk tells them apart, so each spelling here is a
        // new file: refused all the same, as it would be the protected one there.
        Path working = Files.createDirectories(ws.resolve("app-\u00e9"));
        Path app = Files.createDirectories(ws.resolve("sidecar/target/quarkus-app"));
        Files.createDirectories(ws.resolve("gitdir/hooks"));
        Files.createSymbolicLink(ws.resolve(".git"), Path.of("gitdir"));
        Files.createDirectories(ws.resolve("secrets"));
        Files.createSymbolicLink(working.resolve(".env"), Path.of("../secrets/env"));
        Workspace workspace = new Workspace(List.of(ws), List.of(ws.resolve(".tool-fs/attachments")), working, app);
        dev.toolfs.sandbox.SandboxPolicy policy = new dev.toolfs.sandbox.SandboxPolicy(List.of(ws), List.of(ws),
                List.of(".git/**", "keys/*.PEM"),
                dev.toolfs.sandbox.SandboxPolicy.linkedFolders(List.of(ws), List.of(".git/**"), Workspace::whereLinksLead));
        LocalFileSystem sandboxed = new LocalFileSystem(workspace, 1 << 20, 1 << 20, policy);
        Map<String, FsErrorCode> refused = new TreeMap<>();
        for (String path : List.of("APP-\u00c9/.ENV", "app-e\u0301/.env", "App-\u00e9/Config/APPLICATION.yaml",
                // Folded, the combining mark joins the n: still a name Quarkus reads as spelled (application…).
                "app-\u00e9/config/application\u0303.properties",
                "app-\u00e9/.e\u200cnv", "Secrets/ENV", "SIDECAR/Target/quarkus-app/jvm.args",
                "sidecar/target/QUARKUS-APP/lib/x.jar", ".TOOL-FS/Attachments/x.png")) {
            refused.put(path, codeIn(sandboxed, path));
        }
        assertThat(refused).allSatisfy((path, code) -> assertThat(code).as(path).isIn(FsErrorCode.FS_SANDBOX_DENIED,
                FsErrorCode.FS_OUTSIDE_WORKSPACE));
        assertThat(refused.get(".TOOL-FS/Attachments/x.png")).isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE);
        for (String path : List.of(".GIT/hooks/pre-commit", ".g\u200dit/hooks/pre-commit", "GitDir/hooks/pre-commit",
                "keys/server.pem")) {
            ResolvedPath p = sandboxed.resolve("write", path, ws, Cancellation.NONE);
            assertThat(sandboxed.sandboxDenial(p)).as(path).isPresent();
            assertThat(codeOf(() -> sandboxed.writeText(p, "echo pwn\n", Precondition.NONE, false, Cancellation.NONE)))
                    .as(path).isEqualTo(FsErrorCode.FS_SANDBOX_DENIED);
        }
        // Names that are not a protected one in any spelling stay writable.
        for (String path : List.of("app-e/.env", "app-\u00e9/.envrc", ".github/hooks.md", "sidecar/target/quarkus-app-old/x",
                "gitdir-notes.txt")) {
            assertThat(codeIn(sandboxed, path)).as(path).isNull();
        }
    }

    private static FsErrorCode codeOf(Runnable r) {
        try {
            r.run();
            return null;
        } catch (FsException e) {
            return e.code();
        }
    }

    @Test
    void symlinksInALoopAreAnInvalidPathNotAnIoErrorToRetry() throws IOException {
        Files.createSymbolicLink(ws.resolve("loop1"), Path.of("loop2"));
        Files.createSymbolicLink(ws.resolve("loop2"), Path.of("loop1"));
        FsException e = (FsException) org.assertj.core.api.Assertions.catchThrowable(
                () -> fs.resolve("read", "loop1", ws, Cancellation.NONE));
        assertThat(e.code()).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        assertThat(e.messageFor(path -> "loop1")).isEqualTo("cannot read \"loop1\": its symbolic links go round in a loop,"
                + " or more than 40 of them follow each other; fix the links, or use the path of the file itself");
    }

    @Test
    void nulControlCharactersAndHugePathsAreInvalid() {
        assertThat(code("a\0b")).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        assertThat(code("a\nb")).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        assertThat(code("a\u001bb")).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        assertThat(code("x".repeat(256))).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        assertThat(code("a/".repeat(3000))).isEqualTo(FsErrorCode.FS_INVALID_PATH);
        try {
            fs.resolve("read", "bad\0name", ws, Cancellation.NONE);
        } catch (FsException e) {
            assertThat(e.messageFor(Path::toString)).isEqualTo(
                    "cannot read \"bad\\x00name\": the path contains a NUL character; use a plain path inside the workspace");
        }
    }

    @Test
    void aPathEndingInASlashNamesAFolderAndIsRefused() throws IOException {
        Files.writeString(ws.resolve("f.txt"), "x\n");
        for (String p : List.of("newdir/", "f.txt/", "sub/deep/", "newdir/.", "f.txt/.")) {
            FsException e = org.junit.jupiter.api.Assertions.assertThrows(FsException.class,
                    () -> fs.resolve("write", p, ws, Cancellation.NONE));
            assertThat(e.code()).isEqualTo(FsErrorCode.FS_INVALID_PATH);
            assertThat(e.messageFor(Path::toString)).isEqualTo("cannot write \"" + p
                    + "\": the path ends with a slash, so it names a folder, not a file; use a plain path inside the workspace");
        }
        assertThat(code("/")).isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE); // the root is a path like any other
    }

    @Test
    void theImageStoreInsideTheWorkspaceIsNotPartOfIt() throws IOException {
        Path store = ws.resolve(".tool-fs/attachments");
        LocalFileSystem guarded = new LocalFileSystem(new Workspace(List.of(ws), List.of(store)), 1 << 20, 1 << 20);
        // Before the store exists, and after (when a link to it is caught too).
        assertThat(codeIn(guarded, ".tool-fs/attachments/sha256/ab/x.png")).isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE);
        Files.createDirectories(store.resolve("sha256"));
        Files.createSymbolicLink(ws.resolve("shortcut"), store);
        for (String p : List.of(".tool-fs/attachments/sha256/x.png", "shortcut/sha256/x.png", ".tool-fs/attachments")) {
            FsException e = org.junit.jupiter.api.Assertions.assertThrows(FsException.class,
                    () -> guarded.resolve("write", p, ws, Cancellation.NONE));
            assertThat(e.code()).isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE);
            assertThat(e.messageFor(path -> ws.relativize(path).toString())).isEqualTo("cannot write \"" + p
                    + "\": it is in the image attachment store (" + store + "), which is not part of the workspace; use a path outside it");
        }
        // Its neighbours are ordinary files, and a store outside the roots changes nothing.
        assertThat(codeIn(guarded, ".tool-fs/notes.txt")).isNull();
        assertThat(codeIn(guarded, ".tool-fs/attachments-old/x.txt")).isNull();
        LocalFileSystem elsewhere = new LocalFileSystem(new Workspace(List.of(ws), List.of(outside.resolve("att"))), 1 << 20, 1 << 20);
        assertThat(codeIn(elsewhere, "plain.txt")).isNull();
        try (var files = Files.list(store.resolve("sha256"))) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void theImageStoreNamedThroughALinkIsKnownWhereItLeads() throws IOException {
        // A home folder reached through a link (/home -> /usr/home), the workspace named by its real path: the store's
        // name is outside every root, where it is made is inside one.
        Path home = Files.createSymbolicLink(tmp.resolve("homelink"), ws);
        Path store = home.resolve(".tool-fs/attachments");
        LocalFileSystem guarded = new LocalFileSystem(new Workspace(List.of(ws), List.of(store)), 1 << 20, 1 << 20);
        assertThat(codeIn(guarded, ".tool-fs/attachments/sha256/ff/evil.png")).as("before the store exists")
                .isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE);
        Files.createDirectories(store.resolve("sha256/ff"));
        LocalFileSystem later = new LocalFileSystem(new Workspace(List.of(ws), List.of(store)), 1 << 20, 1 << 20);
        for (LocalFileSystem provider : List.of(guarded, later)) {
            assertThat(codeIn(provider, ".tool-fs/attachments/sha256/ff/evil.png")).isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE);
            assertThat(codeIn(provider, ".tool-fs/attachments")).isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE);
            assertThat(codeIn(provider, ".tool-fs/notes.txt")).isNull();
        }
        try (var files = Files.list(store.resolve("sha256/ff"))) {
            assertThat(files).isEmpty();
        }
        assertThat(Workspace.realLocation(home.resolve("a/../b/c"))).isEqualTo(ws.resolve("b/c"));
    }

    @Test
    void theImageStoreIsKnownByItselfNotByItsName() throws IOException {
        // Another name for the same folder (here after a move; on a case-insensitive disk, another spelling) is refused.
        Path store = Files.createDirectories(ws.resolve(".tool-fs/attachments"));
        LocalFileSystem guarded = new LocalFileSystem(new Workspace(List.of(ws), List.of(store)), 1 << 20, 1 << 20);
        Files.move(store, ws.resolve("renamed"));
        FsException e = org.junit.jupiter.api.Assertions.assertThrows(FsException.class,
                () -> guarded.resolve("read", "renamed/sha256/x.png", ws, Cancellation.NONE));
        assertThat(e.code()).isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE);
        assertThat(codeIn(guarded, "renamed")).isEqualTo(FsErrorCode.FS_OUTSIDE_WORKSPACE);
    }

    private FsErrorCode codeIn(LocalFileSystem provider, String path) {
        try {
            ResolvedPath p = provider.resolve("write", path, ws, Cancellation.NONE);
            provider.writeText(p, "pwned\n", Precondition.NONE, Cancellation.NONE);
            return null;
        } catch (FsException e) {
            return e.code();
        }
    }

    @Test
    void tildeFileUrlsAndPercentEncodingAreTakenLiterally() {
        assertThat(code("~/notes.txt")).isNull();
        assertThat(Files.exists(ws.resolve("~/notes.txt"))).isTrue();
        assertThat(code("file:///etc/passwd")).isNull();
        assertThat(Files.exists(ws.resolve("file:/etc/passwd"))).isTrue();
        assertThat(code("%2e%2e/ws-evil/secret.txt")).isNull();
        assertThat(Files.exists(ws.resolve("%2e%2e/ws-evil/secret.txt"))).isTrue();
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void fifosDevicesAndSocketsAreRefusedWithoutBlocking() throws Exception {
        assertThat(new ProcessBuilder("mkfifo", ws.resolve("fifo").toString()).start().waitFor()).isZero();
        boolean device = new ProcessBuilder("mknod", ws.resolve("null-device").toString(), "c", "1", "3").start()
                .waitFor() == 0;
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(ws.resolve("sock")));
            for (String name : device ? List.of("fifo", "null-device", "sock") : List.of("fifo", "sock")) {
                ResolvedPath p = fs.resolve("read", name, ws, Cancellation.NONE);
                assertThat(fs.stat(p).kind()).as(name).isEqualTo(FileKind.OTHER);
                assertThat(code(name)).as(name).isEqualTo(FsErrorCode.FS_NOT_REGULAR_FILE);
            }
        }
    }

    @Test
    void aFileSwappedForASymlinkAfterTheCheckIsNotFollowed() throws IOException {
        Path victim = ws.resolve("swap.txt");
        Files.writeString(victim, "inside\n");
        ResolvedPath checked = fs.resolve("read", "swap.txt", ws, Cancellation.NONE);
        FileStat stat = fs.stat(checked);
        // The swap: between the check and the use, the file becomes a link to the secret.
        Files.delete(victim);
        Files.createSymbolicLink(victim, outside.resolve("secret.txt"));
        try (TextCursor c = fs.openText(checked, stat, Cancellation.NONE)) {
            c.nextLine(100);
            throw new AssertionError("followed the swapped link");
        } catch (FsException e) {
            assertThat(e.code()).isIn(FsErrorCode.FS_IO, FsErrorCode.FS_NOT_FOUND);
        }
        // A write looks at the target again without following links, and refuses what is no longer a file.
        try {
            fs.writeText(checked, "replaced\n", Precondition.NONE, Cancellation.NONE);
            throw new AssertionError("wrote through the swapped link");
        } catch (FsException e) {
            assertThat(e.code()).isEqualTo(FsErrorCode.FS_NOT_REGULAR_FILE);
        }
        assertThat(Files.isSymbolicLink(victim)).isTrue();
    }

    @Test
    void aNameSwappedWhileThePathIsFollowedGetsAnErrorThatSaysSo() throws Exception {
        // d is a folder one moment and a link to another inside folder the next: a look at d and the read of its
        // link may each see another. Every failure must be one of the documented messages, never a bare exception.
        Path real = Files.createDirectories(ws.resolve("real"));
        Files.writeString(real.resolve("f.txt"), "f\n");
        Path d = ws.resolve("d");
        Files.createDirectories(d);
        Files.writeString(d.resolve("f.txt"), "f\n");
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread swapper = new Thread(() -> {
            Path aside = ws.resolve("aside");
            while (!stop.get()) {
                try {
                    Files.move(d, aside);
                    Files.createSymbolicLink(d, real);
                    Files.delete(d);
                    Files.move(aside, d);
                } catch (IOException e) {
                    // a step lost to the reader: go on
                }
            }
        });
        swapper.start();
        java.util.Set<String> seen = new java.util.TreeSet<>();
        try {
            long end = System.nanoTime() + 1_500_000_000L;
            while (System.nanoTime() < end) {
                try {
                    fs.resolve("read", "d/f.txt", ws, Cancellation.NONE);
                } catch (FsException e) {
                    seen.add(e.getMessage());
                }
            }
        } finally {
            stop.set(true);
            swapper.join();
        }
        assertThat(seen).allSatisfy(m -> assertThat(m).doesNotContain("Exception"));
    }

    @Test
    @org.junit.jupiter.api.condition.EnabledOnOs(org.junit.jupiter.api.condition.OS.LINUX) // open folders: Linux only
    void aFolderSwappedForALinkOutDuringWritesNeverSendsOneOut() throws Exception {
        // Found by black-box testing: a folder swapped for a link to outside between the check of a path and the
        // rename sent the write out (the outside file was overwritten) and left temporary files behind. The new file is
        // now made and renamed in the folder held open. The outside folder is compared after the test.
        Path d = swappableFolder("sw");
        Race race;
        try (FolderSwapper swapper = new FolderSwapper(d, d.resolveSibling("aside"), outside)) {
            race = Race.of(1.5, i -> {
                ResolvedPath f = fs.resolve("write", "sw/d/f.txt", ws, Cancellation.NONE);
                if (i % 2 == 0) {
                    fs.writeText(f, "written\n", Precondition.NONE, Cancellation.NONE);
                } else {
                    fs.editText(f, new TextEdit("\n", "!\n", false), Precondition.NONE, Cancellation.NONE);
                }
            });
            assertThat(swapper.swaps()).as("the swapper kept swapping").isGreaterThan(10);
        }
        assertThat(race.succeeded()).isPositive();
        assertThat(race.failures()).allSatisfy(m -> assertThat(m).doesNotContain("Exception"));
        try (Stream<Path> all = Files.walk(ws)) {
            assertThat(all.map(Path::toString).filter(n -> n.contains(".toolfs-"))).isEmpty();
        }
    }

    @Test
    @org.junit.jupiter.api.condition.EnabledOnOs(org.junit.jupiter.api.condition.OS.LINUX) // open folders: Linux only
    void aFolderSwappedForALinkOutAfterTheCheckIsNotReadThrough() throws Exception {
        // Reads followed a folder swapped for a link between the check of the path and the open: the outside file was
        // read. They now open the file in its folder held open, reached without following a link.
        Path d = swappableFolder("rsw");
        Path sw = d.getParent();
        // Read once, so that the folder is held open from an earlier read too.
        ResolvedPath checked = fs.resolve("read", "rsw/d/f.txt", ws, Cancellation.NONE);
        assertThat(fs.readText(checked, 1000, Cancellation.NONE)).isEqualTo("inside\n");
        Files.move(d, sw.resolve("aside"));
        Files.createSymbolicLink(d, outside);
        try {
            for (int i = 0; i < 2; i++) {
                FsException e = org.assertj.core.api.Assertions.catchThrowableOfType(FsException.class,
                        () -> fs.readText(checked, 1000, Cancellation.NONE));
                assertThat(e).as("read through the swapped folder").isNotNull();
                assertThat(e.code()).isIn(FsErrorCode.FS_IO, FsErrorCode.FS_NOT_FOUND);
                assertThat(e.getMessage()).doesNotContain("Exception");
            }
        } finally {
            Files.delete(d);
            Files.move(sw.resolve("aside"), d);
        }
        // Back in place, the same folder: read again.
        assertThat(fs.readText(checked, 1000, Cancellation.NONE)).isEqualTo("inside\n");
        // Moved out of the workspace, and a link to it in its place: not the folder the path led to (found in a review).
        Path movedOut = outside.resolve("moved");
        Files.move(d, movedOut);
        Files.createSymbolicLink(d, movedOut);
        try {
            FsException e = org.assertj.core.api.Assertions.catchThrowableOfType(FsException.class,
                    () -> fs.readText(checked, 1000, Cancellation.NONE));
            assertThat(e).as("read through the link to the folder moved out").isNotNull();
            assertThat(e.code()).isEqualTo(FsErrorCode.FS_IO);
        } finally {
            Files.delete(d);
            Files.move(movedOut, d);
        }
        assertThat(fs.readText(checked, 1000, Cancellation.NONE)).isEqualTo("inside\n");
        // A folder made again at that path (the old one renamed away) is the new one, not the one held before.
        Files.move(d, sw.resolve("old"));
        Files.createDirectories(d);
        Files.writeString(d.resolve("f.txt"), "new\n");
        assertThat(fs.readText(checked, 1000, Cancellation.NONE)).isEqualTo("new\n");
        // Removed and made again (the file system may give the new folder the old one's number).
        Files.delete(d.resolve("f.txt"));
        Files.delete(d);
        Files.createDirectories(d);
        Files.writeString(d.resolve("f.txt"), "again\n");
        assertThat(fs.readText(checked, 1000, Cancellation.NONE)).isEqualTo("again\n");
    }

    @Test
    @org.junit.jupiter.api.condition.EnabledOnOs(org.junit.jupiter.api.condition.OS.LINUX)
    void aFolderSwappedForALinkOutDuringReadsNeverLetsOneReadOutside() throws Exception {
        Path d = swappableFolder("rsw2");
        Race race;
        try (FolderSwapper swapper = new FolderSwapper(d, d.resolveSibling("aside"), outside)) {
            race = Race.of(1.5, i -> {
                ResolvedPath f = fs.resolve("read", "rsw2/d/f.txt", ws, Cancellation.NONE);
                assertThat(fs.readText(f, 1000, Cancellation.NONE)).isEqualTo("inside\n");
            });
            assertThat(swapper.swaps()).as("the swapper kept swapping").isGreaterThan(10);
        }
        assertThat(race.succeeded()).isPositive();
        assertThat(race.failures()).allSatisfy(m -> assertThat(m).doesNotContain("Exception"));
    }

    @Test
    @org.junit.jupiter.api.condition.EnabledOnOs(org.junit.jupiter.api.condition.OS.LINUX)
    void theCleanUpOfAFailedWriteNeverRemovesAFileOrALink() throws Exception {
        // Found by black-box testing: a write made race/ndX, a swap sent race/ndX to an outside file of that name, the
        // write failed, and its clean-up removed "the empty folder it made" by path: the outside file. Files named as
        // the new folders wait outside; the outside folder is compared after the test.
        Path folder = Files.createDirectories(ws.resolve("race"));
        for (int i = 0; i < 20; i++) {
            Files.writeString(outside.resolve("nd" + i), "decoy " + i + "\n");
        }
        before = snapshot(outside);
        Race race;
        try (FolderSwapper swapper = new FolderSwapper(folder, ws.resolve("aside"), outside)) {
            race = Race.of(3, i -> fs.writeText(fs.resolve("write", "race/nd" + (i % 20) + "/sub/deeper/x.txt", ws,
                    Cancellation.NONE), "x\n", Precondition.NONE, Cancellation.NONE));
            assertThat(swapper.swaps()).as("the swapper kept swapping").isGreaterThan(10);
        }
        // Found by black-box testing too: a file where a folder was made, or where the new file's name was given,
        // failed with Java's exception and the server's own paths.
        assertThat(race.failures()).allSatisfy(m -> assertThat(m).doesNotContain("Exception"));
    }

    /**
     * A folder {@code <name>/d} of the workspace holding f.txt ("inside"), to be swapped for a link to the outside
     * folder, which holds an f.txt ("secret") of its own; the outside folder is compared after the test.
     */
    private Path swappableFolder(String name) throws IOException {
        Path d = Files.createDirectories(ws.resolve(name).resolve("d"));
        Files.writeString(d.resolve("f.txt"), "inside\n");
        Files.writeString(outside.resolve("f.txt"), "secret\n");
        before = snapshot(outside);
        return d;
    }

    /** What calls made in a loop for a while came to: how many succeeded, and the failures' messages, paths left out. */
    private record Race(int succeeded, java.util.Set<String> failures) {

        static Race of(double seconds, java.util.function.IntConsumer call) {
            int succeeded = 0;
            java.util.Set<String> failures = new java.util.TreeSet<>();
            long end = System.nanoTime() + (long) (seconds * 1e9);
            for (int i = 0; System.nanoTime() < end; i++) {
                try {
                    call.accept(i);
                    succeeded++;
                } catch (FsException e) {
                    failures.add(e.code() + " " + e.getMessage().replaceAll("\"[^\"]*\"", "<path>"));
                }
            }
            return new Race(succeeded, failures);
        }
    }

    /**
     * Swaps a folder for a link to another and back, as fast as it can, until closed: moves it aside, puts the link in
     * its place, removes the link, moves it back. A folder a write made again meanwhile is removed, so that the folder
     * holding the files comes back.
     */
    private static final class FolderSwapper implements AutoCloseable {
        private final java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        private final java.util.concurrent.atomic.AtomicInteger swaps = new java.util.concurrent.atomic.AtomicInteger();
        private final Thread thread;

        FolderSwapper(Path folder, Path aside, Path linkTo) {
            thread = new Thread(() -> {
                while (!stop.get()) {
                    try {
                        if (Files.isSymbolicLink(folder)) {
                            Files.delete(folder);
                        } else if (Files.isDirectory(folder) && Files.exists(aside)) {
                            deleteTree(folder);
                        } else if (Files.isDirectory(folder)) {
                            Files.move(folder, aside);
                            Files.createSymbolicLink(folder, linkTo);
                            swaps.incrementAndGet();
                        } else if (Files.exists(aside)) {
                            Files.move(aside, folder);
                        }
                    } catch (IOException | java.io.UncheckedIOException e) {
                        // a step lost to a write (a walk of the folder meets a file the write just removed): go on
                    }
                }
            });
            thread.start();
        }

        int swaps() {
            return swaps.get();
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            thread.join();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
