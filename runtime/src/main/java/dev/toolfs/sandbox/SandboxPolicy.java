package dev.toolfs.sandbox;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.toolfs.fs.CaseFold;

/**
 * Which mutations the {@code workspace-write} sandbox allows: inside a writable root, and not on a protected path.
 * Protected paths are globs relative to each workspace root; {@code dir/**} also protects {@code dir} itself. They are
 * matched folded ({@link CaseFold}), as a case-insensitive volume compares names: {@code .GIT/hooks} is protected by
 * {@code .git/**}. Writable roots are compared as spelled: folding would widen what they grant.
 * Pure Java, unit-tested directly.
 */
public final class SandboxPolicy {

    private final List<Path> writableRoots;
    private final List<Path> foldedWorkspaceRoots;
    private final List<String> protectedGlobs;
    private final List<String> foldedGlobs;
    private final List<PathMatcher> matchers;

    /** Where protected folders that are links lead (real paths, folded), with the glob that protects each. */
    private final Map<Path, String> linkedTrees;

    /** All paths are real (symlinks resolved) absolute paths. */
    public SandboxPolicy(List<Path> workspaceRoots, List<Path> writableRoots, List<String> protectedGlobs) {
        this(workspaceRoots, writableRoots, protectedGlobs, Map.of());
    }

    /**
     * @param linkedTrees where protected folders that are links lead, as real paths, each with the glob protecting
     *        it ({@code .git -> gitdir}: {@code gitdir} is protected by {@code .git/**} too)
     */
    public SandboxPolicy(List<Path> workspaceRoots, List<Path> writableRoots, List<String> protectedGlobs,
            Map<Path, String> linkedTrees) {
        this.writableRoots = List.copyOf(writableRoots);
        this.foldedWorkspaceRoots = workspaceRoots.stream().map(CaseFold::of).toList();
        this.protectedGlobs = List.copyOf(protectedGlobs);
        this.foldedGlobs = protectedGlobs.stream().map(CaseFold::fold).toList();
        this.matchers = foldedGlobs.stream().map(g -> FileSystems.getDefault().getPathMatcher("glob:" + g)).toList();
        Map<Path, String> folded = new java.util.LinkedHashMap<>();
        linkedTrees.forEach((to, glob) -> folded.putIfAbsent(CaseFold.of(to), glob));
        this.linkedTrees = java.util.Collections.unmodifiableMap(folded);
    }

    /**
     * Where the protected folders that are links lead ({@code .git -> gitdir}), also where nothing is yet, and where the
     * links inside them lead, three levels down ({@code .git/hooks -> ../githooks}, a submodule's hooks), and on through
     * the folders those lead to: inside the roots, as found now (at the start: the tools cannot make links). A target
     * that holds a root or the protected folder itself (a link to the workspace) is not taken: it would protect all.
     *
     * @param follow where a path leads, every link on its way followed as the system would, also when it leads nowhere
     */
    public static Map<Path, String> linkedFolders(List<Path> realRoots, List<String> globs,
            java.util.function.UnaryOperator<Path> follow) {
        Map<Path, String> trees = new java.util.LinkedHashMap<>();
        for (Path root : realRoots) {
            for (String glob : globs) {
                String folder = literalFolder(glob);
                if (folder == null) {
                    continue;
                }
                Path spelled = root.resolve(folder).normalize();
                java.util.Deque<Path> todo = new java.util.ArrayDeque<>();
                java.util.Set<Path> seen = new java.util.HashSet<>();
                Path to = follow.apply(spelled);
                if (!to.equals(spelled)) {
                    if (!takes(to, List.of(spelled), realRoots)) {
                        continue; // a link to the workspace or above: nothing to look through either
                    }
                    trees.putIfAbsent(to, glob);
                }
                todo.add(to);
                // A bounded search: a start must not walk a whole disk for a few links.
                while (!todo.isEmpty() && seen.size() < 64) {
                    Path folderNow = todo.poll();
                    if (!seen.add(folderNow) || !java.nio.file.Files.isDirectory(folderNow)) {
                        continue;
                    }
                    for (Path link : linksIn(folderNow)) {
                        Path target = follow.apply(link);
                        if (!target.startsWith(folderNow) && takes(target, List.of(spelled, to, folderNow), realRoots)) {
                            trees.putIfAbsent(target, glob);
                            todo.add(target);
                        }
                    }
                }
            }
        }
        return trees;
    }

    /**
     * Whether a link's target may be protected whole: inside a root, and holding neither a root nor the protected folder
     * (as spelled, or where it leads) nor the folder the link is in.
     */
    private static boolean takes(Path target, List<Path> held, List<Path> realRoots) {
        return realRoots.stream().anyMatch(target::startsWith) && realRoots.stream().noneMatch(r -> r.startsWith(target))
                && held.stream().noneMatch(h -> h.startsWith(target));
    }

    /** The links three levels down in a folder; what cannot be read is passed over, the rest still looked at. */
    private static List<Path> linksIn(Path folder) {
        List<Path> links = new java.util.ArrayList<>();
        try {
            java.nio.file.Files.walkFileTree(folder, java.util.EnumSet.noneOf(java.nio.file.FileVisitOption.class), 3,
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
        if (writableRoots.stream().noneMatch(target::startsWith)) {
            return Optional.of("it is outside the writable folders");
        }
        return protectedDenial(target);
    }

    /**
     * Why changing {@code path} needs an escalation because it is a protected path, or empty. Also for the path as
     * it was spelled (on its real root), so that a link such as {@code .git -> elsewhere} does not make
     * {@code .git/hooks/…} writable.
     */
    public Optional<String> protectedDenial(Path path) {
        Path folded = CaseFold.of(path);
        for (Map.Entry<Path, String> tree : linkedTrees.entrySet()) {
            if (folded.startsWith(tree.getKey())) {
                return Optional.of("it is a protected path (" + tree.getValue() + ")");
            }
        }
        for (Path root : foldedWorkspaceRoots) {
            if (!folded.startsWith(root) || folded.equals(root)) {
                continue;
            }
            Path relative = root.relativize(folded);
            for (int i = 0; i < matchers.size(); i++) {
                if (matches(matchers.get(i), foldedGlobs.get(i), relative)) {
                    return Optional.of("it is a protected path (" + protectedGlobs.get(i) + ")");
                }
            }
        }
        return Optional.empty();
    }

    private static boolean matches(PathMatcher m, String glob, Path relative) {
        if (m.matches(relative)) {
            return true;
        }
        // "dir/**" protects the folder itself and anything created as its direct name.
        return glob.endsWith("/**") && relative.toString().equals(glob.substring(0, glob.length() - 3));
    }
}
