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

    /**
     * Before every other start-up observer (one of them builds the tools, and with them the sandbox, whose own refusal
     * would otherwise come alone): every problem found is named in one message.
     */
    void onStart(@Observes @jakarta.annotation.Priority(jakarta.interceptor.Interceptor.Priority.PLATFORM_BEFORE)
            StartupEvent event, ToolFsConfig config, SettingNames settings, dev.toolfs.runtime.ToolCatalog catalog) {
        List<String> problems = problems(config);
        problems.addAll(catalog.configProblems(dev.toolfs.runtime.ToolRuntime.enabledByKey(config)));
        org.eclipse.microprofile.config.Config all = org.eclipse.microprofile.config.ConfigProvider.getConfig();
        problems.addAll(flagProblems(all));
        problems.addAll(new UnknownKeys(settings).problems(all.getPropertyNames()));
        problems.addAll(UnknownKeys.conflicts(System.getenv()));
        // The roots, looked at once: their own problem, and the workspace the sandbox's check needs.
        String rootsProblem = rootsNameNoFolder(config) ? ROOTS_NAME_NO_FOLDER : null;
        List<java.nio.file.Path> roots = null;
        dev.toolfs.fs.local.Workspace workspace = null;
        if (rootsProblem == null) {
            try {
                roots = dev.toolfs.runtime.ToolFsProducers.roots(config);
                workspace = new dev.toolfs.fs.local.Workspace(roots);
            } catch (IllegalArgumentException e) {
                rootsProblem = e.getMessage();
            }
        }
        if (rootsProblem != null) {
            problems.add(rootsProblem);
        }
        sandboxProblem(config, workspace).ifPresent(problems::add);
        if (!ROOTS_NAME_NO_FOLDER.equals(rootsProblem)) {
            wholeFileSystemByDefault(config.workspace().roots(), java.nio.file.Path.of("").toAbsolutePath())
                    .ifPresent(problems::add);
        }
        if (workspace != null && dev.toolfs.runtime.ToolFsProducers.localStoreEnabled()) {
            storeHoldingARoot(dev.toolfs.runtime.ToolFsProducers.attachmentsDir(config), roots).ifPresent(problems::add);
        }
        if (!problems.isEmpty()) {
            throw refusal(String.join("; ", problems));
        }
        // Which folders a model may change is the first thing to check when something looks wrong.
        // And whether a model may change every file of it: with the sandbox off, .git/hooks too (found by black-box
        // testing: nothing said so).
        org.jboss.logging.Logger.getLogger(ConfigCheck.class).infof("Tool FS workspace: %s (%s)",
                String.join(", ", roots.stream().map(Object::toString).toList()),
                dev.toolfs.runtime.ToolFsProducers.sandboxMode(config.sandbox()).equals("off")
                        ? "sandbox off: write and edit may change any file in it, .git included; see quarkus.tool-fs.sandbox.mode"
                        : "sandbox " + dev.toolfs.runtime.ToolFsProducers.sandboxMode(config.sandbox()));
    }

    /**
     * The workspace left to its default, the current folder, when that is the file system's root: an MCP client may
     * start its servers there (found by black-box testing: a setup copied from the docs gave the model every file of
     * the user). A root of / set on purpose is taken.
     */
    public static java.util.Optional<String> wholeFileSystemByDefault(java.util.Optional<List<String>> configuredRoots,
            java.nio.file.Path currentFolder) {
        if (configuredRoots.isPresent() || currentFolder.getNameCount() > 0) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("quarkus.tool-fs.workspace.roots is not set, so the workspace would be the current"
                + " folder, " + currentFolder + ", the whole file system (an MCP client may start its servers there); set"
                + " it to the project's folder, or start the server in that folder");
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
        config.rest().bodiesInMemory().ifPresent(
                m -> atLeast(problems, "rest.bodies-in-memory", ConfigSizes.bytes(m), 64 * 1024));
        // Room for a few hundred records: less would let go of a file between its read and its edit.
        config.sessions().observationsMemory().ifPresent(
                m -> atLeast(problems, "sessions.observations-memory", ConfigSizes.bytes(m), 64 * 1024));
        positive(problems, "sandbox.approval-timeout", config.sandbox().approvalTimeout());
        atLeast(problems, "image.max-image-bytes", config.image().maxImageBytes(), 1);
        atLeast(problems, "image.max-message-image-bytes", config.image().maxMessageImageBytes(), 1);
        atLeast(problems, "image.max-image-pixels", config.image().maxImagePixels(), 1);
        for (String origin : config.mcp().allowedOrigins().orElse(List.of())) {
            originProblem(origin).ifPresent(problems::add);
        }
        for (String format : config.image().mediaTypes()) {
            if (!IMAGE_FORMATS.contains(format.trim().toLowerCase(Locale.ROOT))) {
                problems.add("quarkus.tool-fs.image.media-types names \"" + format
                        + "\"; list some of png, jpeg, webp and gif");
            }
        }
        // Read when the approvals are made, whether the sandbox is on or not: a wrong value stopped the start alone, with
        // the name of a Java enum constant (found by black-box testing).
        try {
            dev.toolfs.runtime.ToolFsProducers.approvalMode(config.sandbox());
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
        return problems;
    }

    /** How every refused start of Tool FS begins. */
    public static final String REFUSAL = "Tool FS refuses to start: ";

    /** The start refused for {@code why}. */
    public static IllegalStateException refusal(String why) {
        return new IllegalStateException(REFUSAL + why);
    }

    public static final String ROOTS_NAME_NO_FOLDER = "quarkus.tool-fs.workspace.roots names no folder; list the"
            + " workspace's folders, or leave it unset for the current folder";

    /**
     * Roots of only commas: a missing root or a file is found by building the workspace (in onStart), said with the
     * other problems; found later, as the tools were built, it came in a stack trace after the log had named it as the
     * workspace.
     */
    private static boolean rootsNameNoFolder(ToolFsConfig config) {
        // Only separators (","): the list is empty, which the configuration takes for unset, the current folder.
        String value = org.eclipse.microprofile.config.ConfigProvider.getConfig()
                .getConfigValue("quarkus.tool-fs.workspace.roots").getValue(); // expanded: ${DIR:} empty is unset
        return config.workspace().roots().isEmpty() && value != null && !value.isBlank();
    }

    /** What the sandbox would refuse to start with (a writable root outside the workspace, a glob that never matches). */
    private static java.util.Optional<String> sandboxProblem(ToolFsConfig config, dev.toolfs.fs.local.Workspace workspace) {
        if (config.sandbox().mode().trim().equalsIgnoreCase("off")) {
            // The default: nothing to build at start-up; settings that would protect nothing are warned of.
            sandboxSettingsWhileOff(config.sandbox())
                    .ifPresent(w -> org.jboss.logging.Logger.getLogger(ConfigCheck.class).warn(w));
            return java.util.Optional.empty();
        }
        if (workspace == null) {
            return java.util.Optional.empty(); // the roots themselves are the problem, said already
        }
        try {
            dev.toolfs.runtime.ToolFsProducers.sandboxPolicy(workspace, config.sandbox());
            return java.util.Optional.empty();
        } catch (IllegalArgumentException e) {
            return java.util.Optional.ofNullable(e.getMessage());
        }
    }

    /** The protected paths when the key is not set (ToolFsConfig.Sandbox#protectedPaths's default). */
    static final List<String> DEFAULT_PROTECTED_PATHS = List.of(".git/**", "**/.git/**", ".tool-fs/**");

    /**
     * Writable folders or protected paths set with the sandbox off protect nothing, and the user who set them would
     * believe they did (found by black-box testing: such settings started without a word, even invalid ones). Said as a
     * warning, not a refusal: the sandbox may be turned off for a while (an environment variable) with them kept.
     */
    static java.util.Optional<String> sandboxSettingsWhileOff(ToolFsConfig.Sandbox sandbox) {
        List<String> set = new ArrayList<>();
        if (sandbox.writableRoots().filter(l -> l.stream().anyMatch(e -> !e.isBlank())).isPresent()) {
            set.add("quarkus.tool-fs.sandbox.writable-roots");
        }
        if (!sandbox.protectedPaths().stream().map(String::trim).filter(e -> !e.isEmpty()).toList()
                .equals(DEFAULT_PROTECTED_PATHS)) {
            set.add("quarkus.tool-fs.sandbox.protected-paths");
        }
        if (set.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.join(" and ", set) + (set.size() == 1 ? " is" : " are")
                + " set, but quarkus.tool-fs.sandbox.mode is off, so " + (set.size() == 1 ? "it protects" : "they protect")
                + " nothing: any file of the workspace may be changed; set quarkus.tool-fs.sandbox.mode=workspace-write to"
                + " apply " + (set.size() == 1 ? "it" : "them"));
    }

    /**
     * An allowed origin is compared whole with a browser's {@code Origin} header: one that could never be equal to one
     * ({@code *}, a host without its scheme, a path, a port out of range) would be ignored without a word.
     */
    static java.util.Optional<String> originProblem(String origin) {
        String o = origin.trim();
        if (o.equals("null")) {
            return java.util.Optional.empty(); // what a file:// page or a sandboxed frame sends: the user's call
        }
        String shape = "an origin is a scheme and a host, with a port if not the scheme's own (https://app.example:8443)";
        String why = null;
        try {
            java.net.URI uri = new java.net.URI(o.endsWith("/") ? o.substring(0, o.length() - 1) : o);
            // The authority as written: java.net.URI finds no host in a name with an underscore (web_ui), which
            // browsers send all the same.
            String authority = uri.getRawAuthority();
            if (uri.getScheme() == null || authority == null || authority.isEmpty()) {
                why = shape;
            } else if (uri.getRawPath() != null && !uri.getRawPath().isEmpty() || uri.getRawQuery() != null
                    || authority.contains("@") || uri.getRawFragment() != null) {
                why = "an origin has no path, query, user or fragment; list scheme://host[:port] only";
            } else {
                java.util.regex.Matcher port = java.util.regex.Pattern.compile(":(\\d+)$").matcher(authority);
                if (port.find() && (port.group(1).length() > 5 || Integer.parseInt(port.group(1)) > 65535)) {
                    why = "its port is over 65535";
                }
            }
        } catch (java.net.URISyntaxException e) {
            why = shape;
        }
        return java.util.Optional.ofNullable(why)
                .map(w -> "quarkus.tool-fs.mcp.allowed-origins lists \"" + origin + "\", which no browser sends: " + w);
    }

    /** The switches of Tool FS, by the end of their keys (a model's and a tool's are under a name of the user's). */
    private static final java.util.regex.Pattern FLAG = java.util.regex.Pattern.compile(
            "quarkus\\.tool-fs\\.(policy\\.enabled|write\\.fsync|langchain4j\\.image-content|rest\\.enabled"
                    + "|attachments\\.local\\.enabled|models\\..+\\.image-input|tools\\..+\\.enabled)");

    /**
     * The spellings of a switch that Quarkus' converter knows (it reads anything else as false, with a warning only).
     */
    private static final Set<String> FLAG_VALUES = Set.of("true", "1", "yes", "y", "on", "ja", "j", "si", "sim", "oui",
            "false", "0", "no", "n", "off", "nein", "non");

    /**
     * Switches whose value is no spelling of true or false. Quarkus reads such a value as false with a warning, so that a
     * slip of the keyboard ({@code policy.enabled=ture}) silently turned read-before-write off (found by black-box
     * testing).
     */
    static List<String> flagProblems(org.eclipse.microprofile.config.Config config) {
        java.util.SortedSet<String> names = new java.util.TreeSet<>();
        for (String name : config.getPropertyNames()) {
            if (FLAG.matcher(name).matches()) {
                names.add(name);
            }
        }
        for (String fixed : List.of("policy.enabled", "write.fsync", "langchain4j.image-content")) {
            names.add("quarkus.tool-fs." + fixed); // also when only an environment variable sets it
        }
        List<String> problems = new ArrayList<>();
        for (String name : names) {
            String raw = config.getConfigValue(name).getValue();
            // Blank is unset, its default applies (an empty environment variable, say).
            if (raw != null && !raw.isBlank() && !FLAG_VALUES.contains(raw.trim().toLowerCase(Locale.ROOT))) {
                problems.add(name + " is \"" + raw + "\"; it must be true or false");
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
