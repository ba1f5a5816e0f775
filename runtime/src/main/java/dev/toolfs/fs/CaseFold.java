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
 * one. Only for refusals: what a check grants (a writable folder) is compared as spelled.
 */
public final class CaseFold {

    private CaseFold() {
    }

    /** The path with each name folded; for comparisons only (it may name no file). */
    public static Path of(Path path) {
        String s = path.toString();
        String folded = fold(s);
        return folded.equals(s) ? path : path.getFileSystem().getPath(folded);
    }

    /**
     * Folded as Apple's volumes compare names: composed (NFC) so that a decomposed accent is the same name, case
     * folded (upper then lower case also folds {@code ß}, the long s and the final sigma with their usual forms),
     * and without the code points HFS+ ignores in a name (joiners, direction marks, the byte-order mark), which once
     * made {@code .g\u200cit} the folder {@code .git}.
     */
    public static String fold(String s) {
        boolean ascii = true;
        for (int i = 0; i < s.length() && ascii; i++) {
            ascii = s.charAt(i) < 0x80;
        }
        if (ascii) {
            return s.toLowerCase(Locale.ROOT);
        }
        StringBuilder kept = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!isIgnoredByHfs(c)) {
                kept.append(c);
            }
        }
        String folded = Normalizer.normalize(kept, Normalizer.Form.NFC);
        // Until it holds: the capital sharp s lowers to the small one, which only upper-cases on to "SS".
        for (int round = 0; round < 4; round++) {
            String again = Normalizer.normalize(folded.toUpperCase(Locale.ROOT).toLowerCase(Locale.ROOT),
                    Normalizer.Form.NFC);
            if (again.equals(folded)) {
                break;
            }
            folded = again;
        }
        return folded;
    }

    /** The code points HFS+ leaves out of a name when it compares names. */
    static boolean isIgnoredByHfs(char c) {
        return c == '\u200c' || c == '\u200d' || c == '\u200e' || c == '\u200f'
                || c >= '\u202a' && c <= '\u202e' || c >= '\u206a' && c <= '\u206f' || c == '\ufeff';
    }
}
