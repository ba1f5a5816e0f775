package dev.toolfs.fs;

import java.nio.file.Path;
import java.text.Normalizer;
import java.util.Locale;

/**
 * Paths as a case-insensitive volume compares names, for the checks that protect files (the application's start-up
 * files, its installation, the sandbox's protected paths). On macOS's default volumes {@code .GIT/hooks},
 * {@code .git/hooks} and {@code .git/hooks} with a zero-width joiner inside {@code .git} all name one folder, and so do
 * a name with a composed accent and the same name with a decomposed one: a check comparing names as spelled would let
 * the model past it. Folding the
 * names before comparing protects every spelling on every volume: on a case-sensitive one, a case variant of a
 * protected name is protected too, which refuses a file that differs from a protected one only by case, never allows
 * one. Only for refusals, and beside the comparison as spelled, never instead of it (folding can make a glob's
 * {@code ?} or character class miss what it matched as spelled): what a check grants (a writable folder) is compared
 * as spelled only.
 */
public final class CaseFold {

    private CaseFold() {
    }

    /**
     * The path with each name folded; for comparisons only (it may name no file). A name made only of code points
     * HFS+ ignores is kept as it is, so that no name drops out of the path.
     */
    public static Path of(Path path) {
        String s = path.toString();
        if (ByteScan.isAscii(s)) {
            String lower = s.toLowerCase(Locale.ROOT);
            return lower.equals(s) ? path : path.getFileSystem().getPath(lower);
        }
        StringBuilder folded = new StringBuilder(s.length());
        if (path.getRoot() != null) {
            folded.append(path.getRoot());
        }
        for (int i = 0; i < path.getNameCount(); i++) {
            String name = path.getName(i).toString();
            String f = fold(name);
            if (i > 0) {
                folded.append('/');
            }
            folded.append(f.isEmpty() ? name : f);
        }
        return path.getFileSystem().getPath(folded.toString());
    }

    /**
     * Folded as Apple's volumes compare names: composed (NFC) so that a decomposed accent is the same name, each code
     * point case-folded on its own (upper then lower case, so that the long s, the final sigma and the capital sharp s
     * meet their usual forms, and no character becomes two), and without the code points HFS+ ignores in a name
     * (joiners, direction marks, the byte-order mark), which once made {@code .g\u200cit} the folder {@code .git}.
     */
    public static String fold(String s) {
        if (ByteScan.isAscii(s)) {
            return s.toLowerCase(Locale.ROOT);
        }
        StringBuilder kept = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!isIgnoredByHfs(c)) {
                kept.append(c);
            }
        }
        String composed = Normalizer.normalize(kept, Normalizer.Form.NFC);
        StringBuilder folded = new StringBuilder(composed.length());
        composed.codePoints().forEach(cp -> folded.appendCodePoint(Character.toLowerCase(Character.toUpperCase(cp))));
        return Normalizer.normalize(folded, Normalizer.Form.NFC);
    }

    /** The code points HFS+ leaves out of a name when it compares names. */
    static boolean isIgnoredByHfs(char c) {
        return c == '\u200c' || c == '\u200d' || c == '\u200e' || c == '\u200f'
                || c >= '\u202a' && c <= '\u202e' || c >= '\u206a' && c <= '\u206f' || c == '\ufeff';
    }
}
