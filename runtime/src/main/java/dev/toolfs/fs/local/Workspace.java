package dev.toolfs.fs.local;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.toolfs.fs.CaseFold;
import dev.toolfs.fs.FsException;
import dev.toolfs.fs.RequestedPath;
import dev.toolfs.fs.ResolvedPath;

/**
 * The workspace roots and the confinement check.
 *
 * <p>
 * A path is resolved component by component from the real root that contains it, looking at each component with
 * {@code lstat} and following symbolic links by hand. A link whose target leaves the workspace is refused at once,
 * without ever looking at the target, so nothing outside the roots is read, written, created or even statted on a
 * model's behalf, and an error never reveals whether something exists outside. Containment compares whole path
 * components, never string prefixes ({@code /ws-evil} is not inside {@code /ws}).
 */
public final class Workspace {

    /** The most links one path may pass through (the system's own limit on Linux). */
    static final int MAX_LINK_HOPS = 40;
    /** The longest path the system takes (Linux's PATH_MAX, with its final NUL). */
    static final int MAX_PATH_BYTES = 4096;

    /** Whether the system would refuse a path this long ({@link #MAX_PATH_BYTES} of UTF-8 or more). */
    static boolean tooLongForTheSystem(Path path) {
        String s = path.toString();
        // At most three bytes a char: a shorter string cannot reach the limit, and is not encoded to know.
        return s.length() * 3 >= MAX_PATH_BYTES && s.getBytes(java.nio.charset.StandardCharsets.UTF_8).length >= MAX_PATH_BYTES;
    }

    private final List<Path> roots;
    private final List<Path> realRoots;
    /**
     * Folders inside the roots that are not part of the workspace (the image attachment store), their real paths and
     * their file keys (device and inode) when they existed at the start. The key catches every way to name the folder:
     * links, and other spellings on a case-insensitive file system.
     */
    private final List<Path> excluded;
    /** The excluded folders, as named and as real paths, folded. */
    private final Path[] excludedFolded;
    private final Object[] excludedKeys;
    /** The files this application reads at its next start: never changed by the tools. */
    private final OwnFiles ownFiles;

    public Workspace(List<Path> roots) {
        this(roots, List.of());
    }

    /**
     * @param excluded folders the tools must not reach even where a root contains them (Tool FS's own image store):
     *        the model could otherwise read or overwrite what read_image keeps; those outside every root are ignored
     */
    public Workspace(List<Path> roots, List<Path> excluded) {
        this(roots, excluded, Path.of(""), runningInstallation());
    }

    public Workspace(List<Path> roots, List<Path> excluded, Path configFolder) {
        this(roots, excluded, configFolder, null);
    }

    /**
     * The folder of the running application's {@code quarkus-run.jar} (its jars, and the {@code jvm.args} the build
     * writes beside them), when it was started from one; else null.
     */
    static Path runningInstallation() {
        String first = System.getProperty("java.class.path", "").split(java.io.File.pathSeparator, 2)[0];
        if (!first.endsWith("quarkus-run.jar")) {
            return null;
        }
        Path parent = Path.of(first).toAbsolutePath().normalize().getParent();
        return parent == null ? null : realOrAbsolute(parent);
    }

    /**
     * @param configFolder the folder whose {@code .env} and {@code config/application*.properties} the application
     *        reads at its start (the process's working folder): the tools may read them but never change them, or a
     *        model could widen the workspace, lift the sandbox or approve its own escalations from the next start on
     * @param installation the running application's installation (its jars and JVM options): also never changed by
     *        the tools, or a model could give the next start its own JVM options; null for none
     */
    public Workspace(List<Path> roots, List<Path> excluded, Path configFolder, Path installation) {
        this.ownFiles = new OwnFiles(realOrAbsolute(configFolder), installation == null ? null : realOrAbsolute(installation));
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
            if (!Files.isDirectory(real.get(real.size() - 1))) {
                throw new IllegalArgumentException("workspace root " + root + " is not a folder");
            }
        }
        this.realRoots = List.copyOf(real);
        // Each excluded folder as named and where it is or would be made: a name on its path may be a link (a home
        // folder reached through one).
        List<Path> named = new java.util.ArrayList<>();
        List<Path> made = new java.util.ArrayList<>();
        for (Path p : excluded) {
            Path absolute = p.toAbsolutePath().normalize();
            Path where = realLocation(absolute);
            if (within(absolute, this.roots, realRoots) || within(where, this.roots, realRoots)) {
                named.add(absolute);
                made.add(where);
            }
        }
        this.excluded = List.copyOf(named);
        this.excludedFolded = new Path[2 * this.excluded.size()];
        this.excludedKeys = new Object[this.excluded.size()];
        for (int i = 0; i < this.excluded.size(); i++) {
            try {
                excludedKeys[i] = Files.readAttributes(made.get(i), BasicFileAttributes.class).fileKey();
            } catch (IOException e) {
                // Not there (yet): its paths alone are compared.
            }
            excludedFolded[2 * i] = CaseFold.of(this.excluded.get(i));
            excludedFolded[2 * i + 1] = CaseFold.of(made.get(i));
        }
    }

    public List<Path> roots() {
        return roots;
    }

    /** The roots as real paths (symlinks resolved), in the same order. */
    public List<Path> realRoots() {
        return realRoots;
    }

    public Path firstRoot() {
        return roots.get(0);
    }

    public String describeRoots() {
        return roots.stream().map(Path::toString).distinct().collect(Collectors.joining(", ")); // a root listed twice, once
    }

    /** True when the absolute, normalized path lies inside a root, as named or as a real path. */
    public boolean containsLexically(Path absolute) {
        return realStart(absolute) != null;
    }

    /**
     * The real folder an absolute path names, when it lies in the workspace and the confined resolution (links followed
     * only while they stay inside) ends on a folder; empty otherwise. Nothing outside the workspace is touched.
     */
    public Optional<Path> folder(Path absolute) {
        try {
            // resolve refuses a path outside the workspace before it touches anything.
            Path real = resolve("use", absolute.toString(), absolute).target();
            return Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS) ? Optional.of(real) : Optional.empty();
        } catch (FsException e) {
            return Optional.empty();
        }
    }

    public ResolvedPath resolve(String op, String path, Path cwd) {
        forgetLook();
        Path requested = RequestedPath.of(op, path, cwd);
        Start start = realStart(requested);
        if (start == null) {
            throw FsException.outsideWorkspace(op, requested, describeRoots());
        }
        Path target = walk(op, requested, start);
        try {
            if (tooLongForTheSystem(target)) {
                // What the walk did not look at (names not there yet) is as long as the system allows no more.
                throw tooLong(op, requested, target);
            }
            if (!excluded.isEmpty()) {
                checkNotExcluded(op, requested, target);
            }
            ResolvedPath resolved = new ResolvedPath(requested, target);
            if ("write".equals(op) || "edit".equals(op)) {
                checkNotOwnConfiguration(op, requested, target);
                lastLook.get().checked(resolved);
            }
            return resolved;
        } catch (RuntimeException refused) {
            // A path refused is not one the caller will stat: its look is not to be taken by a later call.
            forgetLook();
            throw refused;
        }
    }

    /**
     * Refuses to change a file the application reads at its next start (see {@link OwnFiles}), judged as the model
     * spelled the path and where it leads. Called when a write or edit resolves its path and again by the provider
     * before it writes, whatever the caller named its operation, unless this thread resolved that very path for a
     * change less than {@link #LOOK_FRESH_NANOS} before (see {@link #takeCheckedForChange}).
     */
    public void checkNotOwnConfiguration(String op, Path requested, Path target) {
        OwnFiles.Kind kind = ownFiles.kind(onRealRoot(requested), target);
        if (kind == OwnFiles.Kind.CONFIGURATION) {
            throw FsException.ownConfiguration(op, requested);
        }
        if (kind == OwnFiles.Kind.INSTALLATION) {
            throw FsException.ownInstallation(op, requested, ownFiles.installation());
        }
    }

    private static boolean within(Path p, List<Path> roots, List<Path> realRoots) {
        return roots.stream().anyMatch(p::startsWith) || realRoots.stream().anyMatch(p::startsWith);
    }

    /**
     * Where an absolute path is or would be created: the real path of its nearest folder that exists, with the names
     * below it that do not exist yet. Links on the way are followed, as the system follows them when it creates the
     * rest.
     */
    public static Path realLocation(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        for (Path existing = absolute; existing != null; existing = existing.getParent()) {
            try {
                return existing.toRealPath().resolve(existing.relativize(absolute));
            } catch (IOException e) {
                // Not there: one level up.
            }
        }
        return absolute;
    }

    private static Path realOrAbsolute(Path folder) {
        Path absolute = folder.toAbsolutePath().normalize();
        try {
            return absolute.toRealPath();
        } catch (IOException e) {
            return absolute;
        }
    }

    /**
     * The path check, for a folder that did not exist at the start (folded, as a case-insensitive volume would find it
     * under another spelling); the walk compares file keys on the way.
     */
    private void checkNotExcluded(String op, Path requested, Path target) {
        Path folded = CaseFold.of(target);
        for (int i = 0; i < excluded.size(); i++) {
            if (folded.startsWith(excludedFolded[2 * i]) || folded.startsWith(excludedFolded[2 * i + 1])) {
                throw FsException.inExcludedFolder(op, requested, excluded.get(i));
            }
        }
    }

    /** Refuses a folder on the way that is an excluded one, however it was named. */
    private void checkNotExcludedFolder(String op, Path requested, Lstat attrs) {
        Object key = attrs.fileKey();
        if (key == null) {
            return;
        }
        for (int i = 0; i < excludedKeys.length; i++) {
            if (key.equals(excludedKeys[i])) {
                throw FsException.inExcludedFolder(op, requested, excluded.get(i));
            }
        }
    }

    /**
     * How long the walk's look at the path it resolved stands for the stat that follows: a read stats the path at once
     * after resolving it, and a look this recent is as good as a new one (the file could change just after either).
     * Also how long a resolve's check against the start-up files stands for the provider's.
     */
    static final long LOOK_FRESH_NANOS = 1_000_000L;

    /** {@link #LOOK_FRESH_NANOS}, which a test that must not depend on the machine's speed widens. */
    long lookFreshNanos = LOOK_FRESH_NANOS;

    /** Each thread's latest walk's look at the path it resolved, until taken. */
    private final ThreadLocal<Look> lastLook = ThreadLocal.withInitial(Look::new);

    /**
     * What {@link #takeLookOrNothingThere} gives when the walk found nothing at the path it resolved (a name on the
     * way was not there): compared by identity, never looked into (it is no file's look: a caller that only tests for
     * null would take it for one).
     */
    static final Lstat NOTHING_THERE = new Lstat(false, false, false, -1, 0, -1, null, null);

    /**
     * A look the walk took, and the path the latest resolve checked against the start-up files: mutable, one per
     * thread, so that keeping them allocates nothing.
     */
    private static final class Look {
        private Path at;
        private Lstat lstat;
        private long nanos;
        private ResolvedPath checked;
        private long checkedNanos;

        void keep(Path at, Lstat lstat) {
            this.at = at;
            this.lstat = lstat;
            this.nanos = at == null ? 0 : System.nanoTime();
        }

        void checked(ResolvedPath path) {
            this.checked = path;
            this.checkedNanos = path == null ? 0 : System.nanoTime();
        }
    }

    /**
     * The look this thread's latest walk took at {@code target}, the path it resolved, if taken less than
     * {@link #LOOK_FRESH_NANOS} ago: {@link #NOTHING_THERE} when nothing was there; else null. Once: a second call has
     * a new look to make.
     */
    Lstat takeLookOrNothingThere(Path target) {
        Look look = lastLook.get();
        Lstat seen = look.lstat;
        boolean fresh = look.at != null && System.nanoTime() - look.nanos < lookFreshNanos && look.at.equals(target);
        look.keep(null, null);
        return fresh ? seen : null;
    }

    /**
     * Whether this thread's latest resolve, less than {@link #LOOK_FRESH_NANOS} ago, returned this very {@code path}
     * for a write or an edit, and so checked it against the start-up files already: the provider's own check before it
     * changes the file is then the same check again. Once.
     */
    boolean takeCheckedForChange(ResolvedPath path) {
        Look look = lastLook.get();
        boolean same = look.checked == path && System.nanoTime() - look.checkedNanos < lookFreshNanos;
        look.checked(null);
        return same;
    }

    /** Drops this thread's look and check, if any: the path it looked at is about to change, or another is resolved. */
    void forgetLook() {
        Look look = lastLook.get();
        look.keep(null, null);
        look.checked(null);
    }

    /** A path rewritten onto the real root that contains it. */
    private record Start(Path root, Path path) {
    }

    /** The path rewritten onto its real root, or null if no root contains it. */
    private Start realStart(Path requested) {
        for (int i = 0; i < roots.size(); i++) {
            if (requested.startsWith(realRoots.get(i))) {
                return new Start(realRoots.get(i), requested);
            }
            if (requested.startsWith(roots.get(i))) {
                return new Start(realRoots.get(i), realRoots.get(i).resolve(roots.get(i).relativize(requested)));
            }
        }
        return null;
    }

    /**
     * Follows {@code start.path} (absolute, normalized, inside its real root) one component at a time, as the system
     * follows a path: a link's text is followed where the link is met, and a {@code ..} in it is taken from the real
     * folder reached, not from the text ({@code lnk/../x} where {@code lnk} leads to {@code d/e} is {@code d/x}). Every
     * path it looks at is inside the workspace; a link pointing out is refused before its target is touched.
     */
    private Path walk(String op, Path requested, Start start) {
        Path current = start.root();
        Path names = start.root().relativize(start.path());
        // The names a link led to that are still to follow, after the run in hand.
        Deque<Path> todo = new ArrayDeque<>();
        int hops = 0;
        Lstat last = null; // the look at the folder or file in hand, while current is what it looked at
        Path lastAt = null;
        while (true) {
            int count = names.getNameCount();
            boolean redirected = false;
            for (int k = 0; k < count && !redirected; k++) {
                Path name = names.getName(k);
                if (name.toString().isEmpty()) {
                    continue;
                }
                Path next = current.resolve(name);
                Lstat attrs;
                try {
                    attrs = Lstat.of(next);
                } catch (NoSuchFileException e) {
                    // Nothing exists from here on: what would be created lies below this real folder. A link's '..'
                    // after it would climb back from nothing (the system fails there), over folders never looked at.
                    if (dotsFollow(names, k + 1, todo)) {
                        throw FsException.linkThroughNothing(op, requested);
                    }
                    Path missing = withNames(next, names, k + 1, todo);
                    // Kept like a file's look: a new file's write has no second failed look to take.
                    lastLook.get().keep(missing, NOTHING_THERE);
                    return missing;
                } catch (FileSystemException e) {
                    if ("File name too long".equals(e.getReason())) {
                        throw tooLong(op, requested, next);
                    }
                    throw FsException.io(op, requested, e);
                } catch (IOException e) {
                    throw FsException.io(op, requested, e);
                }
                if (attrs.link()) {
                    if (++hops > MAX_LINK_HOPS) {
                        throw FsException.linkLoop(op, requested, MAX_LINK_HOPS);
                    }
                    Path text;
                    try {
                        text = Files.readSymbolicLink(next);
                    } catch (java.nio.file.NotLinkException | java.nio.file.NoSuchFileException e) {
                        throw FsException.pathChanged(op, requested);
                    } catch (IOException e) {
                        throw FsException.io(op, requested, e);
                    }
                    for (int j = count - 1; j > k; j--) {
                        todo.addFirst(names.getName(j));
                    }
                    List<Path> textNames = LinkText.names(text);
                    for (int j = textNames.size() - 1; j >= 0; j--) {
                        todo.addFirst(textNames.get(j));
                    }
                    if (text.isAbsolute()) {
                        current = text.getRoot();
                    }
                    redirected = true;
                } else if (attrs.directory()) {
                    if (excludedKeys.length > 0) {
                        checkNotExcludedFolder(op, requested, attrs);
                    }
                    current = next;
                    last = attrs;
                    lastAt = next;
                } else if (dotsFollow(names, k + 1, todo)) {
                    throw FsException.linkThroughNothing(op, requested);
                } else if (k + 1 < count || !todo.isEmpty()) {
                    // A file used as a folder: what is asked for cannot exist; it is reported missing below the file.
                    return withNames(next, names, k + 1, todo);
                } else {
                    current = next;
                    last = attrs;
                    lastAt = next;
                }
            }
            if (todo.isEmpty()) {
                // Inside, unless a link's text was a bare root ('/'), which adds no name to walk.
                if (!insideRealRoot(current)) {
                    throw FsException.outsideWorkspace(op, requested, describeRoots());
                }
                if (lastAt == current) {
                    lastLook.get().keep(current, last);
                }
                return current;
            }
            // Where a link led: its leading '..'s and '.'s and the names after them, up to the next of those, are exact
            // lexically on the real folder in hand (or on the root for an absolute text); that prefix must be inside a root.
            Path base = current; // real: the folder in hand with the leading '..'s taken
            Path named = null; // the names after them
            while (!todo.isEmpty()) {
                Path name = todo.peekFirst();
                if (isDots(name)) {
                    if (named != null) {
                        break; // taken once the names before it are walked: they may be links, files or nothing
                    }
                    if (name.toString().equals("..")) {
                        base = base.getParent() == null ? base : base.getParent();
                    }
                } else if (!name.toString().isEmpty()) {
                    named = named == null ? name : named.resolve(name);
                }
                todo.pollFirst();
            }
            if (insideRealRoot(base)) {
                // Walked on from there: what lies above was looked at already (a long text is not walked again
                // from the root for every '..' in it).
                current = base;
                names = named == null ? base.getFileSystem().getPath("") : named;
                continue;
            }
            Path head = named == null ? base : base.resolve(named);
            Start inside = realStart(head);
            if (inside == null) {
                throw FsException.outsideWorkspace(op, requested, describeRoots());
            }
            current = inside.root();
            names = inside.root().relativize(inside.path());
        }
    }

    /** {@code base} with the names from {@code from} on and those still to follow (none of them '.' or '..'). */
    private static Path withNames(Path base, Path names, int from, Deque<Path> todo) {
        Path p = base;
        for (int j = from; j < names.getNameCount(); j++) {
            p = withName(p, names.getName(j));
        }
        for (Path name : todo) {
            p = withName(p, name);
        }
        return p;
    }

    private static Path withName(Path p, Path name) {
        return name.toString().isEmpty() ? p : p.resolve(name);
    }

    /** Whether a '.' or '..' is among the names still to follow (only a link's text can hold them). */
    private static boolean dotsFollow(Path names, int from, Deque<Path> todo) {
        for (int j = from; j < names.getNameCount(); j++) {
            if (isDots(names.getName(j))) {
                return true;
            }
        }
        for (Path name : todo) {
            if (isDots(name)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isDots(Path name) {
        String s = name.toString();
        return s.equals(".") || s.equals("..");
    }

    /** The system's "file name too long": a name (from a link's text) over 255 bytes, or the whole path over 4096. */
    static FsException tooLong(String op, Path requested, Path looked) {
        Path name = looked.getFileName();
        if (name != null && name.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length > RequestedPath.MAX_NAME_BYTES) {
            return FsException.invalidPath(op, requested, "a name its symbolic links lead to is longer than 255 bytes");
        }
        return FsException.invalidPath(op, requested, "the path, made absolute and its links followed, is longer than the system allows (4096 bytes)");
    }

    /**
     * Where {@code path} leads, every link on its way followed as the system would follow it (also where nothing is
     * yet); not confined: for the application's own checks, never to open what a model named.
     */
    public static Path whereLinksLead(Path path) {
        return OwnFiles.followed(path);
    }

    /**
     * The path as the model spelled it, rewritten onto the real root that contains it (the lexical form checks that
     * must hold however links lead, such as the sandbox's protected paths, compare), or null outside every root.
     */
    public Path onRealRoot(Path requested) {
        Start start = realStart(requested);
        return start == null ? null : start.path();
    }

    private boolean insideRealRoot(Path p) {
        for (Path root : realRoots) {
            if (p.startsWith(root)) {
                return true;
            }
        }
        return false;
    }
}
