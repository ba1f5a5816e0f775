package dev.toolfs.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import org.eclipse.microprofile.config.ConfigProvider;

import dev.toolfs.attachments.AttachmentStore;
import dev.toolfs.attachments.LocalAttachmentStore;
import dev.toolfs.attachments.ModelInfoResolver;
import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.local.LocalFileSystem;
import dev.toolfs.fs.local.Workspace;
import dev.toolfs.sandbox.ConfiguredApprovals;
import dev.toolfs.sandbox.SandboxPolicy;
import dev.toolfs.session.SessionRegistry;
import io.quarkus.arc.DefaultBean;

/** The default beans; an application overrides the provider by declaring its own {@link FileSystemProvider}. */
@Singleton
public class ToolFsProducers {

    @Produces
    @Singleton
    Workspace workspace(ToolFsConfig config) {
        List<Path> roots = roots(config);
        // The local image store is Tool FS's own: not part of the workspace even where a root contains it (the
        // default one, ~/.tool-fs/attachments, is inside a workspace started in the home folder).
        if (!localStoreEnabled()) {
            return new Workspace(roots);
        }
        Path store = attachmentsDir(config).toAbsolutePath().normalize();
        Path storeReal = Workspace.realLocation(store);
        if (roots.stream().anyMatch(r -> store.startsWith(r) || storeReal.startsWith(Workspace.realLocation(r)))) {
            // Made now rather than on first use, so that the workspace knows the folder itself (every name of it)
            // and nothing the model writes first can stand in its place.
            try {
                LocalAttachmentStore.makeFolder(store); // owner-only, as the store makes its own
            } catch (IOException e) {
                // The store reports its own failure when it is used; its path is still refused.
            }
        }
        return new Workspace(roots, List.of(store));
    }

    /** The workspace roots, as configured or by default the process's current folder; absolute. */
    public static List<Path> roots(ToolFsConfig config) {
        return config.workspace().roots()
                .map(list -> entries(list).stream().map(r -> Path.of(r).toAbsolutePath().normalize()).toList())
                .map(list -> {
                    if (list.isEmpty()) {
                        throw new IllegalArgumentException(dev.toolfs.config.ConfigCheck.ROOTS_NAME_NO_FOLDER);
                    }
                    return list;
                })
                .orElse(List.of(Path.of("").toAbsolutePath()));
    }

    /**
     * The entries of a configured list, trimmed, blank ones left out: "/a, /b" is two entries, not "/a" and " /b" (found
     * by black-box testing: a root " /b" under the current folder, a glob " secrets/**" that never matched).
     */
    private static List<String> entries(List<String> list) {
        return list.stream().map(String::trim).filter(e -> !e.isEmpty()).toList();
    }

    /** Whether the build kept the local image store (quarkus.tool-fs.attachments.local.enabled). */
    public static boolean localStoreEnabled() {
        return ConfigProvider.getConfig().getOptionalValue("quarkus.tool-fs.attachments.local.enabled", Boolean.class)
                .orElse(true);
    }

    /** The local image store's folder, as configured or by default. */
    public static Path attachmentsDir(ToolFsConfig config) {
        return config.attachments().dir().map(Path::of)
                .orElse(Path.of(System.getProperty("user.home"), ".tool-fs", "attachments"));
    }

    @Produces
    @Singleton
    @DefaultBean
    FileSystemProvider fileSystem(Workspace workspace, ToolFsConfig config) {
        return localFileSystem(workspace, config);
    }

    /**
     * The local file system as configured, with its sandbox and fsync setting: what a provider of an application's
     * own that wraps it should start from (a {@code LocalFileSystem} made by hand has neither).
     */
    public static LocalFileSystem localFileSystem(Workspace workspace, ToolFsConfig config) {
        long heap = Runtime.getRuntime().maxMemory();
        long maxEdit = dev.toolfs.fs.local.EditMemory.fileLimitFor(config.edit().maxFileBytes(), heap);
        if (maxEdit < config.edit().maxFileBytes()) {
            org.jboss.logging.Logger.getLogger(ToolFsProducers.class).warnf("quarkus.tool-fs.edit.max-file-bytes is %d"
                    + " bytes, but an edit holds its file up to about eleven times over, and the maximum heap is %d bytes:"
                    + " edit takes files of up to %d bytes (larger ones get FS_TOO_LARGE); give the JVM more heap (-Xmx)"
                    + " to edit larger files", config.edit().maxFileBytes(), heap, maxEdit);
        }
        return new LocalFileSystem(workspace, config.version().maxHashBytes(), maxEdit,
                sandboxPolicy(workspace, config.sandbox()), config.write().fsync());
    }

    /** {@code quarkus.tool-fs.sandbox.mode} as it is read: trimmed, in lower case ("off", "workspace-write"). */
    public static String sandboxMode(ToolFsConfig.Sandbox sandbox) {
        return sandbox.mode().trim().toLowerCase(java.util.Locale.ROOT);
    }

    /** The workspace-write policy, or null when the sandbox is off. */
    public static SandboxPolicy sandboxPolicy(Workspace workspace, ToolFsConfig.Sandbox sandbox) {
        String mode = sandboxMode(sandbox);
        if (mode.equals("off")) {
            return null;
        }
        if (!mode.equals("workspace-write")) {
            throw new IllegalArgumentException("quarkus.tool-fs.sandbox.mode is \"" + sandbox.mode()
                    + "\"; use off or workspace-write");
        }
        List<Path> writable = sandbox.writableRoots()
                .map(list -> writableFolders(entries(list), workspace.realRoots()))
                .orElse(workspace.realRoots());
        for (Path folder : writable) {
            // Outside the workspace, nothing could ever be written there: refused, not ignored. (A file is a root
            // of its own: that one file may be changed.)
            if (workspace.realRoots().stream().noneMatch(folder::startsWith)) {
                throw new IllegalArgumentException("sandbox writable root " + folder + " is outside the workspace ("
                        + String.join(", ", workspace.realRoots().stream().map(Path::toString).distinct().toList())
                        + "); list folders inside it");
            }
        }
        List<String> globs = entries(sandbox.protectedPaths());
        return new SandboxPolicy(workspace.realRoots(), writable, globs,
                SandboxPolicy.linkedFolders(workspace.realRoots(), globs, Workspace::whereLinksLead));
    }

    /**
     * The folders (or files) named: an absolute one as it is; a relative one in each root that has it, as the protected
     * paths are (found by black-box testing: resolved against the process's current folder, "src,docs" refused the start
     * of a sidecar started elsewhere with its roots set, the usual way).
     */
    static List<Path> writableFolders(List<String> entries, List<Path> realRoots) {
        List<Path> folders = new java.util.ArrayList<>();
        for (String entry : entries) {
            Path named = Path.of(entry);
            if (named.isAbsolute()) {
                folders.add(real(named));
                continue;
            }
            int before = folders.size();
            for (Path root : realRoots) {
                Path inRoot = root.resolve(named).normalize();
                if (Files.exists(inRoot)) {
                    folders.add(real(inRoot));
                }
            }
            if (folders.size() == before) {
                throw new IllegalArgumentException("sandbox folder " + entry + " does not exist in "
                        + (realRoots.size() == 1 ? "the workspace root " : "any workspace root ")
                        + String.join(", ", realRoots.stream().map(Path::toString).distinct().toList())
                        + " (a relative writable root is a folder of a workspace root)");
            }
        }
        return folders.stream().distinct().toList();
    }

    private static Path real(Path path) {
        try {
            return path.toAbsolutePath().normalize().toRealPath();
        } catch (java.io.IOException e) {
            throw new IllegalArgumentException("sandbox folder " + path + " does not exist", e);
        }
    }

    /** Escalations decided as configured (quarkus.tool-fs.sandbox.approval); an application may decide its own way. */
    @Produces
    @Singleton
    @DefaultBean
    ConfiguredApprovals approvals(ToolFsConfig config) {
        return new ConfiguredApprovals(approvalMode(config.sandbox()),
                dev.toolfs.fs.Cancellation.boundedWait(config.sandbox().approvalTimeout()));
    }

    /**
     * The configured way of deciding escalations (in any case, trimmed).
     *
     * @throws IllegalArgumentException naming the key, for a value that is none of them (ConfigCheck says so at start)
     */
    public static ConfiguredApprovals.Mode approvalMode(ToolFsConfig.Sandbox sandbox) {
        String mode = sandbox.approval().trim().toUpperCase(java.util.Locale.ROOT);
        for (ConfiguredApprovals.Mode m : ConfiguredApprovals.Mode.values()) {
            if (m.name().equals(mode)) {
                return m;
            }
        }
        throw new IllegalArgumentException("quarkus.tool-fs.sandbox.approval is \"" + sandbox.approval()
                + "\"; use deny, approve or ask");
    }

    /** The local attachment store, unless the build turned it off (quarkus.tool-fs.attachments.local.enabled). */
    @Produces
    @Singleton
    @DefaultBean
    @io.quarkus.arc.properties.IfBuildProperty(name = "quarkus.tool-fs.attachments.local.enabled", stringValue = "true",
            enableIfMissing = true)
    AttachmentStore attachments(ToolFsConfig config) {
        return new LocalAttachmentStore(attachmentsDir(config), config.image().maxImageBytes(),
                config.image().maxImagePixels());
    }

    /** Model capabilities from configuration; an application may provide its own resolver. */
    @Produces
    @Singleton
    @DefaultBean
    ModelInfoResolver models(ToolFsConfig config) {
        return model -> java.util.Optional.ofNullable(configuredModel(config.models(), model))
                .map(ToolFsConfig.Model::imageInput);
    }

    /**
     * The configuration of {@code model}: under its own name, else under a name that differs only in case and in its
     * dots, dashes and underscores. An environment variable cannot spell a dash or a dot
     * ({@code QUARKUS_TOOL_FS_MODELS__VISION_MODEL__IMAGE_INPUT} configures "vision.model"), and most model names hold
     * one (found by black-box testing).
     */
    static <T> T configuredModel(java.util.Map<String, T> models, String model) {
        T exact = models.get(model);
        if (exact != null) {
            return exact;
        }
        String loose = looseModelName(model);
        return models.entrySet().stream().filter(e -> looseModelName(e.getKey()).equals(loose))
                .map(java.util.Map.Entry::getValue).findFirst().orElse(null);
    }

    private static String looseModelName(String name) {
        return name.toLowerCase(java.util.Locale.ROOT).replace('-', '.').replace('_', '.');
    }

    /** A missing or unreadable workspace root fails the start, not the first call. */
    void checkWorkspace(@jakarta.enterprise.event.Observes io.quarkus.runtime.StartupEvent event, Workspace workspace,
            FileSystemProvider fs, jakarta.enterprise.inject.Instance<ConfiguredApprovals> approvals) {
        // Creating the beans checks the roots and the sandbox settings now, not at the first call.
        workspace.roots();
        fs.sandboxMode();
        if (approvals.isResolvable()) {
            approvals.get();
        }
    }

    @Produces
    @Singleton
    SessionRegistry sessions(ToolFsConfig config) {
        return new SessionRegistry(config.sessions().max(), config.sessions().idleTimeout());
    }
}
