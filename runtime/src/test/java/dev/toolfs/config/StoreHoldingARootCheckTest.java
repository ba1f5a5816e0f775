package dev.toolfs.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StoreHoldingARootCheckTest {

    @TempDir
    Path tmp;

    @Test
    void aStoreIsRefusedWhereItIsOrHoldsARootHoweverItIsNamed() throws IOException {
        Path ws = Files.createDirectories(tmp.toRealPath().resolve("ws"));
        assertThat(ConfigCheck.storeHoldingARoot(ws, List.of(ws))).isPresent();
        assertThat(ConfigCheck.storeHoldingARoot(tmp, List.of(ws))).get().asString()
                .isEqualTo("quarkus.tool-fs.attachments.dir is " + tmp.toAbsolutePath().normalize()
                        + ", which holds the workspace root " + ws + "; it must be a folder of its own, outside the roots or inside one");
        Path link = Files.createSymbolicLink(tmp.resolve("link"), ws);
        assertThat(ConfigCheck.storeHoldingARoot(link, List.of(ws))).as("the root's folder under another name").isPresent();
        assertThat(ConfigCheck.storeHoldingARoot(ws, List.of(link))).as("a root named through a link").isPresent();
        // Inside a root (the default store in a workspace started at home), or beside it: fine.
        assertThat(ConfigCheck.storeHoldingARoot(ws.resolve(".tool-fs/attachments"), List.of(ws))).isEmpty();
        assertThat(ConfigCheck.storeHoldingARoot(tmp.resolve("ws-store"), List.of(ws))).isEmpty();
    }
}
