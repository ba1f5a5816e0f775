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
        assertThat(p.denial(ws.resolve("docs/a/generated/x"))).contains("it is a protected path (src/**/generated/**)");
        assertThat(p.denial(ws.resolve("gitdir/hooks/pre-commit"))).contains("it is a protected path (.git/**)");
        assertThat(p.denial(ws.resolve("GitDir/config"))).contains("it is a protected path (.git/**)");
        assertThat(p.denial(ws.resolve("scripts/lint.sh"))).contains("it is a protected path (.git/**)");
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
        assertThat(p.denial(root.resolve("gd/config"))).contains("it is a protected path (.git/**)");
        assertThat(p.denial(root.resolve("gd-notes.txt"))).isEmpty();
        // Not a gitdir line: the file is only itself.
        java.nio.file.Files.writeString(root.resolve(".git"), "something else\n");
        assertThat(SandboxPolicy.linkedFolders(List.of(root), List.of(".git/**"), q -> q.normalize())).isEmpty();
    }
}
