package dev.toolfs.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

import io.smallrye.config.PropertyName;

/**
 * Keys under {@code quarkus.tool-fs.} that no setting has. Quarkus only warns of an unknown key, so that a slip of the
 * keyboard ({@code sandbox.enabled=true}) left the sandbox off, in a log line among many (found by black-box testing);
 * here it stops the start, with the setting it most likely meant.
 */
public final class UnknownKeys {

    static final String PREFIX = "quarkus.tool-fs";

    /** Every setting's name as a pattern ("*" for a map's key, "[*]" for a list's index). */
    private final List<String> patterns;
    /** Those a key may be told it meant: a list's indexed form is left out. */
    private final List<String> names = new ArrayList<>();

    public UnknownKeys(SettingNames settings) {
        this.patterns = settings.names();
        for (String name : patterns) {
            if (!name.endsWith("[*]")) {
                names.add(name);
            }
        }
    }

    private boolean known(String key) {
        for (String pattern : patterns) {
            if (PropertyName.equals(key, pattern)) {
                return true;
            }
        }
        return false;
    }

    /** One sentence for each key of {@code propertyNames} under {@link #PREFIX} that is no setting, in order. */
    public List<String> problems(Iterable<String> propertyNames) {
        SortedSet<String> unknown = new TreeSet<>();
        for (String name : propertyNames) {
            // A profile's key ("%dev.quarkus.tool-fs…") is seen again without its profile when that profile is on.
            if (name.startsWith(PREFIX + ".") && !known(name)) {
                unknown.add(name);
            }
        }
        List<String> problems = new ArrayList<>();
        for (String name : unknown) {
            problems.add(name + " is no setting of Tool FS" + nearest(name).map(n -> "; did you mean " + n + "?")
                    .or(() -> siblings(name))
                    .orElse("; see the configuration reference for the settings there are"));
        }
        return problems;
    }

    /** The setting whose name is fewest edits away, if it is close enough to be a slip ("*" stands for a map key). */
    Optional<String> nearest(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : names) {
            int d = distance(lower, withMapKeys(candidate, name));
            if (d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        // A third of the part after the prefix: "sandbox.writable-root" finds "sandbox.writable-roots", "colour" nothing.
        int allowed = Math.max(2, (name.length() - PREFIX.length()) / 3);
        return best != null && bestDistance <= allowed ? Optional.of(withMapKeys(best, name)) : Optional.empty();
    }

    /**
     * The settings of the group {@code name} is in, when it names a group there is ("sandbox.enabled": the sandbox is
     * turned on by its mode, a name too far to be a slip).
     */
    private Optional<String> siblings(String name) {
        List<String> parts = segments(name);
        if (parts.size() < 4) {
            return Optional.empty(); // quarkus.tool-fs.<key>: the reference has them all
        }
        List<String> group = parts.subList(0, parts.size() - 1);
        SortedSet<String> children = new TreeSet<>();
        for (String candidate : names) {
            List<String> have = segments(withMapKeys(candidate, name));
            if (have.size() == parts.size() && have.subList(0, group.size()).equals(group)) {
                children.add(have.get(have.size() - 1));
            }
        }
        return children.isEmpty() ? Optional.empty()
                : Optional.of("; the settings of " + String.join(".", group) + " are " + String.join(", ", children));
    }

    /** {@code candidate} with each "*" segment as the segment at that place of {@code name}, to compare like with like. */
    private static String withMapKeys(String candidate, String name) {
        if (!candidate.contains("*")) {
            return candidate;
        }
        String[] want = candidate.split("\\.", -1);
        List<String> have = segments(name);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < want.length; i++) {
            String part = want[i].equals("*") && i < have.size() ? have.get(i) : want[i];
            out.append(i == 0 ? "" : ".").append(part);
        }
        return out.toString();
    }

    /** The dot-separated segments of a key, a quoted one ({@code "gpt-4.1"}) kept whole. */
    private static List<String> segments(String name) {
        List<String> out = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            }
            if (c == '.' && !quoted) {
                out.add(part.toString());
                part.setLength(0);
            } else {
                part.append(c);
            }
        }
        out.add(part.toString());
        return out;
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }
}
