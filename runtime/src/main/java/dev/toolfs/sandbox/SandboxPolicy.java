package dev.toolfs.sandbox;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;
import java.util.Optional;

/**
 * Which mutations the {@code workspace-write} sandbox allows: inside a writable root, and not on a protected path.
 * Protected paths are globs relative to each workspace root; {@code dir/**} also protects {@code dir} itself.
 * Pure Java, unit-tested directly.
 */
public final class SandboxPolicy {

    private final List<Path> workspaceRoots;
    private final List<Path> writableRoots;
    private final List<String> protectedGlobs;
    private final List<PathMatcher> matchers;

    /** All paths are real (symlinks resolved) absolute paths. */
    public SandboxPolicy(List<Path> workspaceRoots, List<Path> writableRoots, List<String> protectedGlobs) {
        this.workspaceRoots = List.copyOf(workspaceRoots);
        this.writableRoots = List.copyOf(writableRoots);
        this.protectedGlobs = List.copyOf(protectedGlobs);
        this.matchers = protectedGlobs.stream().map(g -> FileSystems.getDefault().getPathMatcher("glob:" + g)).toList();
    }

    /** Why changing {@code target} needs an escalation, or empty when the sandbox allows it. */
    public Optional<String> denial(Path target) {
        if (writableRoots.stream().noneMatch(target::startsWith)) {
            return Optional.of("it is outside the writable folders");
        }
        for (Path root : workspaceRoots) {
            if (!target.startsWith(root) || target.equals(root)) {
                continue;
            }
            Path relative = root.relativize(target);
            for (int i = 0; i < matchers.size(); i++) {
                if (matches(matchers.get(i), protectedGlobs.get(i), relative)) {
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
