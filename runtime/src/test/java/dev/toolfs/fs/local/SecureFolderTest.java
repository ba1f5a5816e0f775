package dev.toolfs.fs.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

@DisabledOnOs(OS.WINDOWS) // no secure folder streams there: writes go by path
class SecureFolderTest {

    @TempDir
    Path tmp;

    @Test
    void opensTheFolderItselfFromItsRoot() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("ws")).toRealPath();
        Path dir = Files.createDirectories(root.resolve("a/b"));
        try (SecureDirectoryStream<Path> folder = SecureFolder.open(root, dir)) {
            // What is made in the open folder is in that folder.
            folder.newByteChannel(Path.of("made.txt"), java.util.Set.of(java.nio.file.StandardOpenOption.CREATE_NEW,
                    java.nio.file.StandardOpenOption.WRITE)).close();
        }
        assertThat(dir.resolve("made.txt")).exists();
        try (SecureDirectoryStream<Path> folder = SecureFolder.open(root, root)) {
            assertThat(folder).isNotNull();
        }
    }

    @Test
    void aLinkOrAFileOnTheWayIsRefused() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("ws")).toRealPath();
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere/b"));
        Files.createSymbolicLink(root.resolve("a"), elsewhere.getParent());
        assertThatThrownBy(() -> SecureFolder.open(root, root.resolve("a/b"))).isInstanceOf(FileSystemException.class);
        Files.writeString(root.resolve("f"), "x");
        assertThatThrownBy(() -> SecureFolder.open(root, root.resolve("f/b"))).isInstanceOf(FileSystemException.class);
        assertThatThrownBy(() -> SecureFolder.open(root, root.resolve("gone/b"))).isInstanceOf(NoSuchFileException.class);
    }

    @Test
    void theRootIsTheLongestThatHoldsTheFolder() {
        Path a = Path.of("/w");
        Path b = Path.of("/w/inner");
        assertThat(SecureFolder.rootOf(Path.of("/w/inner/x"), List.of(a, b))).isEqualTo(b);
        assertThat(SecureFolder.rootOf(Path.of("/w/x"), List.of(a, b))).isEqualTo(a);
        assertThat(SecureFolder.rootOf(Path.of("/w-evil/x"), List.of(a, b))).isNull();
    }
}
