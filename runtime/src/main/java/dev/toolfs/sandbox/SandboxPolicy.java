package dev.toolfs.sandbox;

import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.toolfs.fs.CaseFold;

/**
 * Which mutations the {@code workspace-write} sandbox allows: inside a writable root, and not on a protected path.
 * Protected paths are globs relative to each workspace root; {@code dir/**} also protects {@code dir} itself. They are
 * matched as spelled and folded ({@link CaseFold}), as a case-insensitive volume compares names: {@code .GIT/hooks} is
 * protected by {@code .git/**}. Writable roots are compared as spelled: folding would widen what they grant.
 * Pure Java, unit-tested directly.
 */
public final class SandboxPolicy {

    private final List<Path> writableRoots;
    private final List<Path> workspaceRoots;
    private final List<Path> foldedWorkspaceRoots;
    private final List<Glob> globs;
    private final List<LinkedFolder> linked;
    /** Their targets and places, folded. */
    private final List<Path> foldedTargets;
    private final List<Path> foldedAs;
    /** Whether the globs protect a repository's {@code .git}: then folders git would take as one are protected too. */
    private final boolean guardsRepositories;

    /**
     * A folder (or file) a link leads to from a place a protected glob covers: a path below {@code target} is judged as
     * the same path below {@code as}, the place it is reached from ({@code .git -> gitdir}: {@code gitdir/hooks/x} is
     * judged as {@code .git/hooks/x}).
     *
     * @param target a real path
     * @param as relative to its workspace root
     */
    public record LinkedFolder(Path target, Path as) {
    }

    /** A protected glob, with what it protects too: the folder a {@code …/**} glob names. */
    private record Glob(String text, PathMatcher spelled, PathMatcher spelledFolder, PathMatcher folded,
            PathMatcher foldedFolder) {

        static Glob of(String text) {
            if (text.startsWith("/") || java.util.Arrays.asList(text.split("/")).contains("..")) {
                // Matched against paths relative to a root, which neither start with a slash nor go up.
                throw new IllegalArgumentException("quarkus.tool-fs.sandbox.protected-paths holds \"" + text + "\", which"
                        + " could never match: its globs are relative to each workspace root, without \"..\" (such as"
                        + " secrets/** or **/.env)");
            }
            try {
                matcher(text);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("quarkus.tool-fs.sandbox.protected-paths holds \"" + text
                        + "\", which is not a glob (" + e.getMessage().lines().findFirst().orElse("") + ")");
            }
            String folder = text.endsWith("/**") ? text.substring(0, text.length() - 3) : null;
            String folded = CaseFold.fold(text);
            String foldedFolder = folder == null ? null : CaseFold.fold(folder);
            return new Glob(text, matcher(text), folder == null ? null : matcher(folder), lenient(folded),
                    foldedFolder == null ? null : lenient(foldedFolder));
        }

        /** Folding may turn a valid class ({@code [Z-a]}) into an invalid one: then only the spelled match counts. */
        private static PathMatcher lenient(String glob) {
            try {
                return matcher(glob);
            } catch (java.util.regex.PatternSyntaxException e) {
                return null;
            }
        }

        /**
         * Matches as the glob does, and as each form of it where a {@code **}{@code /} stands for no folder at all, as in
         * .gitignore: Java's glob needs one folder there at least, so that {@code **}{@code /*.pem} left a {@code x.pem}
         * at the root unprotected (found by black-box testing).
         */
        private static PathMatcher matcher(String glob) {
            List<PathMatcher> forms = new ArrayList<>();
            for (String form : zeroFolderForms(withoutLineTerminators(glob))) {
                forms.add(FileSystems.getDefault().getPathMatcher("glob:" + form));
            }
            PathMatcher any = forms.size() == 1 ? forms.get(0) : path -> forms.stream().anyMatch(m -> m.matches(path));
            return path -> {
                String text = path.toString();
                String plain = withoutLineTerminators(text);
                return any.matches(plain == text ? path : Path.of(plain));
            };
        }

        boolean matches(Path spelledRelative, Path foldedRelative) {
            return hit(spelled, spelledRelative) || hit(spelledFolder, spelledRelative) || hit(folded, foldedRelative)
                    || hit(foldedFolder, foldedRelative);
        }

        private static boolean hit(PathMatcher m, Path p) {
            return m != null && p != null && m.matches(p);
        }
    }

    /**
     * The characters a regular expression's "." does not match. Java's glob makes {@code **} such a ".*", so that it
     * stopped at a name holding one (U+2028, say), and {@code **}{@code /*.sh} left such a folder's x.sh unprotected
     * (found by black-box testing).
     */
    private static final String LINE_TERMINATORS = "\n\r\u0085\u2028\u2029";
    /** What they are matched as, in the path and the glob alike: a noncharacter, which "." and "*" match. */
    private static final char STAND_IN = '\uFFFF';

    /** {@code s} with each line terminator as {@link #STAND_IN}; {@code s} itself when it holds none. */
    static String withoutLineTerminators(String s) {
        char[] chars = null;
        for (int i = 0; i < s.length(); i++) {
            if (LINE_TERMINATORS.indexOf(s.charAt(i)) >= 0) {
                if (chars == null) {
                    chars = s.toCharArray();
                }
                chars[i] = STAND_IN;
            }
        }
        return chars == null ? s : new String(chars);
    }

    /** The most runs of folders of one glob that may stand for none: at most 64 forms of it. */
    private static final int MAX_OPTIONAL_RUNS = 6;

    /** {@code glob} and its forms with each {@code **}{@code /} that starts a name left out or kept, in every mix. */
    static List<String> zeroFolderForms(String glob) {
        List<Integer> runs = new ArrayList<>();
        for (int at = glob.indexOf("**/"); at >= 0 && runs.size() < MAX_OPTIONAL_RUNS; at = glob.indexOf("**/", at + 1)) {
            if (at == 0 || glob.charAt(at - 1) == '/') { // "a**/" is inside a name, not a run of folders
                runs.add(at);
            }
        }
        java.util.Set<String> forms = new java.util.LinkedHashSet<>();
        for (int dropped = 0; dropped < 1 << runs.size(); dropped++) {
            StringBuilder form = new StringBuilder(glob);
            for (int i = runs.size() - 1; i >= 0; i--) { // from the end, so earlier offsets stay
                if ((dropped & 1 << i) != 0) {
                    form.delete(runs.get(i), runs.get(i) + 3);
                }
            }
            forms.add(form.toString());
        }
        return List.copyOf(forms);
    }

    /** All paths are real (symlinks resolved) absolute paths. */
    public SandboxPolicy(List<Path> workspaceRoots, List<Path> writableRoots, List<String> protectedGlobs) {
        this(workspaceRoots, writableRoots, protectedGlobs, List.of());
    }

    /**
     * @param linked where links from places the globs cover lead ({@link #linkedFolders})
     */
    public SandboxPolicy(List<Path> workspaceRoots, List<Path> writableRoots, List<String> protectedGlobs,
            List<LinkedFolder> linked) {
        this.writableRoots = List.copyOf(writableRoots);
        this.workspaceRoots = List.copyOf(workspaceRoots);
        this.foldedWorkspaceRoots = workspaceRoots.stream().map(CaseFold::of).toList();
        this.globs = protectedGlobs.stream().map(Glob::of).toList();
        this.linked = List.copyOf(linked);
        this.foldedTargets = linked.stream().map(l -> CaseFold.of(l.target())).toList();
        this.foldedAs = linked.stream().map(l -> CaseFold.of(l.as())).toList();
        Path gitConfig = Path.of(".git", "config");
        Path nestedGitConfig = Path.of("a", ".git", "config");
        this.guardsRepositories = globDenial(gitConfig, gitConfig).isPresent()
                || globDenial(nestedGitConfig, nestedGitConfig).isPresent();
    }

    /**
     * Where the links from the places the globs cover lead: the folder a glob names before its first wildcard
     * ({@code .git} for {@code .git/**}, {@code src} for {@code src/**}{@code /generated/**}) when it is a link (also
     * when it leads nowhere yet) or a {@code .git} file naming the repository's folder ({@code gitdir: …}, as
     * {@code git init --separate-git-dir} and submodules make, and its {@code commondir}), and the links inside it, four
     * levels down
     * ({@code .git/hooks -> ../githooks}), and on through the folders those lead to: inside the roots, as found now
     * (at the start: the tools cannot make links). Each is judged by the globs as the place it is reached from, so a
     * link in {@code src} to {@code docs} protects only what {@code src/**}{@code /generated/**} would protect there.
     * A target that holds a root, the glob's folder or the folder the link is in (a link to the workspace) is not
     * taken.
     *
     * @param follow where a path leads, every link on its way followed as the system would, also when it leads nowhere
     */
    public static List<LinkedFolder> linkedFolders(List<Path> realRoots, List<String> globs,
            java.util.function.UnaryOperator<Path> follow) {
        List<LinkedFolder> found = new ArrayList<>();
        java.util.Set<LinkedFolder> known = new java.util.HashSet<>();
        for (Path root : realRoots) {
            for (String glob : globs) {
                String folder = literalFolder(glob);
                if (folder == null) {
                    continue;
                }
                Path spelled = root.resolve(folder).normalize();
                // The folders to look through, each with the place it is reached from.
                java.util.Deque<LinkedFolder> todo = new java.util.ArrayDeque<>();
                java.util.Set<Path> seen = new java.util.HashSet<>();
                List<Path> dirs = gitDirs(spelled, follow);
                List<Path> held = new ArrayList<>(dirs);
                held.add(spelled);
                for (Path to : dirs) {
                    if (realRoots.stream().anyMatch(r -> r.startsWith(to)) || !to.equals(spelled) && spelled.startsWith(to)) {
                        continue; // a link to the workspace or above: it would protect all, nothing to look through
                    }
                    if (!to.equals(spelled) && takes(to, List.of(spelled), realRoots)) {
                        add(found, known, new LinkedFolder(to, root.relativize(spelled)));
                    }
                    // Looked through also when it is outside the workspace: its links may lead back in (a hook).
                    todo.add(new LinkedFolder(to, root.relativize(spelled)));
                }
                // A bounded search: a start must not walk a whole disk for a few links.
                while (!todo.isEmpty() && seen.size() < 64) {
                    LinkedFolder now = todo.poll();
                    Path folderNow = now.target();
                    if (!seen.add(folderNow) || !Files.isDirectory(folderNow)) {
                        continue;
                    }
                    for (Path link : linksIn(folderNow)) {
                        Path target = follow.apply(link);
                        List<Path> holding = new ArrayList<>(held);
                        holding.add(folderNow);
                        if (!target.startsWith(folderNow) && takes(target, holding, realRoots)) {
                            LinkedFolder next = new LinkedFolder(target, now.as().resolve(folderNow.relativize(link)));
                            add(found, known, next);
                            todo.add(next);
                        }
                    }
                }
            }
        }
        return found;
    }

    private static void add(List<LinkedFolder> found, java.util.Set<LinkedFolder> known, LinkedFolder folder) {
        if (known.add(folder)) {
            found.add(folder);
        }
    }

    /**
     * Where a path leads, and for a {@code .git} that is a file (or a link to one), the folders git reads the hooks and
     * the configuration it runs from: the folder its {@code gitdir: } line names, read as git reads it (up to a NUL,
     * without the line break, the rest kept as it is, relative to the {@code .git}'s folder, links followed), and the
     * folder that one's {@code commondir} names (a worktree's repository).
     */
    static List<Path> gitDirs(Path spelled, java.util.function.UnaryOperator<Path> follow) {
        Path to = follow.apply(spelled);
        if (!".git".equals(CaseFold.fold(String.valueOf(spelled.getFileName())))
                || !Files.isRegularFile(to, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return List.of(to);
        }
        String dir = firstLine(to, "gitdir: ");
        if (dir == null) {
            return List.of(to);
        }
        try {
            Path gitDir = follow.apply(spelled.getParent().resolve(dir));
            List<Path> dirs = new ArrayList<>(List.of(gitDir));
            String common = firstLine(gitDir.resolve("commondir"), "");
            if (common != null) {
                dirs.add(follow.apply(gitDir.resolve(common)));
            }
            return dirs;
        } catch (RuntimeException e) {
            return List.of(to); // a name no path can hold
        }
    }

    /** The largest {@code .git} or {@code commondir} file read: they hold one path. */
    private static final int MAX_GIT_FILE = 65536;

    /** The first line of a small file after {@code prefix}, as git reads it; null when it has none. */
    private static String firstLine(Path file, String prefix) {
        try {
            if (!Files.isRegularFile(file)) {
                return null;
            }
            byte[] bytes;
            // Never waits on a named pipe put there since the look above.
            try (java.io.InputStream in = dev.toolfs.fs.RegularFileOpen.open(file.toRealPath())) {
                bytes = in.readNBytes(MAX_GIT_FILE + 1);
            }
            if (bytes.length > MAX_GIT_FILE) {
                return null;
            }
            int end = 0;
            while (end < bytes.length && bytes[end] != 0 && bytes[end] != '\n') {
                end++;
            }
            while (end > 0 && bytes[end - 1] == '\r') {
                end--;
            }
            String line = new String(bytes, 0, end, java.nio.charset.StandardCharsets.UTF_8);
            if (!line.startsWith(prefix) || line.length() == prefix.length()) {
                return null;
            }
            return line.substring(prefix.length());
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Whether a link's target may be protected whole: inside a root, and holding neither a root nor the protected folder
     * (as spelled, or where it leads) nor the folder the link is in.
     */
    private static boolean takes(Path target, List<Path> held, List<Path> realRoots) {
        return realRoots.stream().anyMatch(target::startsWith) && realRoots.stream().noneMatch(r -> r.startsWith(target))
                && held.stream().noneMatch(h -> h.startsWith(target));
    }

    /** The links four levels down in a folder; what cannot be read is passed over, the rest still looked at. */
    private static List<Path> linksIn(Path folder) {
        List<Path> links = new java.util.ArrayList<>();
        try {
            // Four levels: a submodule's hooks are .git/modules/<name>/hooks/<hook>.
            java.nio.file.Files.walkFileTree(folder, java.util.EnumSet.noneOf(java.nio.file.FileVisitOption.class), 4,
                    new java.nio.file.SimpleFileVisitor<>() {
                        @Override
                        public java.nio.file.FileVisitResult visitFile(Path file,
                                java.nio.file.attribute.BasicFileAttributes attrs) {
                            if (attrs.isSymbolicLink()) {
                                links.add(file);
                            }
                            return java.nio.file.FileVisitResult.CONTINUE;
                        }

                        @Override
                        public java.nio.file.FileVisitResult visitFileFailed(Path file, java.io.IOException e) {
                            return java.nio.file.FileVisitResult.CONTINUE;
                        }
                    });
        } catch (java.io.IOException | RuntimeException e) {
            // What was found so far still counts.
        }
        return links;
    }

    /** The folder a glob names before its first wildcard ({@code .git} for {@code .git/**}), or null when none. */
    public static String literalFolder(String glob) {
        int wildcard = 0;
        while (wildcard < glob.length() && "*?[{".indexOf(glob.charAt(wildcard)) < 0) {
            wildcard++;
        }
        if (wildcard == glob.length()) {
            return null; // one path, no folder of things
        }
        int slash = glob.lastIndexOf('/', wildcard - 1);
        return slash <= 0 ? null : glob.substring(0, slash);
    }

    /** Why changing {@code target} needs an escalation, or empty when the sandbox allows it. */
    public Optional<String> denial(Path target) {
        return denial(target, null);
    }

    /**
     * As {@link #denial(Path)}, judging the path also as it was spelled (on its real root, or null), first: its reason
     * names the glob the model's own path matches.
     */
    public Optional<String> denial(Path target, Path spelled) {
        Optional<String> outside = outsideWritable(target);
        Optional<String> protectedPath = (spelled == null ? Optional.<String> empty() : protectedDenial(spelled))
                .or(() -> protectedDenial(target)).or(() -> repositoryDenial(target));
        return outside.isPresent() && protectedPath.isPresent()
                ? Optional.of(outside.get() + ", and " + protectedPath.get())
                : outside.or(() -> protectedPath);
    }

    /** Why {@code target} is outside the writable roots, or empty when it is inside one. */
    private Optional<String> outsideWritable(Path target) {
        return writableRoots.stream().anyMatch(target::startsWith) ? Optional.empty()
                : Optional.of("it is outside the writable folders");
    }

    /**
     * Why changing {@code path} needs an escalation because it is a protected path, or empty. Also for the path as
     * it was spelled (on its real root), so that a link such as {@code .git -> elsewhere} does not make
     * {@code .git/hooks/…} writable. Judged as spelled and folded.
     */
    public Optional<String> protectedDenial(Path path) {
        Path folded = CaseFold.of(path);
        for (int i = 0; i < linked.size(); i++) {
            LinkedFolder l = linked.get(i);
            Path spelledAs = path.startsWith(l.target()) ? l.as().resolve(l.target().relativize(path)) : null;
            Path foldedPlace = folded.startsWith(foldedTargets.get(i))
                    ? foldedAs.get(i).resolve(foldedTargets.get(i).relativize(folded)) : null;
            if (spelledAs == null && foldedPlace == null) {
                continue;
            }
            Optional<String> why = globDenial(spelledAs, foldedPlace);
            if (why.isPresent()) {
                // The glob does not match the path as named: say where a link makes it that place.
                return Optional.of(why.get() + ", reached through a link as "
                        + dev.toolfs.fs.ShownText.escaped(String.valueOf(spelledAs != null ? spelledAs : foldedPlace)));
            }
        }
        for (int r = 0; r < workspaceRoots.size(); r++) {
            Path root = workspaceRoots.get(r);
            Path foldedRoot = foldedWorkspaceRoots.get(r);
            Path spelled = path.startsWith(root) && !path.equals(root) ? root.relativize(path) : null;
            Path relFolded = folded.startsWith(foldedRoot) && !folded.equals(foldedRoot) ? foldedRoot.relativize(folded) : null;
            if (spelled == null && relFolded == null) {
                continue;
            }
            Optional<String> why = globDenial(spelled, relFolded);
            if (why.isPresent()) {
                return why;
            }
        }
        return Optional.empty();
    }

    /**
     * Why changing {@code target} would give git a repository of the model's making, or empty. git takes any folder
     * holding {@code HEAD}, {@code objects} and {@code refs} (or {@code HEAD} and a {@code commondir} naming where those
     * are) as a repository's folder, whatever its name, when it is run in that folder or below it, and runs the hooks
     * and the commands (a pager, {@code core.fsmonitor}) its configuration names. Where the globs protect {@code .git},
     * a change is refused in such a folder, and where it would complete one: the last of those names is never made
     * without a person's approval, in any order. Names are compared folded, as a case-insensitive volume does. Looks at
     * the folders above the target up to its workspace root: mostly one failed {@code lstat} each, and only in a
     * sandbox.
     */
    Optional<String> repositoryDenial(Path target) {
        if (!guardsRepositories) {
            return Optional.empty();
        }
        // The outermost root holding it (roots may nest): every folder above the target inside the workspace counts.
        Path root = workspaceRoots.stream().filter(target::startsWith).min(java.util.Comparator.comparingInt(Path::getNameCount))
                .orElse(null);
        if (root == null || target.equals(root)) {
            return Optional.empty();
        }
        for (Path child = target, folder = target.getParent(); folder != null && folder.startsWith(root);
                child = folder, folder = folder.getParent()) {
            String made = CaseFold.fold(child.getFileName().toString()); // the name this change makes or writes in
            if (has(folder, "HEAD", made, "head") && (has(folder, "commondir", made, "commondir")
                    || has(folder, "objects", made, "objects") && has(folder, "refs", made, "refs"))) {
                return Optional.of("git would take " + (folder.equals(root) ? "the workspace's top folder"
                        : root.relativize(folder).toString()) + " as a repository's folder (HEAD with objects and refs,"
                        + " or with commondir), and run the hooks and commands its configuration names");
            }
        }
        return Optional.empty();
    }

    /**
     * Whether a write of {@code target} may make one of the names {@link #repositoryDenial} looks for (a name on its
     * path folds to {@code head}, {@code objects}, {@code refs} or {@code commondir}): such writes are made one at a
     * time, so that each one's check sees what the others made.
     */
    public static boolean mayShapeRepository(Path target) {
        for (Path name : target) {
            if (REPOSITORY_NAMES.contains(CaseFold.fold(name.toString()))) {
                return true;
            }
        }
        return false;
    }

    /** The names {@link #repositoryDenial} looks for, folded. */
    private static final java.util.Set<String> REPOSITORY_NAMES = java.util.Set.of("head", "objects", "refs", "commondir");

    /** Whether {@code folder} holds {@code name} (any kind of file, a link too) once the change making {@code made} is done. */
    private static boolean has(Path folder, String name, String made, String foldedName) {
        return made.equals(foldedName) || Files.exists(folder.resolve(name), java.nio.file.LinkOption.NOFOLLOW_LINKS);
    }

    private Optional<String> globDenial(Path spelledRelative, Path foldedRelative) {
        for (Glob g : globs) {
            if (g.matches(spelledRelative, foldedRelative)) {
                return Optional.of("it is a protected path (" + g.text() + ")");
            }
        }
        return Optional.empty();
    }
}
