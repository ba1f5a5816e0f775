package dev.toolfs.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import jakarta.enterprise.event.Observes;

import io.quarkus.runtime.StartupEvent;

/**
 * Values the configuration's types accept but the tools cannot work with (a read limit of -1, an idle timeout of 0,
 * an image format no reader knows) stop the start, each named with the rule it breaks, instead of failing every call
 * later or silently doing something else.
 */
// No scope annotation: the build registers it as an unremovable singleton (see ToolFsProcessor).
public class ConfigCheck {

    /** The image formats read_image reads, as quarkus.tool-fs.image.media-types names them. */
    public static final Set<String> IMAGE_FORMATS = Set.of("png", "jpeg", "webp", "gif");

    void onStart(@Observes StartupEvent event, ToolFsConfig config) {
        List<String> problems = problems(config);
        if (dev.toolfs.runtime.ToolFsProducers.localStoreEnabled()) {
            storeHoldingARoot(dev.toolfs.runtime.ToolFsProducers.attachmentsDir(config),
                    dev.toolfs.runtime.ToolFsProducers.roots(config)).ifPresent(problems::add);
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("Tool FS refuses to start: " + String.join("; ", problems));
        }
    }

    /** What is wrong with {@code config}, one sentence each; empty when nothing is. */
    public static List<String> problems(ToolFsConfig config) {
        List<String> problems = new ArrayList<>();
        atLeast(problems, "read.limit", config.read().limit(), 1);
        atLeast(problems, "read.max-line-length", config.read().maxLineLength(), 1);
        atLeast(problems, "read.max-bytes", config.read().maxBytes(), 1);
        atLeast(problems, "edit.max-file-bytes", config.edit().maxFileBytes(), 1);
        atLeast(problems, "version.max-hash-bytes", config.version().maxHashBytes(), 0);
        atLeast(problems, "sessions.max", config.sessions().max(), 1);
        positive(problems, "sessions.idle-timeout", config.sessions().idleTimeout());
        atLeast(problems, "sessions.max-observations", config.sessions().maxObservations(), 1);
        // Room for a few hundred records: less would let go of a file between its read and its edit.
        config.sessions().observationsMemory().ifPresent(
                m -> atLeast(problems, "sessions.observations-memory", m.asLongValue(), 64 * 1024));
        positive(problems, "sandbox.approval-timeout", config.sandbox().approvalTimeout());
        atLeast(problems, "image.max-image-bytes", config.image().maxImageBytes(), 1);
        atLeast(problems, "image.max-message-image-bytes", config.image().maxMessageImageBytes(), 1);
        atLeast(problems, "image.max-image-pixels", config.image().maxImagePixels(), 1);
        for (String format : config.image().mediaTypes()) {
            if (!IMAGE_FORMATS.contains(format.trim().toLowerCase(Locale.ROOT))) {
                problems.add("quarkus.tool-fs.image.media-types names \"" + format
                        + "\"; list some of png, jpeg, webp and gif");
            }
        }
        return problems;
    }

    /**
     * The image store must be a folder of its own: the tools refuse every path in it, so one that is a workspace root,
     * or holds one, would leave them no file to work on.
     */
    public static java.util.Optional<String> storeHoldingARoot(java.nio.file.Path store, List<java.nio.file.Path> roots) {
        java.nio.file.Path spelled = store.toAbsolutePath().normalize();
        java.nio.file.Path real = dev.toolfs.fs.local.Workspace.realLocation(spelled);
        for (java.nio.file.Path root : roots) {
            java.nio.file.Path r = root.toAbsolutePath().normalize();
            if (r.startsWith(spelled) || dev.toolfs.fs.local.Workspace.realLocation(r).startsWith(real)) {
                return java.util.Optional.of("quarkus.tool-fs.attachments.dir is " + spelled + ", which holds the workspace root "
                        + r + "; it must be a folder of its own, outside the roots or inside one");
            }
        }
        return java.util.Optional.empty();
    }

    private static void atLeast(List<String> problems, String key, long value, long min) {
        if (value < min) {
            problems.add("quarkus.tool-fs." + key + " is " + value + "; it must be at least " + min);
        }
    }

    private static void positive(List<String> problems, String key, Duration value) {
        if (value.isNegative() || value.isZero()) {
            // PT-5S reads as -5s
            problems.add("quarkus.tool-fs." + key + " is " + value.toString().substring(2).toLowerCase(Locale.ROOT)
                    + "; it must be longer than zero");
        }
    }
}
