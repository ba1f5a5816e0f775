package dev.toolfs.fs.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import dev.toolfs.fs.UnlistableFolderException;

/** Reads in folders held open: bounded, right under concurrent use and eviction, and never through an unlistable one. */
@EnabledOnOs(OS.LINUX) // the secure folder streams
class OpenFoldersTest {

    @TempDir
    Path tmp;

    private static String read(Path file, Path root) throws IOException {
        try (InputStream in = OpenFolders.open(file, List.of(root))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private List<Path> folders(Path root, int count) throws IOException {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Path dir = Files.createDirectories(root.resolve("a").resolve("d" + i));
            files.add(Files.writeString(dir.resolve("f.txt"), "file " + i));
        }
        return files;
    }

    @Test
    void keepsAtMostItsBoundOfFoldersOpen() throws IOException {
        Path root = tmp.toRealPath();
        List<Path> files = folders(root, OpenFolders.KEPT + 10);
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < files.size(); i++) {
                assertThat(read(files.get(i), root)).isEqualTo("file " + i);
            }
        }
        assertThat(OpenFolders.kept()).isBetween(1, OpenFolders.KEPT);
    }

    @Test
    void readersInManyFoldersAtOnceEachReadTheirFileWhileFoldersAreLetGo() throws Exception {
        Path root = tmp.toRealPath();
        List<Path> files = folders(root, OpenFolders.KEPT * 2);
        ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(800);
        int[] reads = new int[8];
        for (int t = 0; t < 8; t++) {
            int thread = t;
            pool.execute(() -> {
                for (int i = thread; System.nanoTime() < end; i = (i + 7) % files.size()) {
                    try {
                        String text = read(files.get(i), root);
                        if (!text.equals("file " + i)) {
                            wrong.add(files.get(i) + ": " + text);
                        }
                        reads[thread]++;
                    } catch (IOException | RuntimeException e) {
                        wrong.add(files.get(i) + ": " + e);
                    }
                }
            });
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();
        assertThat(wrong).isEmpty();
        assertThat(java.util.Arrays.stream(reads).min().orElse(0)).isPositive();
        assertThat(OpenFolders.kept()).isLessThanOrEqualTo(OpenFolders.KEPT);
    }

    @Test
    void aFileGoneSinceItsLookIsNotFoundAndTheFolderStaysUsable() throws IOException {
        Path root = tmp.toRealPath();
        Path dir = Files.createDirectories(root.resolve("g"));
        Path a = Files.writeString(dir.resolve("a.txt"), "a");
        Path b = Files.writeString(dir.resolve("b.txt"), "b");
        assertThat(read(a, root)).isEqualTo("a");
        Files.delete(a);
        // Through the folder kept, then once more from the folder reached anew: not found either way.
        assertThatThrownBy(() -> read(a, root)).isInstanceOf(java.nio.file.NoSuchFileException.class);
        assertThat(read(b, root)).isEqualTo("b");
    }

    /**
     * Found by black-box testing: the watcher ended a wait for a pipe by opening the pipe by path, through a folder
     * swapped for a link since, which opened a pipe (or a device) outside the workspace, for writing, again and again.
     */
    @Test
    @org.junit.jupiter.api.Timeout(30)
    void theWatcherEndsAWaitForAPipeInTheFolderItWasMadeInNotWhereThePathLeadsNow() throws Exception {
        Path root = Files.createDirectories(tmp.resolve("root")).toRealPath();
        Path a = Files.createDirectories(root.resolve("a"));
        Path out = Files.createDirectories(tmp.resolve("out")).toRealPath();
        assertThat(new ProcessBuilder("mkfifo", a.resolve("p").toString()).start().waitFor()).isZero();
        assertThat(new ProcessBuilder("mkfifo", out.resolve("p").toString()).start().waitFor()).isZero();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            // A reader of the outside pipe waits until something opens it for writing.
            java.util.concurrent.Future<?> outsideReader = pool.submit(() -> {
                try (InputStream in = Files.newInputStream(out.resolve("p"))) {
                    return in.read();
                }
            });
            java.util.concurrent.Future<Throwable> read = pool.submit(() -> {
                try (InputStream in = OpenFolders.open(a.resolve("p"), List.of(root))) {
                    return null;
                } catch (Throwable e) {
                    return e;
                }
            });
            // The open waits for a writer of the inside pipe (the watcher looks after half a second): the swap.
            Thread.sleep(150);
            Files.move(a, root.resolve("a.real"));
            Files.createSymbolicLink(a, out);
            assertThat(read.get(10, TimeUnit.SECONDS)).isInstanceOf(dev.toolfs.fs.RegularFileOpen.NotRegularFileException.class);
            Thread.sleep(2 * dev.toolfs.fs.RegularFileOpen.RESCUE_AFTER_MILLIS);
            assertThat(outsideReader.isDone()).as("the outside pipe was opened").isFalse();
            try (java.io.OutputStream end = Files.newOutputStream(out.resolve("p"))) {
                // lets the outside reader go
            }
            outsideReader.get(10, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aFileOutsideEveryRootIsOpenedByPath() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("root")).toRealPath();
        Path other = Files.writeString(Files.createDirectories(tmp.resolve("other")).resolve("x.txt"), "x");
        assertThat(read(other.toRealPath(), root)).isEqualTo("x");
    }

    @Test
    void aFolderThatCannotBeListedIsNotReadThrough() throws IOException {
        Assumptions.assumeFalse("root".equals(System.getProperty("user.name")), "root lists every folder");
        Path root = tmp.toRealPath();
        Path closed = Files.createDirectories(root.resolve("closed"));
        Path file = Files.writeString(closed.resolve("f.txt"), "f");
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("-wx--x--x"));
        try {
            assertThatThrownBy(() -> read(file, root)).isInstanceOf(UnlistableFolderException.class);
        } finally {
            Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwx------"));
        }
    }
}
