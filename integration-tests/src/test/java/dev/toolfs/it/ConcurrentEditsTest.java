package dev.toolfs.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import jakarta.inject.Inject;

import org.junit.jupiter.api.Test;

import dev.toolfs.runtime.ToolResult;
import dev.toolfs.runtime.ToolRuntime;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * Several sessions read and edit one file at once, many times. No update may be lost: every edit reported
 * successful is in the final content, every failure is a stale or not-observed refusal, and every snapshot of the
 * file taken meanwhile is whole.
 */
@QuarkusTest
@QuarkusTestResource(value = TempWorkspace.class, restrictToAnnotatedClass = true)
class ConcurrentEditsTest {

    @Inject
    ToolRuntime runtime;

    @Test
    void noLostUpdateAndNoTornFile() throws Exception {
        Path file = Files.writeString(TempWorkspace.root.resolve("contended.txt"), "BEGIN\nEND\n");
        int sessions = 6;
        int roundsEach = 40;
        Set<String> succeeded = ConcurrentHashMap.newKeySet();
        List<String> unexpected = Collections.synchronizedList(new ArrayList<>());
        List<String> torn = Collections.synchronizedList(new ArrayList<>());
        ExecutorService pool = Executors.newFixedThreadPool(sessions + 1);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> futures = new ArrayList<>();
        for (int s = 0; s < sessions; s++) {
            int id = s;
            futures.add(pool.submit(() -> {
                InProcess tools = new InProcess(runtime, "session-" + id);
                start.await();
                for (int round = 0; round < roundsEach; round++) {
                    String marker = "s" + id + "-r" + round;
                    ToolResult read = tools.read("contended.txt");
                    if (read.isError()) {
                        unexpected.add("read: " + read.text());
                        continue;
                    }
                    ToolResult edit = tools.edit("contended.txt", "\nEND\n", "\n" + marker + "\nEND\n");
                    if (!edit.isError()) {
                        succeeded.add(marker);
                    } else if (!Set.of("FS_STALE_VERSION", "FS_NOT_OBSERVED").contains(edit.error().code())) {
                        unexpected.add(edit.text());
                    }
                }
                return null;
            }));
        }
        // A reader outside the tools checks that every snapshot of the file is whole (replacement is atomic).
        futures.add(pool.submit(() -> {
            start.await();
            for (int i = 0; i < 200; i++) {
                String content = Files.readString(file);
                if (!content.startsWith("BEGIN\n") || !content.endsWith("\nEND\n")) {
                    torn.add(content);
                }
                Thread.sleep(1);
            }
            return null;
        }));
        start.countDown();
        for (Future<?> f : futures) {
            f.get(2, TimeUnit.MINUTES);
        }
        pool.shutdown();

        String result = Files.readString(file);
        assertThat(unexpected).isEmpty();
        assertThat(torn).isEmpty();
        assertThat(succeeded).isNotEmpty();
        List<String> lines = List.of(result.split("\n"));
        assertThat(lines.get(0)).isEqualTo("BEGIN");
        assertThat(lines.get(lines.size() - 1)).isEqualTo("END");
        assertThat(lines.subList(1, lines.size() - 1)).containsExactlyInAnyOrderElementsOf(succeeded);
    }
}
