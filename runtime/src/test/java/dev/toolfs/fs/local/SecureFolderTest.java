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
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

@EnabledOnOs(OS.LINUX) // the JDK has secure folder streams on Linux alone: elsewhere writes go by path
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
    void theWalkStartsAtTheOutermostRootThatHoldsTheFolder() {
        // An inner root is a folder of the outer one, which could be swapped for a link like any other.
        Path a = Path.of("/w");
        Path b = Path.of("/w/inner");
        Path c = Path.of("/v");
        assertThat(SecureFolder.rootOf(Path.of("/w/inner/x"), List.of(b, a, c))).isEqualTo(a);
        assertThat(SecureFolder.rootOf(Path.of("/w/x"), List.of(a, b))).isEqualTo(a);
        assertThat(SecureFolder.rootOf(Path.of("/v/x"), List.of(a, b, c))).isEqualTo(c);
        assertThat(SecureFolder.rootOf(Path.of("/w-evil/x"), List.of(a, b))).isNull();
    }

    @Test
    // In a thread of its own: a wait in a native open cannot be interrupted, and would hang the build.
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFifoInAFoldersPlaceIsRefusedWithoutWaitingOnIt() throws Exception {
        // The stream's open takes no O_DIRECTORY: it would wait for a writer on the FIFO for ever.
        Path root = Files.createDirectories(tmp.resolve("ws")).toRealPath();
        assertThat(new ProcessBuilder("mkfifo", root.resolve("a").toString()).start().waitFor()).isZero();
        assertThatThrownBy(() -> SecureFolder.open(root, root.resolve("a"))).isInstanceOf(java.nio.file.NotDirectoryException.class);
    }

    @Test
    // In a thread of its own: a wait in a native open cannot be interrupted, and would hang the build.
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void aFifoPutInAFoldersPlaceAfterTheLookFailsTheStepInsteadOfWaiting() throws Exception {
        // The walk looks before it enters; a FIFO swapped in between reaches enter, whose open alone would wait for ever.
        Path root = Files.createDirectories(tmp.resolve("ws")).toRealPath();
        assertThat(new ProcessBuilder("mkfifo", root.resolve("a").toString()).start().waitFor()).isZero();
        try (var folder = (java.nio.file.SecureDirectoryStream<Path>) Files.newDirectoryStream(root)) {
            assertThatThrownBy(() -> SecureFolder.enter(folder, Path.of("a"))).isInstanceOf(java.io.IOException.class);
        }
    }
}
