package dev.toolfs.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    public static final String PREFIX = "quarkus.tool-fs";

    /** Every setting's name as a pattern ("*" for a map's key, "[*]" for a list's index). */
    private final List<String> patterns;
    /** Those a key may be told it meant: a list's indexed form is left out. */
    private final List<String> names = new ArrayList<>();

    /**
     * The patterns as environment variables spell them ({@code QUARKUS_TOOL_FS_MODELS_…_IMAGE_INPUT}): made only when a
     * variable is to be judged, which most starts have none of.
     */
    private List<java.util.regex.Pattern> envPatterns;

    static final String ENV_PREFIX = "QUARKUS_TOOL_FS_";

    public UnknownKeys(SettingNames settings) {
        this.patterns = settings.names();
        for (String name : patterns) {
            if (!name.endsWith("[*]")) {
                names.add(name);
            }
        }
    }

    /**
     * How an environment variable may spell a map's key: one word, or words joined by single underscores between double
     * underscores ({@code __GPT_4_1__}); not one that starts or ends with an underscore, or holds two, which Quarkus
     * reads as no key (found by black-box testing: {@code QUARKUS_TOOL_FS_TOOLS__READ__IMAGE__ENABLED} was ignored).
     */
    private static final String ENV_MAP_KEY = "(?:[A-Z0-9]+|_[A-Z0-9]+(?:_[A-Z0-9]+)*_)";
    /** Any run of words: a key of several words between single underscores, which Quarkus does not read. */
    private static final String ENV_LOOSE_MAP_KEY = "(?<key>[A-Z0-9_]+?)";

    /**
     * A setting's name as an environment variable: upper case, each other character an underscore; as a regular
     * expression, a map's key ("*") is {@link #ENV_MAP_KEY} and a list's index ("[*]") is {@code _<digits>_}.
     */
    static String envForm(String pattern, boolean regex) {
        return envForm(pattern, regex, ENV_MAP_KEY);
    }

    private static String envForm(String pattern, boolean regex, String mapKey) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (regex && pattern.startsWith("[*]", i)) {
                out.append("_[0-9]+_");
                i += 2;
            } else if (regex && c == '*') {
                out.append(mapKey);
            } else {
                out.append(Character.isLetterOrDigit(c) && c < 128 ? Character.toUpperCase(c) : '_');
            }
        }
        return out.toString();
    }

    private boolean knownVariable(String variable) {
        if (envPatterns == null) {
            envPatterns = patterns.stream().map(p -> java.util.regex.Pattern.compile(envForm(p, true))).toList();
        }
        for (java.util.regex.Pattern p : envPatterns) {
            if (p.matcher(variable).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The variable spelt right when {@code variable} names a map's key Quarkus reads no key from: one of several words
     * between single underscores ({@code QUARKUS_TOOL_FS_TOOLS_READ_IMAGE_ENABLED}), so that read_image stayed offered
     * (found by black-box testing), or one with underscores too many; a key of several words goes between double
     * underscores, with single ones between its words, and a key of one word between single ones.
     */
    private Optional<MapKeySpelling> mapKeySpelling(String variable) {
        for (String pattern : patterns) {
            if (!pattern.contains("*") || pattern.endsWith("[*]")) {
                continue;
            }
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(envForm(pattern, true, ENV_LOOSE_MAP_KEY))
                    .matcher(variable);
            if (m.matches() && m.group("key").contains("_")) {
                String key = m.group("key").replaceAll("_+", "_").replaceAll("^_|_$", "");
                if (key.isEmpty()) {
                    continue;
                }
                boolean severalWords = key.contains("_");
                String spelled = variable.substring(0, m.start("key")) + (severalWords ? "_" + key + "_" : key)
                        + variable.substring(m.end("key"));
                return Optional.of(new MapKeySpelling(spelled, severalWords));
            }
        }
        return Optional.empty();
    }

    /**
     * The variable of the setting {@code variable} most likely meant, as {@link #suggestion} judges a key: one it is the
     * start of ({@code …_ATTACHMENTS_LOCAL} for {@code …_ATTACHMENTS_LOCAL_ENABLED}), the nearest if close enough to be a
     * slip, or the one setting whose last name it spells ({@code …_ROOTS} for {@code …_WORKSPACE_ROOTS}); maps' keys
     * aside, which a variable cannot tell from the names around them.
     */
    private Optional<String> variableSuggestion(String variable) {
        List<String> plain = names.stream().filter(n -> !n.contains("*")).toList();
        List<String> forms = plain.stream().map(n -> envForm(n, false)).toList();
        List<String> longer = forms.stream().filter(f -> f.startsWith(variable + "_")).toList();
        if (longer.size() == 1) {
            return Optional.of(longer.get(0));
        }
        String tail = variable.substring(ENV_PREFIX.length());
        Near near = nearest(forms, f -> distance(variable, f));
        if (near != null && near.distance() <= Math.max(1, tail.length() / 5)) {
            return Optional.of(near.candidate());
        }
        List<String> sameName = plain.stream().filter(n -> envForm(lastName(n), false).equals(tail))
                .map(n -> envForm(n, false)).toList();
        return sameName.size() == 1 ? Optional.of(sameName.get(0)) : Optional.empty();
    }

    /** The variable spelt as Quarkus reads it, and whether its map key has several words. */
    private record MapKeySpelling(String variable, boolean severalWords) {
    }

    /**
     * Environment variables that set one setting to different values: spelt in both cases, or with a one-word key
     * between double underscores and between single ones, they are one setting, and Quarkus takes one of them without a
     * word (found by black-box testing: {@code QUARKUS_TOOL_FS_TOOLS_EDIT_ENABLED=false} beside
     * {@code quarkus_tool_fs_tools_edit_enabled=true} left edit offered).
     */
    public static List<String> conflicts(Map<String, String> environment) {
        Map<String, List<String>> bySetting = new java.util.TreeMap<>();
        for (String name : new TreeSet<>(environment.keySet())) {
            if (isVariable(name)) {
                bySetting.computeIfAbsent(upper(name).replaceAll("_+", "_"), k -> new ArrayList<>()).add(name);
            }
        }
        List<String> problems = new ArrayList<>();
        for (List<String> names : bySetting.values()) {
            java.util.Set<String> values = new java.util.HashSet<>();
            for (String name : names) {
                // As written: /Work and /work are two folders; only a switch's value is read in any case.
                String value = String.valueOf(environment.get(name)).trim();
                values.add(value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false") ? value.toLowerCase(Locale.ROOT)
                        : value);
            }
            if (values.size() > 1) {
                problems.add(String.join(" and ", names) + " set one setting to different values; keep one");
            }
        }
        return problems;
    }

    /** A candidate and how far it is. */
    private record Near(String candidate, int distance) {
    }

    /** The candidate {@code distanceTo} finds nearest (the first of equals), or null when there is none. */
    private static Near nearest(List<String> candidates, java.util.function.ToIntFunction<String> distanceTo) {
        Near best = null;
        for (String candidate : candidates) {
            int d = distanceTo.applyAsInt(candidate);
            if (best == null || d < best.distance()) {
                best = new Near(candidate, d);
            }
        }
        return best;
    }

    /** The last dot-separated name of a setting's pattern. */
    private static String lastName(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
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
            if (name.startsWith(PREFIX + ".") && !known(name) || isVariable(name) && !knownVariable(upper(name))) {
                unknown.add(name);
            }
        }
        List<String> problems = new ArrayList<>();
        for (String name : unknown) {
            if (isVariable(name)) {
                // Quarkus does not even warn of these: QUARKUS_TOOL_FS_WORKSPACE_ROOT left the workspace the current
                // folder (found by black-box testing). Suggested in the case they are spelt in.
                boolean lower = !name.equals(upper(name));
                java.util.function.Function<String, String> inCase = n -> lower ? n.toLowerCase(Locale.ROOT) : n;
                Optional<MapKeySpelling> spelling = mapKeySpelling(upper(name));
                if (spelling.isPresent()) {
                    problems.add(name + " is no setting of Tool FS as spelled (Quarkus reads no map key "
                            + (spelling.get().severalWords() ? "of several words between single underscores"
                                    : "with underscores too many")
                            + "); did you mean " + inCase.apply(spelling.get().variable()) + "?");
                    continue;
                }
                problems.add(name + " is no setting of Tool FS" + variableSuggestion(upper(name))
                        .map(n -> "; did you mean " + inCase.apply(n) + "?")
                        .orElse("; see the configuration reference for the settings there are"));
                continue;
            }
            problems.add(name + " is no setting of Tool FS" + suggestion(name).map(n -> "; did you mean " + n + "?")
                    .or(() -> groupSettings(name))
                    .orElse("; see the configuration reference for the settings there are"));
        }
        return problems;
    }

    /**
     * Whether {@code name} is an environment variable of Tool FS's: in upper case, or all in lower case, which Quarkus
     * reads too (found by black-box testing: {@code quarkus_tool_fs_sandbox_mod} left the sandbox off unnoticed).
     */
    private static boolean isVariable(String name) {
        return name.startsWith(ENV_PREFIX)
                || name.startsWith(ENV_PREFIX.toLowerCase(Locale.ROOT)) && name.equals(name.toLowerCase(Locale.ROOT));
    }

    private static String upper(String name) {
        return name.toUpperCase(Locale.ROOT);
    }

    /**
     * The setting {@code name} most likely meant: one it is the start of ({@code tools.edit} for
     * {@code tools."edit".enabled}), else the nearest of its own group if close enough to be a slip, else, for a key
     * of no group there is, the one setting anywhere of the same last name ({@code roots} for {@code workspace.roots}).
     * A setting of another group that is merely spelt alike is no suggestion ({@code image.max-bytes} is not
     * {@code read.max-bytes}).
     */
    Optional<String> suggestion(String name) {
        String key = unquoted(name).toLowerCase(Locale.ROOT);
        List<String> forms = names.stream().map(n -> filledIn(n, name)).toList();
        List<String> longer = forms.stream().filter(f -> unquoted(f).toLowerCase(Locale.ROOT).startsWith(key + ".")
                && segments(f).size() == segments(name).size() + 1).toList();
        if (longer.size() == 1) {
            return Optional.of(longer.get(0));
        }
        String group = parent(key);
        String last = lastName(key);
        List<String> groupForms = forms.stream().filter(f -> parent(unquoted(f).toLowerCase(Locale.ROOT)).equals(group))
                .toList();
        Near near = nearest(groupForms, f -> distance(last, lastName(unquoted(f).toLowerCase(Locale.ROOT))));
        // A third of the last name: "writable-root" finds "writable-roots", "limt" "limit", "foo" not "mode".
        if (near != null && near.distance() <= Math.max(1, last.length() / 3)) {
            return Optional.of(near.candidate());
        }
        if (near != null && !group.equals(PREFIX)) {
            return Optional.empty(); // a group there is: its settings are named instead
        }
        List<String> sameName = forms.stream().filter(f -> !f.contains("*") && unquoted(f).toLowerCase(Locale.ROOT)
                .endsWith("." + last)).toList();
        return sameName.size() == 1 ? Optional.of(sameName.get(0)) : Optional.empty();
    }

    /** The key without its last name, lower case. */
    private static String parent(String key) {
        int dot = key.lastIndexOf('.');
        return dot < 0 ? "" : key.substring(0, dot);
    }

    /**
     * The settings of the group {@code name} is in, or is, when there is such a group ("sandbox.enabled": the sandbox
     * is turned on by its mode, a name too far to be a slip).
     */
    private Optional<String> groupSettings(String name) {
        List<String> parts = segments(name);
        for (List<String> group : List.of(parts, parts.subList(0, parts.size() - 1))) {
            if (group.size() < 3) {
                continue; // quarkus.tool-fs: the reference has them all
            }
            SortedSet<String> children = new TreeSet<>();
            for (String candidate : names) {
                List<String> have = segments(filledIn(candidate, name));
                if (have.size() == group.size() + 1 && unquoted(String.join(".", have.subList(0, group.size())))
                        .equalsIgnoreCase(unquoted(String.join(".", group)))) {
                    children.add(have.get(have.size() - 1));
                }
            }
            if (!children.isEmpty()) {
                return Optional.of("; the settings of " + String.join(".", group) + " are " + String.join(", ", children));
            }
        }
        return Optional.empty();
    }

    /**
     * The setting {@code pattern} with its map key ("*") as {@code name} gives it, to compare like with like: the
     * segment at that place, or the segments a dotted model name left unquoted ({@code models.gpt-4.1.image-input}),
     * quoted as it must be ({@code models."gpt-4.1".image-input}).
     */
    static String filledIn(String pattern, String name) {
        int star = pattern.indexOf(".*.");
        if (star < 0) {
            return pattern;
        }
        List<String> want = List.of(pattern.split("\\.", -1));
        List<String> have = segments(name);
        int at = want.indexOf("*");
        if (at >= have.size()) {
            return pattern;
        }
        int extra = Math.max(0, have.size() - want.size());
        String mapKey = String.join(".", have.subList(at, at + extra + 1));
        if (!mapKey.startsWith("\"")) {
            mapKey = "\"" + mapKey + "\"";
        }
        List<String> out = new ArrayList<>(want);
        out.set(at, mapKey);
        return String.join(".", out);
    }

    private static String unquoted(String s) {
        return s.replace("\"", "");
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
