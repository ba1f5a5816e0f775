package dev.toolfs.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class SandboxPolicyTest {

    private final Path ws = Path.of("/ws");
    private final SandboxPolicy policy = new SandboxPolicy(List.of(ws), List.of(ws.resolve("src"), ws.resolve("docs")),
            List.of(".git/**", "src/**/*.lock"));

    @Test
    void writableFoldersAllowAndEverythingElseNeedsEscalation() {
        assertThat(policy.denial(ws.resolve("src/Main.java"))).isEmpty();
        assertThat(policy.denial(ws.resolve("docs/a/b.md"))).isEmpty();
        assertThat(policy.denial(ws.resolve("pom.xml"))).contains("it is outside the writable folders");
        assertThat(policy.denial(Path.of("/ws-src/x"))).contains("it is outside the writable folders");
    }

    @Test
    void protectedGlobsWinInsideWritableFolders() {
        SandboxPolicy all = new SandboxPolicy(List.of(ws), List.of(ws), List.of(".git/**", "src/**/*.lock"));
        assertThat(all.denial(ws.resolve(".git/config"))).contains("it is a protected path (.git/**)");
        assertThat(all.denial(ws.resolve(".git"))).contains("it is a protected path (.git/**)");
        assertThat(all.denial(ws.resolve("src/a/deps.lock"))).contains("it is a protected path (src/**/*.lock)");
        assertThat(all.denial(ws.resolve(".gitignore"))).isEmpty();
        assertThat(all.denial(ws.resolve("src/a/deps.txt"))).isEmpty();
    }

    /** Found by black-box testing: Java's glob needs a folder at a run of folders, so top-level files went free. */
    @Test
    void aRunOfFoldersMayBeNoFolderAtAllAsInGitignore() {
        SandboxPolicy p = new SandboxPolicy(List.of(ws), List.of(ws), List.of("src/**/generated/**", "**/*.pem",
                "**/secrets/**/*.key"));
        assertThat(p.denial(ws.resolve("x.pem"))).contains("it is a protected path (**/*.pem)");
        assertThat(p.denial(ws.resolve("keys/x.pem"))).contains("it is a protected path (**/*.pem)");
        assertThat(p.denial(ws.resolve("src/generated/A.java"))).contains("it is a protected path (src/**/generated/**)");
        assertThat(p.denial(ws.resolve("src/a/b/generated/A.java"))).isPresent();
        assertThat(p.denial(ws.resolve("src/generated"))).isPresent(); // the folder itself, as for dir/**
        assertThat(p.denial(ws.resolve("secrets/x.key"))).isPresent();
        assertThat(p.denial(ws.resolve("a/secrets/b/x.key"))).isPresent();
        // Not wider than that: the rest of a name still has to match.
        assertThat(p.denial(ws.resolve("x.pem.txt"))).isEmpty();
        assertThat(p.denial(ws.resolve("srcgenerated/A.java"))).isEmpty();
        assertThat(p.denial(ws.resolve("src/generated-old/A.java"))).isEmpty();
        org.assertj.core.api.Assertions.assertThat(SandboxPolicy.zeroFolderForms("a/**/b/**/c"))
                .containsExactlyInAnyOrder("a/**/b/**/c", "a/**/b/c", "a/b/**/c", "a/b/c");
        // Inside a name, "**/" is no run of folders.
        org.assertj.core.api.Assertions.assertThat(SandboxPolicy.zeroFolderForms("x**/y")).containsExactly("x**/y");
        org.assertj.core.api.Assertions.assertThat(SandboxPolicy.zeroFolderForms("**/**/**/**/**/**/**/**/x")).hasSizeLessThanOrEqualTo(64);
    }

    /** Found by black-box testing: "**" stopped at a line terminator in a name, so such a folder's files were not protected. */
    @Test
    void aNameWithALineTerminatorIsMatchedLikeAnyOther() {
        SandboxPolicy p = new SandboxPolicy(List.of(ws), List.of(ws), List.of("**/*.sh", "src/secrets/**", "**/.git/**"));
        for (String odd : List.of("\u2028", "\u2029", "\u0085", "\n", "\r")) {
            assertThat(p.denial(ws.resolve("src/sub" + odd + "dir/deep.sh"))).as(odd).contains("it is a protected path (**/*.sh)");
            assertThat(p.denial(ws.resolve("src/secrets/sub" + odd + "/k.txt"))).as(odd).contains("it is a protected path (src/secrets/**)");
            assertThat(p.denial(ws.resolve("a" + odd + "b/.git/config"))).as(odd).contains("it is a protected path (**/.git/**)");
            assertThat(p.denial(ws.resolve("SUB" + odd + "/.GIT/hooks/pre-commit"))).as(odd).isPresent();
            assertThat(p.denial(ws.resolve("src/a" + odd + ".txt"))).as(odd).isEmpty();
        }
        // A glob that names such a character matches it as itself, and not another.
        SandboxPolicy literal = new SandboxPolicy(List.of(ws), List.of(ws), List.of("a\u2028b"));
        assertThat(literal.denial(ws.resolve("a\u2028b"))).isPresent();
        assertThat(literal.denial(ws.resolve("axb"))).isEmpty();
    }

    /** The configured list's parsing takes a backslash, so safety.adoc tells to write a wildcard character in brackets. */
    @Test
    void aWildcardCharacterInBracketsIsPartOfTheName() {
        SandboxPolicy p = new SandboxPolicy(List.of(ws), List.of(ws), List.of("notes[*].md", "**/what[?].txt"));
        assertThat(p.denial(ws.resolve("notes*.md"))).contains("it is a protected path (notes[*].md)");
        assertThat(p.denial(ws.resolve("notesX.md"))).isEmpty();
        assertThat(p.denial(ws.resolve("a/what?.txt"))).contains("it is a protected path (**/what[?].txt)");
        assertThat(p.denial(ws.resolve("what?.txt"))).isPresent();
        assertThat(p.denial(ws.resolve("whatX.txt"))).isEmpty();
    }

    @Test
    void aGlobsLiteralFolderIsWhatALinkMayStandFor() {
        org.assertj.core.api.Assertions.assertThat(SandboxPolicy.literalFolder(".git/**")).isEqualTo(".git");
        org.assertj.core.api.Assertions.assertThat(SandboxPolicy.literalFolder("src/**/*.lock")).isEqualTo("src");
        org.assertj.core.api.Assertions.assertThat(SandboxPolicy.literalFolder("a/b/*.key")).isEqualTo("a/b");
        org.assertj.core.api.Assertions.assertThat(SandboxPolicy.literalFolder("*.pem")).isNull();
        org.assertj.core.api.Assertions.assertThat(SandboxPolicy.literalFolder("a/b/c")).isNull();
    }

    @Test
    void aFolderGlobProtectsTheFoldersOwnNameAlsoBehindAWildcard() {
        // Found by an adversarial test: src/sub/.git written as a file (gitdir: …) steered git to a model-made config.
        SandboxPolicy nested = new SandboxPolicy(List.of(ws), List.of(ws), List.of(".git/**", "**/.git/**", "src/*/private/**"));
        for (String path : List.of("src/sub/.git", "src/sub/.git/config", ".git", "src/a/private", "src/a/private/k")) {
            assertThat(nested.denial(ws.resolve(path))).as(path).isPresent();
        }
        for (String path : List.of("src/sub/.gitignore", "src/a/privateer", "src/a/b/private")) {
            assertThat(nested.denial(ws.resolve(path))).as(path).isEmpty();
        }
    }

    @Test
    void whatAGlobMatchesAsSpelledStaysProtectedWhateverFoldingDoes() {
        // Found in a review and by an adversarial test: folding alone turned ß into ss (one ? too few), dropped a name
        // of joiners from the path, and inverted what a negated class refuses.
        SandboxPolicy p = new SandboxPolicy(List.of(ws), List.of(ws),
                List.of("src/gro?e/**", "src/*\u03a3*/**", "src/**/generated/**", "[!A-Z]*.key", "key[\u00df].pem", "[Z-a]x"));
        for (String path : List.of("src/gro\u00dfe/k", "src/a\u03a3/k", "src/\u200c/generated/k", "q.key", "key\u00df.pem",
                "src/a\u03a3b/k", "src/a/generated/k", "src/GENERATED/Generated/x", "^x")) {
            assertThat(p.denial(ws.resolve(path))).as(path).isPresent();
        }
        assertThat(p.denial(ws.resolve("src/notes.txt"))).isEmpty();
    }

    @Test
    void aLinkedFolderIsJudgedAsThePlaceItIsReachedFrom() {
        // src/docsl -> docs: only what src/**/generated/** protects under src/docsl is protected under docs.
        SandboxPolicy p = new SandboxPolicy(List.of(ws), List.of(ws), List.of(".git/**", "src/**/generated/**"),
                List.of(new SandboxPolicy.LinkedFolder(ws.resolve("docs"), Path.of("src/docsl")),
                        new SandboxPolicy.LinkedFolder(ws.resolve("gitdir"), Path.of(".git")),
                        new SandboxPolicy.LinkedFolder(ws.resolve("scripts/lint.sh"), Path.of(".git/hooks/pre-push"))));
        assertThat(p.denial(ws.resolve("docs/new.txt"))).isEmpty();
        // The reason names the place the link makes it: the glob does not match the path as named.
        assertThat(p.denial(ws.resolve("docs/a/generated/x")))
                .contains("it is a protected path (src/**/generated/**), reached through a link as src/docsl/a/generated/x");
        assertThat(p.denial(ws.resolve("gitdir/hooks/pre-commit")))
                .contains("it is a protected path (.git/**), reached through a link as .git/hooks/pre-commit");
        assertThat(p.denial(ws.resolve("GitDir/config"))).contains("it is a protected path (.git/**), reached through a link as .git/config");
        assertThat(p.denial(ws.resolve("scripts/lint.sh")))
                .contains("it is a protected path (.git/**), reached through a link as .git/hooks/pre-push");
        assertThat(p.denial(ws.resolve("scripts/other.sh"))).isEmpty();
    }

    @Test
    void aDotGitFileNamesTheRepositoryFolderGitUses(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        Path root = tmp.toRealPath();
        java.nio.file.Files.createDirectories(root.resolve("gd/hooks"));
        java.nio.file.Files.writeString(root.resolve(".git"), "gitdir: gd\n");
        List<SandboxPolicy.LinkedFolder> found = SandboxPolicy.linkedFolders(List.of(root), List.of(".git/**"),
                p -> p.normalize());
        assertThat(found).containsExactly(new SandboxPolicy.LinkedFolder(root.resolve("gd"), Path.of(".git")));
        SandboxPolicy p = new SandboxPolicy(List.of(root), List.of(root), List.of(".git/**"), found);
        assertThat(p.denial(root.resolve("gd/config"))).contains("it is a protected path (.git/**), reached through a link as .git/config");
        assertThat(p.denial(root.resolve("gd-notes.txt"))).isEmpty();
        // Not a gitdir line: the file is only itself.
        java.nio.file.Files.writeString(root.resolve(".git"), "something else\n");
        assertThat(SandboxPolicy.linkedFolders(List.of(root), List.of(".git/**"), q -> q.normalize())).isEmpty();
    }

    /** The policy a start makes for {@code root}, with the links found on the disk. */
    private static SandboxPolicy started(Path root, String... globs) {
        return new SandboxPolicy(List.of(root), List.of(root), List.of(globs),
                SandboxPolicy.linkedFolders(List.of(root), List.of(globs), dev.toolfs.fs.local.Workspace::whereLinksLead));
    }

    private static void sh(Path dir, String script) throws Exception {
        Process p = new ProcessBuilder("sh", "-c", script).directory(dir.toFile()).redirectErrorStream(true).start();
        assertThat(p.waitFor()).as(new String(p.getInputStream().readAllBytes())).isZero();
    }

    @Test
    void aDotGitFileIsReadAsGitReadsIt(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        // Found by an adversarial test: each of these layouts left the folder git runs its config from writable.
        Path t = tmp.toRealPath();
        java.util.Map<String, String> layouts = new java.util.LinkedHashMap<>();
        layouts.put("link", "mkdir -p gd && printf 'gitdir: gd\\n' > gitfile && ln -s gitfile .git");
        layouts.put("space", "mkdir -p ' gd' && printf 'gitdir:  gd\\n' > .git");
        layouts.put("dotdot", "mkdir -p d/e d/gd && ln -s d/e lnk && printf 'gitdir: lnk/../gd\\n' > .git");
        layouts.put("nul", "mkdir -p gd && printf 'gitdir: gd\\000junk\\n' > .git");
        layouts.put("crlf", "mkdir -p gd && printf 'gitdir: gd\\r\\n' > .git");
        layouts.put("commondir", "mkdir -p store wtmeta && echo ../store > wtmeta/commondir && printf 'gitdir: wtmeta\\n' > .git");
        java.util.Map<String, String> config = java.util.Map.of("link", "gd/config", "space", " gd/config", "dotdot",
                "d/gd/config", "nul", "gd/config", "crlf", "gd/config", "commondir", "store/config");
        for (var layout : layouts.entrySet()) {
            Path root = java.nio.file.Files.createDirectories(t.resolve(layout.getKey()));
            sh(root, layout.getValue());
            SandboxPolicy p = started(root, ".git/**");
            assertThat(p.denial(root.resolve(config.get(layout.getKey())))).as(layout.getKey()).isPresent();
            assertThat(p.denial(root.resolve("README.md"))).as(layout.getKey()).isEmpty();
        }
    }

    @Test
    void hooksLinkedBackFromARepositoryFolderOutsideOrDeepInsideAreProtected(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws Exception {
        Path t = tmp.toRealPath();
        Path root = java.nio.file.Files.createDirectories(t.resolve("ws"));
        // The repository's folder outside the workspace, its hook a link back in (git runs the script).
        sh(t, "mkdir -p outside/gd/hooks ws/scripts && touch ws/scripts/lint.sh ws/scripts/other.sh"
                + " && ln -s " + root.resolve("scripts/lint.sh") + " outside/gd/hooks/pre-commit"
                + " && printf 'gitdir: ../outside/gd\\n' > ws/.git");
        SandboxPolicy outside = started(root, ".git/**");
        assertThat(outside.denial(root.resolve("scripts/lint.sh"))).isPresent();
        assertThat(outside.denial(root.resolve("scripts/other.sh"))).isEmpty();
        // A submodule's hook, four levels down in .git.
        Path deep = java.nio.file.Files.createDirectories(t.resolve("deep"));
        sh(deep, "mkdir -p .git/modules/sub/hooks scripts && touch scripts/sub.sh"
                + " && ln -s ../../../../scripts/sub.sh .git/modules/sub/hooks/pre-commit");
        assertThat(started(deep, ".git/**").denial(deep.resolve("scripts/sub.sh"))).isPresent();
    }

    @Test
    void aGlobThatIsNoneStopsTheStartWithWhatToFix() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new SandboxPolicy(List.of(ws), List.of(ws), List.of(".git/**", "src/[/**")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("quarkus.tool-fs.sandbox.protected-paths holds \"src/[/**\", which is not a glob (");
    }

    @Test
    void theLastNameOfARepositoryLayoutIsNeverMadeWithoutApproval(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws java.io.IOException {
        // Found in a review: HEAD, objects/ and refs/ under another name than .git made a repository whose config
        // (core.fsmonitor) git ran on the next git status in that folder.
        Path root = tmp.toRealPath();
        SandboxPolicy p = new SandboxPolicy(List.of(root), List.of(root), List.of(".git/**", "**/.git/**"));
        String why = "git would take vendor/c2 as a repository's folder (HEAD with objects and refs, or with commondir),"
                + " and run the hooks and commands its configuration names";
        Path c2 = root.resolve("vendor/c2");
        // Any two of the three are allowed; the third is not, in whichever order they come.
        assertThat(p.denial(c2.resolve("HEAD"))).isEmpty();
        java.nio.file.Files.createDirectories(c2);
        java.nio.file.Files.writeString(c2.resolve("HEAD"), "ref: refs/heads/main\n");
        assertThat(p.denial(c2.resolve("objects/.keep"))).isEmpty();
        assertThat(p.denial(c2.resolve("config"))).isEmpty();
        java.nio.file.Files.createDirectories(c2.resolve("objects"));
        assertThat(p.denial(c2.resolve("refs/.keep"))).contains(why);
        assertThat(p.denial(c2.resolve("REFS/heads/main"))).as("folded, as a case-insensitive volume").contains(why);
        assertThat(p.denial(c2.resolve("commondir"))).contains(why);
        assertThat(p.denial(c2.resolve("refs"))).as("a file named refs counts too").contains(why);
        assertThat(p.denial(c2.resolve("notes.txt"))).isEmpty();
        // HEAD last.
        java.nio.file.Files.delete(c2.resolve("HEAD"));
        java.nio.file.Files.createDirectories(c2.resolve("refs"));
        assertThat(p.denial(c2.resolve("HEAD"))).contains(why);
        assertThat(p.denial(c2.resolve("objects/ab/cdef"))).as("inside objects, HEAD missing").isEmpty();
        // A complete layout (a bare repository in the workspace) is protected whole, its config first.
        java.nio.file.Files.writeString(c2.resolve("HEAD"), "ref: refs/heads/main\n");
        for (String inside : List.of("config", "hooks/pre-commit", "description", "objects/ab/cdef")) {
            assertThat(p.denial(c2.resolve(inside))).as(inside).contains(why);
        }
        assertThat(p.denial(root.resolve("vendor/other.txt"))).as("beside it").isEmpty();
        // The workspace's top folder is a folder git may take too.
        assertThat(p.denial(root.resolve("objects/x"))).isEmpty();
        java.nio.file.Files.writeString(root.resolve("HEAD"), "x");
        java.nio.file.Files.createDirectories(root.resolve("refs"));
        assertThat(p.denial(root.resolve("objects/x")))
                .contains("git would take the workspace's top folder as a repository's folder (HEAD with objects and"
                        + " refs, or with commondir), and run the hooks and commands its configuration names");
        // Only where the globs protect .git: a sandbox that leaves .git writable leaves these writable too.
        SandboxPolicy noGit = new SandboxPolicy(List.of(root), List.of(root), List.of("src/generated/**"));
        assertThat(noGit.denial(c2.resolve("config"))).isEmpty();
        SandboxPolicy nestedOnly = new SandboxPolicy(List.of(root), List.of(root), List.of("**/.git/**"));
        assertThat(nestedOnly.denial(c2.resolve("config"))).contains(why);
    }

    @Test
    void headWithACommondirIsARepositorysFolderToo(@org.junit.jupiter.api.io.TempDir Path tmp) throws java.io.IOException {
        // git reads objects, refs and the config from the folder commondir names.
        Path root = tmp.toRealPath();
        SandboxPolicy p = new SandboxPolicy(List.of(root), List.of(root), List.of(".git/**"));
        Path g = java.nio.file.Files.createDirectories(root.resolve("g"));
        java.nio.file.Files.writeString(g.resolve("commondir"), "../common\n");
        assertThat(p.denial(g.resolve("HEAD"))).contains("git would take g as a repository's folder (HEAD with objects"
                + " and refs, or with commondir), and run the hooks and commands its configuration names");
        assertThat(p.denial(g.resolve("head"))).as("folded").isPresent();
        assertThat(p.denial(root.resolve("common/config"))).as("the common folder alone holds no HEAD").isEmpty();
    }

    /** Globs that could never match a path relative to a root are refused, not ignored (found by black-box testing). */
    @Test
    void aGlobThatCouldNeverMatchIsRefused() {
        for (String glob : List.of("/etc/**", "../x/**", "src/../secrets/**")) {
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> new SandboxPolicy(List.of(ws), List.of(ws), List.of(glob)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("quarkus.tool-fs.sandbox.protected-paths holds \"" + glob + "\", which could never match:"
                            + " its globs are relative to each workspace root, without \"..\" (such as secrets/** or **/.env)");
        }
    }
}
