package dev.toolfs.fs.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The files the running application reads when it starts next, which the tools must never change: {@code .env} and
 * {@code .env-<profile>} of its working folder, everything under that folder's {@code config/application*} (Quarkus
 * reads {@code config/application.properties}, and every properties file inside it when it is a folder), and its
 * installation (the folder of the {@code quarkus-run.jar} it was started from: its jars, and the {@code jvm.args} of
 * the next start).
 *
 * <p>
 * Names are compared without regard to case (a case-insensitive volume). Links are taken as the application would
 * follow them: the links among those files (and a {@code config} link) are followed by their text when this is made,
 * also where they lead nowhere yet, and where they lead is protected too; a path is judged both as the model spelled
 * it and where its own links lead. The tools cannot make links: what is found at the start holds, and the links named
 * {@code config} and {@code .env} are looked at again when the working folder has changed (see {@link #links}).
 */
final class OwnFiles {

    enum Kind {
        CONFIGURATION, INSTALLATION
    }

    private static final int MAX_LINK_HOPS = 40;
    private static final long TRUSTED_AFTER_MILLIS = 2000;
    private static final long BUSY_LOOK_MILLIS = 1000;

    private final Path workingFolder;
    private final Path installation;
    /** Where the links among the protected files lead: files, and folders protected whole. */
    private final Set<Path> linkedFiles = new HashSet<>();
    private final List<Path> linkedTrees = new ArrayList<>();
    private volatile Links lastLinks;

    /**
     * @param workingFolder the application's working folder, as a real path
     * @param installation the application's installation folder, as a real path, or null
     */
    OwnFiles(Path workingFolder, Path installation) {
        this.workingFolder = workingFolder;
        this.installation = installation;
        Path config = workingFolder.resolve("config");
        lockLinksIn(config, name -> name.startsWith("application"));
        if (Files.isSymbolicLink(config)) {
            lockLinksIn(followed(config), name -> name.startsWith("application"));
        }
        lockLinksIn(workingFolder, OwnFiles::isEnvName);
        if (installation != null) {
            try (Stream<Path> all = Files.walk(installation)) {
                all.filter(Files::isSymbolicLink).forEach(this::lock);
            } catch (IOException | RuntimeException e) {
                // Unreadable parts stay protected by their place; only links found there add more.
            }
        }
    }

    /** What the path is part of, judged as spelled ({@code lexical}, on its real root) and as resolved, or null. */
    Kind kind(Path lexical, Path target) {
        if (isInstallation(target) || lexical != null && isInstallation(lexical)) {
            return Kind.INSTALLATION;
        }
        Links links = links();
        if (isConfiguration(target, links) || lexical != null && isConfiguration(lexical, links)) {
            return Kind.CONFIGURATION;
        }
        return null;
    }

    /**
     * Where the links named {@code config} and {@code .env} lead now (null where there is none). A look costs two
     * {@code lstat}s that fail with an exception when, as usual, there is no such link, and every write and edit
     * checks: so a look is kept while the working folder is unchanged (its modification time, trusted once it is two
     * seconds older than the look, as a file system's clock may be that coarse), and while the folder keeps changing
     * (the tools' own writes in it change it) it is taken again at most once a second. The tools cannot make links;
     * one made by someone else is seen at once in a quiet folder, and within a second in a busy one (a link further
     * along, in another folder, re-pointed meanwhile, is seen with the next look). The trust assumes the folder's
     * times come from this machine's clock and move forward (not a remote file system's clock running behind, nor a
     * tool that sets them back).
     */
    private Links links() {
        long modified = workingFolder.toFile().lastModified();
        long ticks = System.nanoTime(); // the busy interval: not fooled by the wall clock stepping back
        Links last = this.lastLinks;
        if (last != null && modified != 0) {
            boolean trusted = last.lookedAt() - last.folderModified() > TRUSTED_AFTER_MILLIS;
            if (trusted ? last.folderModified() == modified
                    : ticks - last.lookedAtTicks() < BUSY_LOOK_MILLIS * 1_000_000L) {
                return last;
            }
        }
        Path config = workingFolder.resolve("config");
        Path env = workingFolder.resolve(".env");
        // Wall-clock time, as the file system stamps the folder's modification with it.
        Links links = new Links(modified, System.currentTimeMillis(), ticks,
                Files.isSymbolicLink(config) ? followed(config) : null, Files.isSymbolicLink(env) ? followed(env) : null);
        this.lastLinks = links;
        return links;
    }

    private record Links(long folderModified, long lookedAt, long lookedAtTicks, Path config, Path env) {
    }

    Path installation() {
        return installation;
    }

    private boolean isInstallation(Path p) {
        return installation != null && p.startsWith(installation);
    }

    private boolean isConfiguration(Path p, Links links) {
        if (linkedFiles.contains(p) || linkedTrees.stream().anyMatch(p::startsWith)) {
            return true;
        }
        if (p.startsWith(workingFolder) && p.getNameCount() > workingFolder.getNameCount()) {
            Path relative = workingFolder.relativize(p);
            String first = lower(relative.getName(0));
            if (relative.getNameCount() == 1 && isEnvName(first)) {
                return true;
            }
            if (relative.getNameCount() > 1 && first.equals("config") && lower(relative.getName(1)).startsWith("application")) {
                return true;
            }
        }
        // Links named config or .env, also ones made since the start.
        return links.config() != null && underApplication(p, links.config()) || p.equals(links.env());
    }

    private static boolean underApplication(Path p, Path folder) {
        return p.startsWith(folder) && p.getNameCount() > folder.getNameCount()
                && lower(p.getName(folder.getNameCount())).startsWith("application");
    }

    private static boolean isEnvName(String lowerName) {
        return lowerName.equals(".env") || lowerName.startsWith(".env-");
    }

    private static String lower(Path name) {
        return name.toString().toLowerCase(Locale.ROOT);
    }

    /** Protects where the links among {@code folder}'s entries whose (lower-case) names match lead. */
    private void lockLinksIn(Path folder, Predicate<String> names) {
        if (!Files.isDirectory(folder)) {
            return;
        }
        try (Stream<Path> entries = Files.list(folder)) {
            entries.filter(e -> names.test(lower(e.getFileName())) && Files.isSymbolicLink(e)).forEach(this::lock);
        } catch (IOException | RuntimeException e) {
            // An unreadable folder: its entries are still protected by name.
        }
    }

    private void lock(Path link) {
        Path to = followed(link);
        if (Files.isDirectory(to)) {
            linkedTrees.add(to);
        } else {
            linkedFiles.add(to);
        }
    }

    /**
     * Where a link leads, as the system would follow it: one name at a time, each link's text followed where it is met
     * (also when nothing is there yet), and {@code ..} taken from the folder reached, not from the text (a link
     * followed by {@code ..} leads elsewhere than the text says).
     */
    static Path followed(Path link) {
        Path absolute = link.toAbsolutePath();
        Deque<String> todo = new ArrayDeque<>();
        for (Path name : absolute) {
            todo.addLast(name.toString());
        }
        Path current = absolute.getRoot();
        int hops = 0;
        while (!todo.isEmpty()) {
            String name = todo.pollFirst();
            if (name.isEmpty() || name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                current = current.getParent() == null ? current : current.getParent();
                continue;
            }
            Path next = current.resolve(name);
            if (hops < MAX_LINK_HOPS && Files.isSymbolicLink(next)) {
                hops++;
                Path to;
                try {
                    to = Files.readSymbolicLink(next);
                } catch (IOException e) {
                    current = next;
                    continue;
                }
                List<String> names = new ArrayList<>();
                for (Path n : to) {
                    names.add(n.toString());
                }
                for (int i = names.size() - 1; i >= 0; i--) {
                    todo.addFirst(names.get(i));
                }
                if (to.isAbsolute()) {
                    current = to.getRoot();
                }
                continue;
            }
            current = next;
        }
        return current;
    }
}
