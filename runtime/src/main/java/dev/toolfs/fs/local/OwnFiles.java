package dev.toolfs.fs.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

import dev.toolfs.fs.CaseFold;

/**
 * The files the running application reads when it starts next, which the tools must never change: {@code .env} and
 * {@code .env-<profile>} of its working folder, everything under that folder's {@code config/application*} (Quarkus
 * reads {@code config/application.properties}, and every properties file inside it when it is a folder), and its
 * installation (the folder of the {@code quarkus-run.jar} it was started from: its jars, and the {@code jvm.args} of
 * the next start).
 *
 * <p>
 * Paths are compared as spelled and folded ({@link CaseFold}), as a case-insensitive volume compares them:
 * {@code APP/.ENV} is the working folder {@code app}'s {@code .env} there. Links are taken as the application would
 * follow them: the links among those files (a {@code config} link, the links inside {@code config/}, {@code .env} and
 * {@code .env-…} links) are followed by their text, also where they lead nowhere yet, and where they lead is protected
 * too; a path is judged both as the model spelled it and where its own links lead. The tools cannot make links, but
 * others can while the application runs: those links are looked at again whenever a folder they depend on has
 * changed (see {@link #look}). What was found at the start stays protected.
 */
final class OwnFiles {

    enum Kind {
        CONFIGURATION, INSTALLATION
    }

    private static final long TRUSTED_AFTER_MILLIS = 2000;
    private static final long BUSY_LOOK_MILLIS = 1000;
    private static final int MAX_WATCHED = 256;

    private final Path workingFolder;
    private final Path installation;
    /** The two, folded for comparisons. */
    private final Path foldedWorkingFolder;
    private final Path foldedInstallation;
    /** Where the links among the start-up files found at the start lead, each with what is below it. */
    private final Links atStart;
    /** Where the links inside the installation lead: part of it, as the next start reads them. */
    private final Links installationLinks;
    private volatile Look lastLook;

    /**
     * @param workingFolder the application's working folder, as a real path
     * @param installation the application's installation folder, as a real path, or null
     */
    OwnFiles(Path workingFolder, Path installation) {
        this.workingFolder = workingFolder;
        this.installation = installation;
        this.foldedWorkingFolder = CaseFold.of(workingFolder);
        this.foldedInstallation = installation == null ? null : CaseFold.of(installation);
        // Not kept as the last look: the first check looks again, whatever the folders' times.
        this.atStart = look().links();
        Links linkedFromInstallation = new Links();
        if (installation != null) {
            try (Stream<Path> all = Files.walk(installation)) {
                all.filter(Files::isSymbolicLink).map(link -> followed(link, null)).forEach(to -> {
                    if (workingFolder.startsWith(to)) {
                        linkedFromInstallation.file(to); // not the whole workspace for one link
                    } else {
                        linkedFromInstallation.tree(to);
                    }
                });
            } catch (IOException | RuntimeException e) {
                // Unreadable parts stay protected by their place; only links found there add more.
            }
        }
        this.installationLinks = linkedFromInstallation;
    }

    /** What the path is part of, judged as spelled ({@code lexical}, on its real root) and as resolved, or null. */
    Kind kind(Path lexical, Path target) {
        if (target.equals(lexical)) {
            lexical = null; // no link on the way (the usual case): one path, judged once
        }
        Path foldedTarget = CaseFold.of(target);
        Path foldedLexical = lexical == null ? null : CaseFold.of(lexical);
        if (isInstallation(target, false) || isInstallation(foldedTarget, true)
                || lexical != null && (isInstallation(lexical, false) || isInstallation(foldedLexical, true))) {
            return Kind.INSTALLATION;
        }
        Links now = current().links();
        if (isConfiguration(target, now, false) || isConfiguration(foldedTarget, now, true) || lexical != null
                && (isConfiguration(lexical, now, false) || isConfiguration(foldedLexical, now, true))) {
            return Kind.CONFIGURATION;
        }
        return null;
    }

    Path installation() {
        return installation;
    }

    /** {@code p} as spelled, or folded (then compared with the folded installation). */
    private boolean isInstallation(Path p, boolean folded) {
        Path in = folded ? foldedInstallation : installation;
        return in != null && p.startsWith(in) || installationLinks.protects(p, folded);
    }

    /**
     * {@code p} as spelled (its names compared in lower case, as before folding) or folded: both, as folding can make
     * a name miss what it matched as spelled ({@code application\u0301.properties} composes to another letter).
     */
    private boolean isConfiguration(Path p, Links now, boolean folded) {
        if (atStart.protects(p, folded) || now.protects(p, folded)) {
            return true;
        }
        Path wf = folded ? foldedWorkingFolder : workingFolder;
        if (p.startsWith(wf) && p.getNameCount() > wf.getNameCount()) {
            Path relative = wf.relativize(p);
            String first = name(relative.getName(0), folded);
            if (relative.getNameCount() == 1 && isEnvName(first)) {
                return true;
            }
            return relative.getNameCount() > 1 && first.equals("config")
                    && name(relative.getName(1), folded).startsWith("application");
        }
        return false;
    }

    /** A name for the name checks: folded already, or lower-cased as spelled. */
    private static String name(Path name, boolean folded) {
        return folded ? name.toString() : name.toString().toLowerCase(java.util.Locale.ROOT);
    }

    /**
     * Where the links among the protected files lead now. A look lists the working folder (and the configuration
     * folder) and follows the links it finds, and every write and edit checks: so a look is kept while none of the
     * folders it read has changed (their modification times, trusted once they are two seconds older than the look,
     * as a file system's clock may be that coarse), and while one keeps changing (the tools' own writes in the working
     * folder change it) it is taken again at most once a second. A link made by someone else counts at once where the
     * folders were quiet, and within a second where they were busy. The trust assumes the folders' times come from this
     * machine's clock and move forward (not a remote file system's clock running behind, nor a tool setting them back).
     */
    private Look current() {
        Look last = this.lastLook;
        if (last == null) {
            return this.lastLook = look();
        }
        long ticks = System.nanoTime(); // the busy interval: not fooled by the wall clock stepping back
        boolean unchanged = last.folders() != null;
        boolean trusted = last.folders() != null; // too many folders to check: taken again once a second
        for (int i = 0; last.folders() != null && i < last.folders().length; i++) {
            long modified = last.folders()[i].toFile().lastModified();
            // 0 is a folder that is missing (or dated 1970): unchanged while it stays so.
            unchanged &= modified == last.modified()[i];
            trusted &= last.lookedAt() - last.modified()[i] > TRUSTED_AFTER_MILLIS;
        }
        if (trusted ? unchanged : ticks - last.lookedAtTicks() < BUSY_LOOK_MILLIS * 1_000_000L) {
            return last;
        }
        Look look = look();
        this.lastLook = look;
        return look;
    }

    /**
     * The folders read (null when too many to check), with their modification times taken before they were read, and
     * what they showed.
     */
    private record Look(Path[] folders, long[] modified, long lookedAt, long lookedAtTicks, Links links) {
    }

    /** How many looks were taken (for tests of the cache). */
    final java.util.concurrent.atomic.AtomicLong looks = new java.util.concurrent.atomic.AtomicLong();

    private Look look() {
        looks.incrementAndGet();
        // Wall-clock time, as the file system stamps the folders' modifications with it.
        long lookedAt = System.currentTimeMillis();
        Watched watched = new Watched();
        Links links = new Links();
        Path config = workingFolder.resolve("config");
        watched.add(workingFolder);
        Path configFolder = config;
        if (Files.isSymbolicLink(config)) {
            configFolder = followed(config, watched);
            links.configTarget(configFolder);
        }
        // Its application* entries: links protect where they lead, and in a folder of that name (real or linked to)
        // Quarkus reads every properties file, so the links among those count too.
        if (Files.isDirectory(configFolder)) {
            watched.add(configFolder);
            try (Stream<Path> entries = Files.list(configFolder)) {
                for (Path entry : entries.filter(e -> either(e.getFileName(), n -> n.startsWith("application"))).toList()) {
                    Path folder = entry;
                    if (Files.isSymbolicLink(entry)) {
                        folder = followed(entry, watched);
                        lockBelow(links, folder, configFolder);
                    }
                    lockLinksIn(folder, OwnFiles::isReadAsProperties, links, watched);
                }
            } catch (IOException | RuntimeException e) {
                // An unreadable folder: its entries are still protected by name.
            }
        }
        lockLinksIn(workingFolder, OwnFiles::isEnvName, links, watched);
        // The busy interval counts from the look's end: a look that took long is not taken again at once.
        return new Look(watched.overflow ? null : watched.modified.keySet().toArray(Path[]::new),
                watched.modified.values().stream().mapToLong(Long::longValue).toArray(), lookedAt, System.nanoTime(), links);
    }

    /**
     * The folders a look depends on, each with its modification time read before its entries. Beyond
     * {@link #MAX_WATCHED} (links with long texts through many folders), they are not kept: the look is then taken again
     * once a second rather than checked folder by folder on every call.
     */
    private static final class Watched {
        final java.util.LinkedHashMap<Path, Long> modified = new java.util.LinkedHashMap<>();
        /** Where the links followed in this look lead. */
        final java.util.Map<Path, Path> leads = new java.util.HashMap<>();
        boolean overflow;

        void add(Path folder) {
            if (overflow || modified.containsKey(folder)) {
                return;
            }
            if (modified.size() == MAX_WATCHED) {
                overflow = true;
                return;
            }
            modified.put(folder, folder.toFile().lastModified());
        }
    }

    /** Where the links among the protected files lead, and a config link's target: as spelled, and folded. */
    private static final class Links {
        private final Targets spelled = new Targets();
        private final Targets folded = new Targets();

        void tree(Path to) {
            spelled.trees.add(to);
            folded.trees.add(CaseFold.of(to));
        }

        void file(Path to) {
            spelled.files.add(to);
            folded.files.add(CaseFold.of(to));
        }

        void propertyFolder(Path to) {
            spelled.propertyFolders.add(to);
            folded.propertyFolders.add(CaseFold.of(to));
        }

        void configTarget(Path to) {
            spelled.configTarget = to;
            folded.configTarget = CaseFold.of(to);
        }

        boolean protects(Path p, boolean isFolded) {
            return (isFolded ? folded : spelled).protects(p, isFolded);
        }
    }

    /** One view (spelled or folded) of where the links lead. */
    private static final class Targets {
        /** Protected with everything below them: a link that leads nowhere yet may become a folder of properties. */
        final List<Path> trees = new ArrayList<>();
        /** Protected as one file. */
        final java.util.Set<Path> files = new java.util.HashSet<>();
        /** Folders whose properties files (directly inside) the application reads. */
        final List<Path> propertyFolders = new ArrayList<>();
        Path configTarget;

        boolean protects(Path p, boolean folded) {
            if (files.contains(p)) {
                return true;
            }
            for (Path tree : trees) { // a loop, not a stream: every write and edit asks, mostly of empty lists
                if (p.startsWith(tree)) {
                    return true;
                }
            }
            if (p.getParent() != null && propertyFolders.contains(p.getParent())
                    && isReadAsProperties(name(p.getFileName(), folded))) {
                return true;
            }
            return configTarget != null && p.startsWith(configTarget) && p.getNameCount() > configTarget.getNameCount()
                    && name(p.getName(configTarget.getNameCount()), folded).startsWith("application");
        }
    }

    /** The files Quarkus reads in a configuration folder: properties, and YAML with its extension. */
    private static boolean isReadAsProperties(String foldedName) {
        return foldedName.endsWith(".properties") || foldedName.endsWith(".yaml") || foldedName.endsWith(".yml");
    }

    private static boolean isEnvName(String foldedName) {
        return foldedName.equals(".env") || foldedName.startsWith(".env-");
    }

    /** Whether a name found in a folder passes a name check lower-cased as spelled, or folded. */
    private static boolean either(Path name, Predicate<String> check) {
        return check.test(name.toString().toLowerCase(java.util.Locale.ROOT)) || check.test(CaseFold.fold(name.toString()));
    }

    /**
     * Protects where the links among {@code folder}'s entries whose names match (lower-cased or folded) lead, each as the one file
     * the application reads there (a {@code .env}, a properties file: a folder there is not read).
     */
    private static void lockLinksIn(Path folder, Predicate<String> names, Links links, Watched watched) {
        if (!Files.isDirectory(folder)) {
            return;
        }
        watched.add(folder);
        try (Stream<Path> entries = Files.list(folder)) {
            entries.filter(e -> either(e.getFileName(), names) && Files.isSymbolicLink(e))
                    .forEach(link -> links.file(followed(link, watched)));
        } catch (IOException | RuntimeException e) {
            // An unreadable folder: its entries are still protected by name.
        }
    }

    /**
     * Protects where a link leads and everything below it, unless that holds the working folder or the folder the link
     * is in (locked whole, it would lock the whole workspace): then the path itself, and the properties files directly
     * in it, which is what the application reads there.
     */
    private void lockBelow(Links links, Path to, Path linkFolder) {
        if (linkFolder.startsWith(to) || workingFolder.startsWith(to)) {
            links.file(to);
            links.propertyFolder(to);
        } else {
            links.tree(to);
        }
    }

    /**
     * Where a link leads, as the system would follow it: one name at a time, each link's text followed where it is met
     * (also when nothing is there yet), and {@code ..} taken from the folder reached, not from the text (a link
     * followed by {@code ..} leads elsewhere than the text says).
     */
    static Path followed(Path link) {
        return followed(link, null);
    }

    /**
     * As {@link #followed(Path)}, adding to {@code watched} (when given) every folder looked into once the first link
     * is met: re-pointing a link, or putting a link where a folder was, changes one of them.
     */
    private static Path followed(Path link, Watched watched) {
        Path absolute = link.toAbsolutePath();
        // Names, and the end of a link's text: where the walk then is, is where that link leads (kept for the look,
        // so that many links through one long chain follow it once).
        Deque<Object> todo = new ArrayDeque<>();
        for (Path name : absolute) {
            todo.addLast(name);
        }
        Path current = absolute.getRoot();
        int hops = 0;
        boolean truncated = false; // the hops ran out: what is reached from then on is no link's whole answer
        while (!todo.isEmpty()) {
            Object item = todo.pollFirst();
            if (item instanceof EndOfLink end) {
                if (watched != null && !truncated) {
                    watched.leads.putIfAbsent(end.link(), current);
                }
                continue;
            }
            Path name = (Path) item;
            String s = name.toString();
            if (s.isEmpty() || s.equals(".")) {
                continue;
            }
            if (s.equals("..")) {
                current = current.getParent() == null ? current : current.getParent();
                continue;
            }
            Path next = current.resolve(name);
            if (watched != null && hops > 0) {
                watched.add(current);
            }
            Path known = watched == null ? null : watched.leads.get(next);
            if (known != null) {
                current = known; // its folders are watched already
                continue;
            }
            if (Files.isSymbolicLink(next)) {
                if (hops >= Workspace.MAX_LINK_HOPS) {
                    truncated = true;
                    current = next;
                    continue;
                }
                if (watched != null) {
                    watched.add(current);
                }
                hops++;
                Path to;
                try {
                    to = Files.readSymbolicLink(next);
                } catch (IOException e) {
                    truncated = true;
                    current = next;
                    continue;
                }
                todo.addFirst(new EndOfLink(next));
                List<Path> names = LinkText.names(to);
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

    private record EndOfLink(Path link) {
    }
}
