package dev.toolfs.fs.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import dev.toolfs.fs.FsException;
import dev.toolfs.fs.ResolvedPath;

/**
 * The workspace roots and the confinement check. A path is inside when it is inside a root both lexically (after
 * {@code ..} is removed) and once every symlink on the way is followed, comparing whole path components, never
 * string prefixes ({@code /ws-evil} is not inside {@code /ws}).
 */
public final class Workspace {

    private static final int MAX_LINK_HOPS = 40;

    private final List<Path> roots;
    private final List<Path> realRoots;

    public Workspace(List<Path> roots) {
        if (roots.isEmpty()) {
            throw new IllegalArgumentException("at least one workspace root is required");
        }
        this.roots = roots.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        List<Path> real = new ArrayList<>();
        for (Path root : this.roots) {
            try {
                real.add(root.toRealPath());
            } catch (IOException e) {
                throw new IllegalArgumentException("workspace root " + root + " is not an existing folder", e);
            }
        }
        this.realRoots = List.copyOf(real);
    }

    public List<Path> roots() {
        return roots;
    }

    public Path firstRoot() {
        return roots.get(0);
    }

    public String describeRoots() {
        return roots.stream().map(Path::toString).collect(Collectors.joining(", "));
    }

    /** True when the absolute, normalized path lies inside a root, lexically or as a real path. */
    public boolean containsLexically(Path absolute) {
        return roots.stream().anyMatch(absolute::startsWith) || realRoots.stream().anyMatch(absolute::startsWith);
    }

    public boolean containsReal(Path real) {
        return realRoots.stream().anyMatch(real::startsWith);
    }

    public ResolvedPath resolve(String op, String path, Path cwd) {
        Path requested;
        try {
            Path p = Path.of(path);
            requested = (p.isAbsolute() ? p : cwd.resolve(p)).normalize();
        } catch (InvalidPathException e) {
            throw FsException.notFound(op, cwd.resolve("<invalid path>"));
        }
        if (!containsLexically(requested)) {
            throw FsException.outsideWorkspace(op, requested, describeRoots());
        }
        Path real = realPathOf(op, requested);
        if (!containsReal(real)) {
            throw FsException.outsideWorkspace(op, requested, describeRoots());
        }
        return new ResolvedPath(requested, real);
    }

    /**
     * The real path of a possibly missing file: symlinks on the existing part are followed, including a dangling
     * symlink leaf, whose target is where a write would land.
     */
    private Path realPathOf(String op, Path requested) {
        Path current = requested;
        for (int hops = 0; hops < MAX_LINK_HOPS; hops++) {
            try {
                return current.toRealPath();
            } catch (NoSuchFileException e) {
                // Fall through: find the deepest existing ancestor, or follow a dangling link.
            } catch (IOException e) {
                throw FsException.io(op, requested, e);
            }
            if (Files.isSymbolicLink(current)) {
                try {
                    Path target = Files.readSymbolicLink(current);
                    Path parent = current.getParent();
                    current = (target.isAbsolute() ? target : parent.resolve(target)).normalize();
                    continue;
                } catch (IOException e) {
                    throw FsException.io(op, requested, e);
                }
            }
            Path parent = current.getParent();
            if (parent == null) {
                return current;
            }
            Path fileName = current.getFileName();
            Path realParent = realPathOf(op, parent);
            return realParent.resolve(fileName);
        }
        throw FsException.io(op, requested, new IOException("too many levels of symbolic links"));
    }
}
