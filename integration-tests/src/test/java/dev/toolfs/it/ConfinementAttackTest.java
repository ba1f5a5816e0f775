package dev.toolfs.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import jakarta.inject.Inject;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.toolfs.runtime.ToolCall;
import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Every escape through every tool (read, read_image, write, edit): each is refused with FS_OUTSIDE_WORKSPACE, the
 * message does not reveal whether the outside target exists, and nothing outside changes.
 */
@QuarkusTest
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class ConfinementAttackTest {

    static Path ws;
    static Path outside;

    @Inject
    ToolRuntime runtime;

    @BeforeAll
    static void plantTheAttacks() throws IOException {
        ws = TempWorkspace.root;
        outside = Files.createDirectories(ws.resolveSibling(ws.getFileName() + "-evil"));
        Files.writeString(outside.resolve("secret.txt"), "secret\n");
        Files.write(outside.resolve("secret.png"), new byte[] { (byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' });
        for (String ext : List.of("txt", "png")) {
            Files.createSymbolicLink(ws.resolve("leaf." + ext), outside.resolve("secret." + ext));
            Files.createSymbolicLink(ws.resolve("dangling." + ext), outside.resolve("created." + ext));
        }
        Files.createSymbolicLink(ws.resolve("dir"), outside);
        Files.createSymbolicLink(ws.resolve("hop2"), Path.of("../" + outside.getFileName()));
        Files.createSymbolicLink(ws.resolve("hop1"), Path.of("hop2"));
        Files.createSymbolicLink(ws.resolve("slash"), Path.of("/"));
    }

    private static List<String> attacks(String ext) {
        String secret = "secret." + ext;
        return List.of("../" + outside.getFileName() + "/" + secret, outside.resolve(secret).toString(),
                ws + "-evil/" + secret, "leaf." + ext, "dangling." + ext, "dir/" + secret, "dir/new." + ext,
                "hop1/" + secret, "slash" + outside.resolve(secret));
    }

    private static Map<String, String> snapshot() throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(outside)) {
            for (Path p : s.toList()) {
                m.put(outside.relativize(p).toString(),
                        Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) ? Files.readString(p, java.nio.charset.StandardCharsets.ISO_8859_1) : "dir");
            }
        }
        return m;
    }

    private ToolResult call(String tool, String path) {
        Map<String, Object> args = switch (tool) {
            case "write" -> Map.of("file_path", path, "content", "pwned\n");
            case "edit" -> Map.of("file_path", path, "old_string", "secret", "new_string", "pwned");
            default -> Map.of("file_path", path);
        };
        return runtime.execute(tool, args, ToolCall.session("attacker"));
    }

    @Test
    void everyToolRefusesEveryEscape() throws IOException {
        Map<String, String> before = snapshot();
        List<String> failures = new ArrayList<>();
        for (String tool : List.of("read", "read_image", "write", "edit")) {
            String ext = tool.equals("read_image") ? "png" : "txt";
            for (String attack : attacks(ext)) {
                ToolResult r = call(tool, attack);
                String code = r.error() == null ? "none" : r.error().code();
                if (!code.equals("FS_OUTSIDE_WORKSPACE")) {
                    failures.add(tool + " " + attack + " -> " + code + ": " + r.text());
                } else if (!r.text().endsWith("is outside the workspace (" + ws + "); use a path inside it")) {
                    failures.add(tool + " " + attack + " -> unexpected text: " + r.text());
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(snapshot()).isEqualTo(before);
        assertThat(Files.exists(outside.resolve("created.txt"))).isFalse();
        assertThat(Files.exists(outside.resolve("created.png"))).isFalse();
    }

    @Test
    void theMessageDoesNotTellWhetherAnOutsideFileExists() {
        String existing = call("read", "dir/secret.txt").text();
        String missing = call("read", "dir/no-such-file.txt").text();
        assertThat(existing.replace("secret.txt", "X")).isEqualTo(missing.replace("no-such-file.txt", "X"));
    }
}
