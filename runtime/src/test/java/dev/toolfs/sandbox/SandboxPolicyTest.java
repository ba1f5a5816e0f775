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
}
