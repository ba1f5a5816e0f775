package dev.toolfs.fs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Literal replacement on a file's text, byte-exact outside the replaced spans.
 *
 * <p>
 * The model sees lines joined by {@code \n}; the file may use {@code \r\n}, a mix of both, and a BOM. Matching runs on
 * the "logical" text (BOM removed, every {@code \r\n} read as {@code \n}), so an {@code old_string} copied from a read
 * matches; each logical span is then mapped back to the physical text, and only that span is replaced. Line breaks in
 * the replacement take the ending the replaced span used (or the file's dominant one when the span had none), so a
 * CRLF file stays CRLF and the untouched lines of a mixed file keep theirs. No fuzzy matching: when nothing or too
 * much matches, the error gives line numbers the model can act on.
 *
 * <p>
 * Pure Java (no Quarkus), unit- and property-tested directly.
 */
public final class LiteralEdit {

    /** Above this size the no-match hints, each a search of its own, are skipped for the plain detail. */
    private static final int HINT_MAX_CHARS = 4 * 1024 * 1024;
    private static final int MAX_LISTED_LINES = 10;

    private LiteralEdit() {
    }

    /**
     * @param physicalAfter the full new file text, BOM and endings included
     * @param before the logical text before (what a read shows)
     * @param after the logical text after
     * @param replacements the number of replaced spans
     * @param changed from the first replaced span to the end of the last, in the logical texts, or null when the new
     *        text was read back from the new file (a CR in the replacement)
     */
    public record Result(String physicalAfter, String before, String after, int replacements, ChangedSpan changed) {
    }

    public static Result apply(String physical, TextEdit edit) {
        return apply(physical, edit, MAX_TEXT_CHARS);
    }

    /** The longest text a Java string holds, with room for the array header. */
    private static final long MAX_TEXT_CHARS = Integer.MAX_VALUE - 16;

    /**
     * @param maxBytes the largest file the edit may make: a replacement repeated many times ({@code replace_all}) is
     *        refused before the new text is built when the text alone (at least a byte a character) would exceed it
     */
    public static Result apply(String physical, TextEdit edit, long maxBytes) {
        return apply(physical, null, edit, maxBytes);
    }

    /**
     * The edit of a file's text, given also as the file's bytes: the quick compiler turns no string search into vector
     * instructions, and the bytes can be searched eight at a time. A file without a CR byte has no CRLF to look for;
     * an ASCII file (a byte a character) without one is searched for {@code old_string} in its bytes.
     *
     * @param utf8 {@code physical} in UTF-8, or null when not at hand
     */
    public static Result apply(String physical, byte[] utf8, TextEdit edit, long maxBytes) {
        return apply(physical, utf8, edit, maxBytes, chars -> {
        });
    }

    /**
     * @param beforeBuilding told the new text's length in characters (the file is at least as many bytes) once the
     *        matches are known and before the new text is built, so that the memory it takes can be made room for; it
     *        may throw to stop the edit
     */
    public static Result apply(String physical, byte[] utf8, TextEdit edit, long maxBytes,
            java.util.function.LongConsumer beforeBuilding) {
        boolean bom = !physical.isEmpty() && physical.charAt(0) == '\uFEFF';
        String body = bom ? physical.substring(1) : physical;
        // A CR byte is a CR in UTF-8 (never part of another character); as many bytes as characters is ASCII only.
        boolean crFree = utf8 != null && !ByteScan.contains(utf8, (byte) '\r', 0, utf8.length);
        Logical text = !crFree ? Logical.of(body)
                : Logical.lfOnly(body, utf8.length == physical.length() ? utf8 : null);
        String oldL = toLf(edit.oldString());
        String newL = toLf(edit.newString());
        if (oldL.isEmpty()) {
            throw new EditMatchException(FsErrorCode.FS_NO_MATCH, "old_string must be a non-empty string");
        }
        Found matches = null;
        boolean strayCr = false;
        if (!oldL.equals(edit.oldString())) {
            // A line ending in a stray CR (CR CR LF in the file) reads as "…\r"; copied with the line after it, that is
            // "\r\n" in old_string: the CR and a line break, not a CRLF ending. Taken so when it matches only so; when
            // both readings match somewhere, which one the model meant is not known.
            Found asRead = oldL.equals(newL) ? Found.NONE : find(text, oldL, edit.replaceAll());
            Found withCr = find(text, edit.oldString(), edit.replaceAll());
            if (!withCr.isEmpty() && !asRead.isEmpty()) {
                // The two readings never match at one place: their characters there differ (a \n or a \r).
                java.util.TreeSet<Integer> both = new java.util.TreeSet<>(asRead.first());
                both.addAll(withCr.first());
                Found all = new Found(asRead.count() + withCr.count(),
                        both.stream().limit(MAX_LISTED_LINES + 1).toList());
                // Not "set replace_all": it cannot take both readings either.
                throw new EditMatchException(FsErrorCode.FS_AMBIGUOUS_MATCH, matchesWhere(text.logical, all)
                        + ", some with its \\r\\n as a line break and some with it as a CR that ends a line (the file has"
                        + " lines that end in a stray CR); include more surrounding lines in old_string so that it matches"
                        + " one way only");
            }
            if (!withCr.isEmpty()) {
                oldL = edit.oldString();
                newL = edit.newString();
                matches = withCr;
                strayCr = true;
            } else {
                matches = asRead; // empty when the strings differ only in endings, which is refused next
            }
        }
        if (oldL.equals(newL)) {
            throw new EditMatchException(FsErrorCode.FS_NO_MATCH,
                    "old_string and new_string differ only in line endings; the file keeps its own line endings, so this edit would change nothing");
        }
        if (matches == null) {
            matches = find(text, oldL, edit.replaceAll());
        }
        if (matches.isEmpty()) {
            throw new EditMatchException(FsErrorCode.FS_NO_MATCH, noMatchDetail(text.logical, oldL, newL,
                    edit.shownLineChars()));
        }
        if (matches.count() > 1 && !edit.replaceAll()) {
            throw new EditMatchException(FsErrorCode.FS_AMBIGUOUS_MATCH, ambiguousDetail(text.logical, oldL, matches));
        }

        // The new logical text's length; the file is at least that many bytes (more with CRLFs and non-ASCII).
        int count = matches.count();
        long afterChars = text.logical.length() + (long) count * (newL.length() - oldL.length());
        if (afterChars > Math.min(maxBytes, MAX_TEXT_CHARS)) {
            throw new EditMatchException(FsErrorCode.FS_TOO_LARGE, tooLargeDetail(count, maxBytes));
        }
        beforeBuilding.accept(afterChars);
        int grow = (int) Math.max(0, afterChars - text.logical.length());
        StringBuilder after = new StringBuilder((int) afterChars);
        // Without CRLF the logical text is the body, and the new body is the new logical text: one text to build.
        StringBuilder phys = text.crlf.length == 0 ? null
                : new StringBuilder((int) Math.min(MAX_TEXT_CHARS, (long) body.length() + grow + 1));
        if (phys != null && bom) {
            phys.append('\uFEFF');
        }
        int physCursor = 0;
        int logicalCursor = 0;
        String dominant = text.dominantEnding();
        // Where a replacement starts or ends after a CR in the new file's body, an LF meeting it makes a CRLF: judged
        // as the text grows, no place kept (found by black-box testing: a replace_all of "a" in a 2 MB file of them kept
        // millions of places, as did one in a file of lines ending in a lone CR, and ran a 64 MiB heap out).
        CrSeams seams = new CrSeams(phys != null ? phys : after, phys != null && bom ? 1 : 0);
        int firstMatch = -1;
        int lastMatch = -1;
        byte[] needle = text.ascii == null ? null : oldL.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        // Found again one by one, from the start and without overlaps, as counted: no list of every place is kept.
        for (int ls = text.indexOf(oldL, needle, 0); ls >= 0; ls = text.indexOf(oldL, needle, ls + oldL.length())) {
            firstMatch = firstMatch < 0 ? ls : firstMatch;
            lastMatch = ls;
            int le = ls + oldL.length();
            if (phys != null) {
                int ps = text.toPhysical(ls);
                int pe = text.toPhysical(le);
                phys.append(body, physCursor, ps);
                seams.mark();
                appendWithEnding(phys, newL, text.endingWithin(ls, le, dominant), strayCr);
                seams.mark();
                physCursor = pe;
            }
            after.append(text.logical, logicalCursor, ls);
            if (phys == null) {
                seams.mark();
            }
            after.append(newL);
            if (phys == null) {
                seams.mark();
            }
            logicalCursor = le;
        }
        after.append(text.logical, logicalCursor, text.logical.length());
        String afterText = after.toString();
        String physicalAfter;
        if (phys != null) {
            phys.append(body, physCursor, body.length());
            physicalAfter = phys.toString();
        } else {
            physicalAfter = bom ? '\uFEFF' + afterText : afterText;
        }
        // A U+FEFF the edit leaves first in a file without a mark is one from now on (found by black-box testing: the
        // card showed it as text, which the next read hid): the text a read shows and the card's note say so.
        boolean gainsMark = !bom && physicalAfter.startsWith("\uFEFF");
        if (gainsMark || newL.indexOf('\r') >= 0 || seams.joined()) {
            String newBody = bom || gainsMark ? physicalAfter.substring(1) : physicalAfter;
            // A CR before an LF, inside the replacement or across one of its ends, is a CRLF line ending on disk,
            // whatever the pieces were: the text a read shows is the new file's; the card then finds the change itself.
            return new Result(physicalAfter, text.logical, toLf(newBody), count, null);
        }
        int lastEnd = lastMatch + oldL.length();
        int afterEnd = lastEnd + count * (newL.length() - oldL.length());
        return new Result(physicalAfter, text.logical, afterText, count, new ChangedSpan(firstMatch, lastEnd, afterEnd));
    }

    /**
     * Whether a CR that ends the new text built so far where a replacement starts or ends is followed by an LF, once the
     * text has grown past it: only the last such place waits to be judged.
     */
    private static final class CrSeams {
        private final StringBuilder built;
        /** Where the body starts in {@code built} (after a byte-order mark). */
        private final int from;
        private int pending = -1;
        private boolean joined;

        CrSeams(StringBuilder built, int from) {
            this.built = built;
            this.from = from;
        }

        /** A replacement starts or ends where {@code built} now ends. */
        void mark() {
            settle();
            if (!joined && built.length() > from && built.charAt(built.length() - 1) == '\r') {
                pending = built.length();
            }
        }

        /** Whether a CR and an LF met at a seam; asked once the text is whole. */
        boolean joined() {
            settle();
            return joined;
        }

        private void settle() {
            if (pending >= 0 && built.length() > pending) {
                joined |= built.charAt(pending) == '\n';
                pending = -1;
            }
        }
    }

    /**
     * Where {@code needle} occurs: without overlaps for {@code all}, which replaces them one after the other; with them
     * otherwise (past {@link #MAX_LISTED_LINES} + 1 only for {@code all}), since a single replacement must be the only
     * place the model can have meant, and {@code x\nx} in {@code x\nx\nx} is two.
     */
    private static Found find(Logical text, String needle, boolean all) {
        if (text.ascii != null && !ByteScan.isAscii(needle)) {
            return Found.NONE; // an ASCII text holds no other character
        }
        List<Integer> first = new ArrayList<>();
        int count = 0;
        // An ASCII needle's bytes are its characters, one each: byte and character positions are the same.
        byte[] bytes = text.ascii == null ? null : needle.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        int step = all ? needle.length() : 1;
        for (int i = text.indexOf(needle, bytes, 0); i >= 0; i = text.indexOf(needle, bytes, i + step)) {
            count++;
            if (first.size() <= MAX_LISTED_LINES) {
                first.add(i);
            } else if (!all) {
                break;
            }
        }
        return new Found(count, first);
    }

    /**
     * Where a needle occurs: how many times, and the first {@link #MAX_LISTED_LINES} + 1 places, all that a message
     * lists (a list of every place cost some 25 bytes each, millions of them for a replace_all of a short string).
     */
    private record Found(int count, List<Integer> first) {
        static final Found NONE = new Found(0, List.of());

        boolean isEmpty() {
            return count == 0;
        }
    }

    /** Why an edit that would make the file too large is refused (also when only its UTF-8 bytes are too many). */
    public static String tooLargeDetail(int replacements, long maxBytes) {
        // One replacement cannot be split further: only a shell tool helps then.
        return "the edited file would be over the " + maxBytes + "-byte limit for edit (" + replacements
                + (replacements == 1 ? " replacement); make this change with a shell tool"
                        : " replacements); replace fewer occurrences at a time, or use a shell tool");
    }

    /** The text as a read shows it: every {@code \r\n} as {@code \n}. */
    public static String toLf(String s) {
        return s.indexOf('\r') < 0 ? s : s.replace("\r\n", "\n");
    }

    /**
     * @param strayCr a break after a CR is a line ending in a stray CR (CR CR LF on disk): written as CRLF after it,
     *        whatever the span's ending, or the CR and an LF would make the line's ending and the CR would be gone
     */
    private static void appendWithEnding(StringBuilder out, String lfText, String ending, boolean strayCr) {
        if (ending.equals("\n") && !strayCr) {
            out.append(lfText);
            return;
        }
        int from = 0;
        for (int i = lfText.indexOf('\n'); i >= 0; i = lfText.indexOf('\n', from)) {
            out.append(lfText, from, i).append(strayCr && i > 0 && lfText.charAt(i - 1) == '\r' ? "\r\n" : ending);
            from = i + 1;
        }
        out.append(lfText, from, lfText.length());
    }

    private static String ambiguousDetail(String logical, String oldL, Found matches) {
        List<Integer> places = matches.first();
        for (int k = 1; k < places.size(); k++) {
            if (places.get(k) < places.get(k - 1) + oldL.length()) {
                // replace_all would take only the first of two overlapping places: not what either reading meant.
                return matchesWhere(logical, matches) + ", some of them overlapping; include more surrounding lines in"
                        + " old_string to make it unique";
            }
        }
        return matchesWhere(logical, matches)
                + "; include more surrounding lines in old_string to make it unique, or set replace_all to true to replace every occurrence";
    }

    /** "old_string matches N times (at lines …)". */
    private static String matchesWhere(String logical, Found found) {
        List<Integer> matches = found.first(); // up to one more than are listed, as many as "more than" needs
        // Each line once, with how many matches it holds when more than one (a short old_string may occur often in
        // one line).
        List<int[]> lines = new ArrayList<>(); // {line, matches on it}
        LineCounter counter = new LineCounter(logical);
        int listed = Math.min(matches.size(), MAX_LISTED_LINES);
        for (int k = 0; k < listed; k++) {
            int line = counter.lineOf(matches.get(k));
            if (!lines.isEmpty() && lines.get(lines.size() - 1)[0] == line) {
                lines.get(lines.size() - 1)[1]++;
            } else {
                lines.add(new int[] { line, 1 });
            }
        }
        // Past the listed ones, more on the last listed line make its count a lower bound.
        boolean lastLineHasMore = matches.size() > listed && counter.lineOf(matches.get(listed)) == lines.get(lines.size() - 1)[0];
        StringBuilder where = new StringBuilder(lines.size() == 1 ? "at line " : "at lines ");
        for (int k = 0; k < lines.size(); k++) {
            if (k > 0) {
                where.append(", ");
            }
            where.append(lines.get(k)[0]);
            boolean more = lastLineHasMore && k == lines.size() - 1;
            if (more && lines.get(k)[1] == 1) {
                where.append(" (more than once)");
            } else if (lines.get(k)[1] > 1 || more) {
                where.append(" (").append(more ? "more than " : "").append(lines.get(k)[1]).append(" times)");
            }
        }
        String count = matches.size() > MAX_LISTED_LINES ? "more than " + MAX_LISTED_LINES : String.valueOf(matches.size());
        if (matches.size() > MAX_LISTED_LINES) {
            where.append(", …");
        }
        return "old_string matches " + count + " times (" + where + ")";
    }

    /** What read puts after a line it cut: "... (line truncated to N chars)". */
    private static final java.util.regex.Pattern CUT_MARKER = java.util.regex.Pattern
            .compile("\\.\\.\\. \\(line truncated to (\\d+) chars\\)");

    private static String noMatchDetail(String logical, String oldL, String newL, int shownLineChars) {
        if (logical.isEmpty()) {
            // Nothing to copy old_string from, and an empty old_string is refused.
            return "old_string was not found: the file is empty; give it its content with write";
        }
        java.util.regex.Matcher cut = CUT_MARKER.matcher(oldL);
        if (cut.find() && !logical.contains(cut.group())) {
            // Copied from a read of a long line: the marker is not in the file, and a read again shows the same.
            return "old_string contains \"" + cut.group() + "\", which read adds where it cut a long line; that text is"
                    + " not in the file. Use only text read showed before the marker (past the first " + cut.group(1)
                    + " characters of the line, only text you know is there matches), or change the line with a shell tool";
        }
        String cutLine = cutLineDetail(logical, oldL, shownLineChars);
        if (cutLine != null) {
            return cutLine;
        }
        if (logical.length() > HINT_MAX_CHARS) {
            return "old_string was not found in the file; read the file and copy old_string exactly from it, including whitespace";
        }
        String numbered = lineNumberPrefixDetail(logical, oldL);
        if (numbered != null) {
            return numbered;
        }
        String extraBreaks = extraFinalBreaksDetail(logical, oldL);
        if (extraBreaks != null) {
            return extraBreaks;
        }
        String spacing = whitespaceDetail(logical, oldL);
        if (spacing != null) {
            return spacing;
        }
        int nfLine = normalizedLine(logical, oldL);
        if (nfLine > 0) {
            return "old_string was not found in the file, but it matches at line " + nfLine + " if Unicode"
                    + " normalization is ignored: some characters look the same but are other code points (an accent"
                    + " written as a separate mark, say); copy old_string exactly from a fresh read, or choose one that"
                    + " leaves those characters out";
        }
        String copied = copyMistakeDetail(logical, oldL);
        if (copied != null) {
            return copied;
        }
        String firstLine = firstNonBlankLine(oldL);
        String where = firstLine != null && !firstLine.equals(oldL) ? linesHolding(logical, firstLine) : null;
        if (where != null && oldL.equals(firstLine + "\n")) {
            // One line and its break: no later line differs; the text is there, but inside a line.
            return "old_string was not found in the file; its text without the final line break appears at " + where
                    + ", but not at the end of a line; read the file there and copy old_string exactly, or leave"
                    + " out the line break";
        }
        // After the hints that find old_string itself nearly: new_string elsewhere (another function's) is no sign.
        String madeAlready = oldL.contains(newL) ? null : madeAlreadyDetail(logical, newL); // a deletion's is there anyway
        if (madeAlready != null) {
            return madeAlready;
        }
        if (firstLine != null && !firstLine.equals(oldL)) {
            if (where != null) {
                String which = oldL.startsWith(firstLine) ? "" : " that is not blank";
                // Followed by old_string's next line, the first line matches only where a line of the file ends (or
                // the file does): found only inside a line, it is the first line that differs (found by black-box
                // testing: "def foo(" of "def foo(x):" was said to be right, and a later line wrong).
                if (oldL.indexOf('\n', oldL.indexOf(firstLine)) >= 0) {
                    String atEnd = linesHolding(logical.endsWith("\n") ? logical : logical + "\n", firstLine + "\n");
                    if (atEnd == null) {
                        return "old_string was not found in the file; its first line" + which + " appears at " + where
                                + ", but not at the end of a line, where old_string goes on to its next line; read the"
                                + " file there and copy that line of old_string exactly, to the end of the file's line";
                    }
                    where = atEnd;
                }
                return "old_string was not found in the file; its first line" + which + " appears at " + where
                        + ", so a later line of old_string differs; read the file there and copy old_string exactly";
            }
        }
        return "old_string was not found in the file; read the file and copy old_string exactly from it, including whitespace";
    }

    /** The most places of old_string's first line that {@link #cutLineDetail} follows. */
    private static final int CUT_LINE_TRIES = 20;

    /**
     * An old_string copied from a read of a line longer than read shows, and going on past it: a line of old_string is,
     * from where it starts to the end of what read showed, the file's, but the file's line goes on where old_string's
     * has its line break. Read again, the line shows the same cut, so "copy it exactly" cannot be done (found by
     * black-box testing). Null when that is not what happened.
     */
    static String cutLineDetail(String logical, String oldL, int shownLineChars) {
        String[] lines = oldL.split("\n", -1);
        if (lines.length < 2 || lines[0].isEmpty()) {
            return null;
        }
        TextSearch places = new TextSearch(logical, lines[0], 0);
        int tries = 0;
        for (int at = places.next(); at >= 0 && tries < CUT_LINE_TRIES; at = places.next(), tries++) {
            int pos = at;
            for (int k = 0; k < lines.length - 1; k++) {
                String line = lines[k];
                if (!logical.startsWith(line, pos)) {
                    break;
                }
                int lineStart = logical.lastIndexOf('\n', pos - 1) + 1;
                int lineEnd = logical.indexOf('\n', pos);
                lineEnd = lineEnd < 0 ? logical.length() : lineEnd;
                int copiedTo = pos + line.length();
                if (copiedTo < lineEnd) {
                    // old_string's line ends inside the file's: at the cut of a long line (one character earlier when
                    // that would split a surrogate pair, as read cuts), or not this place at all.
                    int cut = lineStart + shownLineChars;
                    if (cut < lineEnd && Character.isHighSurrogate(logical.charAt(cut - 1))) {
                        cut--;
                    }
                    if (lineEnd - lineStart > shownLineChars && copiedTo == cut) {
                        int n = new LineCounter(logical).lineOf(lineStart);
                        return "old_string was not found in the file: line " + (k + 1) + " of old_string ends where read"
                                + " cut line " + n + " of the file, but that line goes on past the " + shownLineChars
                                + " characters read shows (it has " + (lineEnd - lineStart) + "), and no read shows more of"
                                + " it. Split the change: one edit whose old_string ends within the part read showed (an"
                                + " old_string may end inside a line), and another whose old_string starts with the line"
                                + " break that ends line " + n + "; to change the hidden part of the line, use a shell tool";
                    }
                    break;
                }
                pos = lineEnd + 1;
                if (pos > logical.length()) {
                    break;
                }
            }
        }
        return null;
    }

    /**
     * Copy mistakes a model makes that "copy old_string exactly" does not cure, as it believes it did (found by a
     * review from the model's side): a byte-order mark copied from another tool's view of the file, read's line number
     * on the first line only, typographic quotes for plain ones (or the other way round). Null when none explains it.
     */
    private static String copyMistakeDetail(String logical, String oldL) {
        if (oldL.charAt(0) == '\uFEFF' && oldL.length() > 1) {
            String where = linesHolding(logical, oldL.substring(1));
            if (where != null) {
                return "old_string was not found in the file: it starts with a byte-order mark (U+FEFF), which is not"
                        + " part of the text a read shows; leave it out, in new_string too (without it, old_string is at "
                        + where + ")";
            }
        }
        java.util.regex.Matcher numbered = NUMBERED.matcher(oldL);
        if (oldL.indexOf('\n') > 0 && numbered.lookingAt()) {
            String bare = oldL.substring(numbered.end());
            long line = Long.parseLong(numbered.group(1));
            if (!bare.isBlank() && startsOnLine(logical, bare, line)) {
                return "old_string was not found in the file: its first line starts with \"" + numbered.group(1)
                        + ": \", the number read shows, which is not in the file; leave it out, in new_string too"
                        + " (without it, old_string is at line " + line + ")";
            }
        }
        String plainOld = plainQuotes(oldL);
        String plainFile = plainQuotes(logical);
        if (!plainOld.equals(oldL) || !plainFile.equals(logical)) {
            String where = linesHolding(plainFile, plainOld);
            if (where != null) {
                return "old_string was not found in the file, but it matches at " + where
                        + " if typographic quotes (\u2018 \u2019 \u201C \u201D) are taken for plain ones (' \"): copy the quotes exactly as"
                        + " the file has them, and write the file's kind of quotes in new_string too";
            }
        }
        return null;
    }

    /** {@code s} with each typographic quote as its plain twin: one character for one, so offsets stay. */
    private static String plainQuotes(String s) {
        return s.replace('\u2018', '\'').replace('\u2019', '\'').replace('\u201A', '\'').replace('\u201B', '\'')
                .replace('\u201C', '"').replace('\u201D', '"').replace('\u201E', '"').replace('\u201F', '"');
    }

    /** The fewest characters, white space aside, a new_string needs for its presence to suggest the edit was made. */
    private static final int MADE_ALREADY_MIN_CHARS = 6;

    /**
     * The same edit again (a client's retry after a timeout, a model that lost track): old_string is gone and
     * new_string is there. Said, so that the model checks instead of rebuilding an old_string that cannot be found, or
     * making a second change (found by a review from the model's side). Only for a new_string long enough, and found
     * in few enough places, that its presence is no chance.
     */
    private static String madeAlreadyDetail(String logical, String newL) {
        if (newL.isBlank() || newL.replaceAll("\\s+", "").length() < MADE_ALREADY_MIN_CHARS) {
            return null;
        }
        // Whole words at both ends: "MAX = 10" inside "MAX = 100" is no sign of the change (found by black-box testing).
        int found = 0;
        int first = -1;
        TextSearch places = new TextSearch(logical, newL, 0);
        for (int at = places.next(); at >= 0 && found <= 3; at = places.next()) {
            if (wholeWordsAt(logical, at, at + newL.length() - 1, newL)) {
                found++;
                first = first < 0 ? at : first;
            }
        }
        if (found == 0 || found > 3) {
            return null;
        }
        return "old_string was not found in the file, but new_string is there, at line "
                + new LineCounter(logical).lineOf(first)
                + ": if that is the place you meant, the change may have been made already (by an earlier call); read"
                + " the file there to check before changing anything";
    }

    /** Whether {@code needle}, found in {@code hay} from {@code first} to {@code last}, cuts no word at its ends. */
    private static boolean wholeWordsAt(String hay, int first, int last, String needle) {
        return !(wordChar(needle.charAt(0)) && first > 0 && wordChar(hay.charAt(first - 1)))
                && !(wordChar(needle.charAt(needle.length() - 1)) && last + 1 < hay.length() && wordChar(hay.charAt(last + 1)));
    }

    /**
     * "line 4", "lines 4, 9" or "lines 4, 9, …" (past {@link #MAX_LISTED_LINES}): where {@code needle} starts, each
     * line once; null when it does not occur.
     */
    private static String linesHolding(String hay, String needle) {
        StringBuilder where = new StringBuilder();
        LineCounter counter = new LineCounter(hay);
        int listed = 0;
        int last = 0;
        TextSearch places = new TextSearch(hay, needle, 0);
        for (int at = places.next(); at >= 0; at = places.next()) {
            int line = counter.lineOf(at);
            if (line == last) {
                continue;
            }
            if (listed == MAX_LISTED_LINES) {
                where.append(", …");
                break;
            }
            where.append(listed == 0 ? "" : ", ").append(line);
            listed++;
            last = line;
        }
        return listed == 0 ? null : (listed == 1 ? "line " : "lines ") + where;
    }

    /**
     * Line (1-based) where {@code needle} matches {@code hay} once both are in Unicode's composed form (NFC), or -1:
     * an accent written apart from its letter, or a sign that is another's twin (the Kelvin sign, the Greek question
     * mark for a semicolon), reads the same to the model and matches nothing.
     */
    static int normalizedLine(String hay, String needle) {
        if (java.text.Normalizer.isNormalized(hay, java.text.Normalizer.Form.NFC)
                && java.text.Normalizer.isNormalized(needle, java.text.Normalizer.Form.NFC)) {
            return -1; // both as they would be: nothing normalization could make match
        }
        // Normalization leaves line breaks alone, so lines counted in the normal form are the file's.
        String normalHay = java.text.Normalizer.normalize(hay, java.text.Normalizer.Form.NFC);
        int at = TextSearch.indexOf(normalHay, java.text.Normalizer.normalize(needle, java.text.Normalizer.Form.NFC));
        return at < 0 ? -1 : new LineCounter(normalHay).lineOf(at);
    }

    private static String firstNonBlankLine(String s) {
        for (String line : s.split("\n", -1)) {
            if (!line.isBlank()) {
                return line;
            }
        }
        return null;
    }

    /** What read puts before each line: its number, a colon and a space (which a copy may drop on an empty line). */
    private static final java.util.regex.Pattern NUMBERED = java.util.regex.Pattern.compile("(\\d{1,10}):(?: |$)");

    /**
     * old_string copied from a read with the numbers read puts before its lines (a frequent mistake, which "copy
     * old_string exactly" does not cure: the model believes it did). Said only when every line has one, the numbers
     * follow each other, and without them old_string is in the file: on that very line for one line, which could be a
     * file's own "404: not found".
     */
    private static String lineNumberPrefixDetail(String logical, String oldL) {
        String[] lines = (oldL.endsWith("\n") ? oldL.substring(0, oldL.length() - 1) : oldL).split("\n", -1);
        StringBuilder bare = new StringBuilder(oldL.length());
        long first = -1;
        for (int i = 0; i < lines.length; i++) {
            java.util.regex.Matcher m = NUMBERED.matcher(lines[i]);
            if (!m.lookingAt()) {
                return null;
            }
            long number = Long.parseLong(m.group(1));
            if (i == 0) {
                first = number;
            } else if (number != first + i) {
                return null;
            }
            bare.append(i == 0 ? "" : "\n").append(lines[i], m.end(), lines[i].length());
        }
        if (oldL.endsWith("\n")) {
            bare.append('\n');
        }
        if (bare.toString().isBlank()) {
            return null; // empty lines copied: without their numbers nothing is left to place
        }
        String where = linesHolding(logical, bare.toString());
        if (where == null || (lines.length == 1 && !startsOnLine(logical, bare.toString(), first))) {
            return null;
        }
        return "old_string was not found in the file: its lines start with the numbers read shows (\"" + first
                + ": \" on its first), which are not in the file; leave out each line's number, colon and space, in"
                + " new_string too (without them, old_string is at " + where + ")";
    }

    private static boolean startsOnLine(String hay, String needle, long line) {
        LineCounter counter = new LineCounter(hay);
        TextSearch places = new TextSearch(hay, needle, 0);
        for (int at = places.next(); at >= 0; at = places.next()) {
            int found = counter.lineOf(at);
            if (found >= line) {
                return found == line;
            }
        }
        return false;
    }

    /**
     * old_string ends with more line breaks than the file has after the same text, at its end: read does not show
     * whether the last line ends in one, so "copy exactly from a fresh read" cannot cure it.
     */
    private static String extraFinalBreaksDetail(String logical, String oldL) {
        int breaks = 0;
        while (breaks < oldL.length() && oldL.charAt(oldL.length() - 1 - breaks) == '\n') {
            breaks++;
        }
        int fileBreaks = 0;
        while (fileBreaks < logical.length() && logical.charAt(logical.length() - 1 - fileBreaks) == '\n') {
            fileBreaks++;
        }
        String text = oldL.substring(0, oldL.length() - breaks);
        if (breaks <= fileBreaks || text.isEmpty() || !logical.startsWith(text, logical.length() - fileBreaks - text.length())) {
            return null;
        }
        int lastLine = new LineCounter(logical).lineOf(logical.length() - fileBreaks - 1);
        if (fileBreaks == 0) {
            return "old_string was not found in the file: it ends with " + (breaks == 1 ? "a line break" : breaks
                    + " line breaks") + ", but the file's last line (line " + lastLine + ") has none; leave the final line"
                    + (breaks == 1 ? " break" : " breaks") + " out of old_string";
        }
        return "old_string was not found in the file: it ends with " + breaks + " line breaks, but the file ends with "
                + fileBreaks + " after line " + lastLine + "; leave the extra line breaks out of old_string";
    }

    /** The fewest characters other than whitespace that a match across line breaks must have to be worth naming. */
    private static final int MIN_REFLOWED_CHARS = 16;

    /**
     * The whitespace hint: where old_string matches once the spaces and tabs of each line are ignored (its lines as
     * the file's), said with the reason when it is tabs against spaces in the indentation; else, for a longer
     * old_string, where it matches with its line breaks ignored too (lines joined or split). Null when neither.
     */
    private static String whitespaceDetail(String logical, String oldL) {
        int at = squeezedMatch(logical, oldL, false);
        String why = "";
        if (at >= 0) {
            why = indentationDifference(logical, at, oldL);
        } else if (nonSpaceCount(oldL) >= MIN_REFLOWED_CHARS) {
            at = squeezedMatch(logical, oldL, true);
        }
        if (at < 0) {
            return null;
        }
        return "old_string was not found in the file, but it matches at line " + new LineCounter(logical).lineOf(at)
                + " if whitespace is ignored" + why
                + "; copy old_string exactly from a fresh read, including indentation and line breaks";
    }

    /**
     * The offset in {@code hay} where {@code needle} matches with whitespace removed from both (line breaks kept unless
     * {@code breaksToo}), or -1.
     */
    private static int squeezedMatch(String hay, String needle, boolean breaksToo) {
        String key = squeeze(needle, breaksToo, null);
        if (key.isEmpty() || key.chars().allMatch(c -> c == '\n')) {
            return -1;
        }
        int[] origin = new int[hay.length()];
        String squeezed = squeeze(hay, breaksToo, origin);
        // Whole words at both ends: "x = 1" is not in "max=10" (found in a review: such a hint named an unrelated line).
        int tries = 0;
        TextSearch places = new TextSearch(squeezed, key, 0);
        for (int at = places.next(); at >= 0 && tries < MAX_PLACES_TRIED; at = places.next(), tries++) {
            int first = origin[at];
            int last = origin[at + key.length() - 1];
            if (wholeWordsAt(hay, first, last, key) && (!needle.endsWith("\n") || endsALine(hay, last + 1))) {
                return first;
            }
        }
        return -1;
    }

    /**
     * Whether only white space is left of its line after {@code from}: an old_string that ends with a line break ends a
     * line (found by a review from the model's side: one that left out a line's trailing comment was told only its
     * whitespace differed).
     */
    private static boolean endsALine(String hay, int from) {
        for (int k = from; k < hay.length(); k++) {
            char c = hay.charAt(k);
            if (c == '\n') {
                return true;
            }
            if (!isSpace(c)) {
                return false;
            }
        }
        return true;
    }

    /** The most places a whitespace hint looks at before it gives up: it is only a hint. */
    private static final int MAX_PLACES_TRIED = 10_000;

    private static boolean wordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static String squeeze(String s, boolean breaksToo, int[] origin) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!isSpace(c) || (c == '\n' && !breaksToo)) {
                if (origin != null) {
                    origin[out.length()] = i;
                }
                out.append(c);
            }
        }
        return out.toString();
    }

    private static int nonSpaceCount(String s) {
        return (int) s.chars().filter(c -> !isSpace((char) c)).count();
    }

    /**
     * ": the file indents with tabs where old_string has spaces" (or the other way round) when the first line whose
     * indentation differs between old_string and the file's lines it matched (counting the first line only when
     * old_string starts it with whitespace) differs so; or, when the first difference is spaces or tabs at the end of a
     * line old_string holds to its end, which line and which way (found by a review from the model's side: a trailing
     * space was called a difference of "indentation and line breaks"); else "".
     */
    private static String indentationDifference(String hay, int at, String needle) {
        String[] ours = needle.split("\n", -1);
        int lineStart = hay.lastIndexOf('\n', at - 1) + 1;
        int end = lineStart;
        for (int i = 0; i < ours.length && end >= 0; i++) {
            end = hay.indexOf('\n', end + (i == 0 ? 0 : 1));
        }
        String[] theirs = hay.substring(lineStart, end < 0 ? hay.length() : end).split("\n", -1);
        // The first line only when old_string starts it with whitespace and the match starts the file's line.
        boolean firstFromItsStart = (ours[0].startsWith(" ") || ours[0].startsWith("\t"))
                && hay.substring(lineStart, at).isBlank();
        for (int i = 0; i < ours.length && i < theirs.length; i++) {
            boolean judged = i > 0 || firstFromItsStart;
            String file = judged ? indentation(theirs[i]) : "";
            String typed = judged ? indentation(ours[i]) : "";
            if (!file.equals(typed)) {
                if (file.indexOf('\t') >= 0 && typed.indexOf('\t') < 0 && !typed.isEmpty()) {
                    // new_string too: a Makefile given spaces there no longer works (found by a review from the
                    // model's side).
                    return ": the file indents with tabs where old_string has spaces (indent new_string with tabs too)";
                }
                if (typed.indexOf('\t') >= 0 && file.indexOf('\t') < 0 && !file.isEmpty()) {
                    return ": the file indents with spaces where old_string has tabs (indent new_string with spaces too)";
                }
                return "";
            }
            // The rest of the line: the file's from where old_string's line starts in it.
            if (i == ours.length - 1) {
                return ""; // old_string's last line need not reach its line's end
            }
            String fileRest = judged ? theirs[i].substring(file.length())
                    : theirs[0].substring(Math.min(theirs[0].length(), at - lineStart));
            String typedRest = ours[i].substring(typed.length());
            // A line old_string holds to its end: the spaces or tabs there count too, and are the first difference
            // only when all before them is the same (found by black-box testing: a double space inside the line).
            String fileText = withoutTrailing(fileRest);
            String typedText = withoutTrailing(typedRest);
            if (!fileText.equals(typedText)) {
                return "";
            }
            String fileEnd = fileRest.substring(fileText.length());
            String typedEnd = typedRest.substring(typedText.length());
            if (!fileEnd.equals(typedEnd)) {
                int line = new LineCounter(hay).lineOf(lineStart) + i;
                if (fileEnd.isEmpty()) {
                    return ": line " + (i + 1) + " of old_string ends with spaces or tabs, and the file's line " + line
                            + " does not";
                }
                return typedEnd.isEmpty()
                        ? ": the file's line " + line + " ends with spaces or tabs, which line " + (i + 1)
                                + " of old_string leaves out"
                        : ": line " + (i + 1) + " of old_string and the file's line " + line
                                + " end with different spaces or tabs";
            }
        }
        return "";
    }

    /** {@code line} without the spaces and tabs at its end. */
    private static String withoutTrailing(String line) {
        int end = line.length();
        while (end > 0 && (line.charAt(end - 1) == ' ' || line.charAt(end - 1) == '\t')) {
            end--;
        }
        return line.substring(0, end);
    }

    private static String indentation(String line) {
        int end = 0;
        while (end < line.length() && (line.charAt(end) == ' ' || line.charAt(end) == '\t')) {
            end++;
        }
        return line.substring(0, end);
    }

    /**
     * Whitespace for the hint: Java's, and the no-break spaces it leaves out (U+00A0, U+2007, U+202F), which a read
     * shows as spaces a model then types as plain ones.
     */
    private static boolean isSpace(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    /** Maps increasing char offsets to 1-based line numbers in one forward pass. */
    private static final class LineCounter {
        private final String text;
        private int scanned;
        private int line = 1;

        LineCounter(String text) {
            this.text = text;
        }

        int lineOf(int offset) {
            if (offset < scanned) {
                scanned = 0;
                line = 1;
            }
            for (; scanned < offset; scanned++) {
                if (text.charAt(scanned) == '\n') {
                    line++;
                }
            }
            return line;
        }
    }

    /** The body with {@code \r\n} read as {@code \n}, and where the CRLFs were. */
    private static final class Logical {
        final String logical;
        /** Sorted logical indexes of the {@code \n}s that are {@code \r\n} on disk. */
        final int[] crlf;
        /** The bare {@code \n}s; only counted when there are CRLFs, since without any the count decides nothing. */
        final int lfCount;
        /** The logical text's characters as bytes, one each, when it is ASCII and they are at hand; else null. */
        final byte[] ascii;

        private Logical(String logical, int[] crlf, int lfCount, byte[] ascii) {
            this.logical = logical;
            this.crlf = crlf;
            this.lfCount = lfCount;
            this.ascii = ascii;
        }

        /**
         * A text without CRLF: the dominant ending is LF whatever the count, so the text is not scanned for it.
         *
         * @param ascii the text's bytes when it is ASCII, or null
         */
        static Logical lfOnly(String body, byte[] ascii) {
            return new Logical(body, new int[0], 0, ascii);
        }

        static Logical of(String body) {
            if (body.indexOf("\r\n") < 0) {
                return lfOnly(body, null);
            }
            StringBuilder sb = new StringBuilder(body.length());
            int[] crlf = new int[16];
            int n = 0;
            int newlines = 0;
            for (int i = 0; i < body.length(); i++) {
                char c = body.charAt(i);
                if (c == '\r' && i + 1 < body.length() && body.charAt(i + 1) == '\n') {
                    if (n == crlf.length) {
                        crlf = Arrays.copyOf(crlf, n * 2);
                    }
                    crlf[n++] = sb.length();
                    continue;
                }
                if (c == '\n') {
                    newlines++;
                }
                sb.append(c);
            }
            return new Logical(sb.toString(), Arrays.copyOf(crlf, n), newlines - n, null);
        }

        /**
         * Where {@code needle} next occurs from {@code from}, or -1: in the text's bytes when they are at hand
         * ({@code bytes} being the needle's), else in the text.
         */
        int indexOf(String needle, byte[] bytes, int from) {
            return ascii != null ? ByteScan.indexOf(ascii, bytes, from, ascii.length) : logical.indexOf(needle, from);
        }

        /** Number of CRLF newlines at logical indexes below {@code x}. */
        private int crlfBefore(int x) {
            int lo = 0;
            int hi = crlf.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (crlf[mid] < x) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            return lo;
        }

        int toPhysical(int logicalIndex) {
            return logicalIndex + crlfBefore(logicalIndex);
        }

        String dominantEnding() {
            return crlf.length > lfCount ? "\r\n" : "\n";
        }

        /** The ending most used by the newlines inside {@code [from, to)}, or {@code fallback} if it has none. */
        String endingWithin(int from, int to, String fallback) {
            int crlfIn = crlfBefore(to) - crlfBefore(from);
            int all = 0;
            for (int i = logical.indexOf('\n', from); i >= 0 && i < to; i = logical.indexOf('\n', i + 1)) {
                all++;
            }
            int lfIn = all - crlfIn;
            if (all == 0 || crlfIn == lfIn) {
                return fallback;
            }
            return crlfIn > lfIn ? "\r\n" : "\n";
        }
    }
}
