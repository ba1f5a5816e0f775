package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * For random files (LF, CRLF, mixed, BOM, no final newline, non-ASCII) and random unique spans, an edit changes
 * exactly that span's bytes.
 */
class LiteralEditPropertyTest {

    /** A generated file: its bytes on disk, the text a read shows, and where each logical char starts on disk. */
    record Sample(String physical, String logical, int[] toPhysical) {
    }

    @Provide
    Arbitrary<Sample> files() {
        Arbitrary<String> text = Arbitraries.strings()
                .withChars("abcxyz ={}();\té€😀".toCharArray())
                .ofMaxLength(12)
                .filter(s -> !hasBrokenSurrogate(s));
        Arbitrary<String> ending = Arbitraries.of("\n", "\r\n");
        Arbitrary<List<String[]>> lines = Combinators.combine(text, ending).as((t, e) -> new String[] { t, e })
                .list().ofMinSize(1).ofMaxSize(12);
        return Combinators.combine(lines, Arbitraries.of(true, false), Arbitraries.of(true, false))
                .as(LiteralEditPropertyTest::build);
    }

    private static boolean hasBrokenSurrogate(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1))) {
                    return true;
                }
                i++;
            } else if (Character.isLowSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    private static Sample build(List<String[]> lines, boolean bom, boolean finalNewline) {
        StringBuilder phys = new StringBuilder(bom ? "\uFEFF" : "");
        StringBuilder logical = new StringBuilder();
        List<Integer> map = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String t = lines.get(i)[0];
            String e = i == lines.size() - 1 && !finalNewline ? "" : lines.get(i)[1];
            for (int k = 0; k < t.length(); k++) {
                map.add(phys.length());
                phys.append(t.charAt(k));
                logical.append(t.charAt(k));
            }
            if (!e.isEmpty()) {
                map.add(phys.length());
                phys.append(e);
                logical.append('\n');
            }
        }
        map.add(phys.length());
        return new Sample(phys.toString(), logical.toString(), map.stream().mapToInt(Integer::intValue).toArray());
    }

    private static boolean unique(String hay, String needle) {
        int first = hay.indexOf(needle);
        return first >= 0 && hay.indexOf(needle, first + 1) < 0;
    }

    private static boolean splitsSurrogate(String s, int at) {
        return at > 0 && at < s.length() && Character.isLowSurrogate(s.charAt(at));
    }

    @Property(tries = 500)
    void aUniqueSpanIsReplacedByteExactly(@ForAll("files") Sample f, @ForAll int seedA, @ForAll int seedB,
            @ForAll("replacements") String replacement) {
        Assume.that(!f.logical().isEmpty());
        int a = Math.floorMod(seedA, f.logical().length());
        int b = a + 1 + Math.floorMod(seedB, f.logical().length() - a);
        Assume.that(!splitsSurrogate(f.logical(), a) && !splitsSurrogate(f.logical(), b));
        String old = f.logical().substring(a, b);
        Assume.that(unique(f.logical(), old) && !old.equals(replacement));

        LiteralEdit.Result r = LiteralEdit.apply(f.physical(), new TextEdit(old, replacement, false));
        String after = r.physicalAfter();

        assertThat(r.changed()).isEqualTo(new ChangedSpan(a, b, a + replacement.length()));
        String expected = f.physical().substring(0, f.toPhysical()[a]) + replacement
                + f.physical().substring(f.toPhysical()[b]);
        assertThat(after.getBytes(StandardCharsets.UTF_8)).isEqualTo(expected.getBytes(StandardCharsets.UTF_8));
    }

    /** Lines that may hold stray CRs (a CR before a line's CRLF is CR CR LF on disk). */
    @Provide
    Arbitrary<Sample> filesWithCr() {
        Arbitrary<String> text = Arbitraries.strings().withChars("ab\r".toCharArray()).ofMaxLength(4);
        Arbitrary<String> ending = Arbitraries.of("\n", "\r\n");
        Arbitrary<List<String[]>> lines = Combinators.combine(text, ending).as((t, e) -> new String[] { t, e })
                .list().ofMinSize(1).ofMaxSize(6);
        return Combinators.combine(lines, Arbitraries.of(true, false), Arbitraries.of(true, false))
                .as(LiteralEditPropertyTest::build);
    }

    @Property(tries = 1000)
    void whatTheEditSaysTheFileNowReadsIsWhatAReadShows(@ForAll("filesWithCr") Sample f, @ForAll int seedA,
            @ForAll int seedB, @ForAll("crReplacements") String replacement) {
        // A text ending in CR before an LF ending is a CRLF ending on disk: the text a read shows is the file's.
        String logical = TextShape.logical(f.physical());
        Assume.that(!logical.isEmpty());
        int a = Math.floorMod(seedA, logical.length());
        int b = a + 1 + Math.floorMod(seedB, logical.length() - a);
        String old = logical.substring(a, b);
        LiteralEdit.Result r;
        try {
            r = LiteralEdit.apply(f.physical(), new TextEdit(old, replacement, false));
        } catch (EditMatchException e) {
            Assume.that(false); // ambiguous, or changing nothing
            return;
        }
        String shown = escaped(f.physical()) + " with " + escaped(old) + " -> " + escaped(replacement) + " gives "
                + escaped(r.physicalAfter());
        assertThat(r.before()).as(shown).isEqualTo(logical);
        assertThat(escaped(r.after())).as(shown).isEqualTo(escaped(TextShape.logical(r.physicalAfter())));
        assertThat(r.physicalAfter().startsWith("\uFEFF")).isEqualTo(f.physical().startsWith("\uFEFF"));
    }

    private static String escaped(String s) {
        return s.replace("\uFEFF", "<BOM>").replace("\r", "\\r").replace("\n", "\\n");
    }

    @Provide
    Arbitrary<String> crReplacements() {
        return Arbitraries.strings().withChars("Q\r\n".toCharArray()).ofMaxLength(4);
    }

    @Provide
    Arbitrary<String> replacements() {
        return Arbitraries.strings().withChars("QRS é_-".toCharArray()).ofMaxLength(8);
    }

    @Property(tries = 1000)
    void anEditGivenTheFilesBytesIsTheEditOfItsText(@ForAll("files") Sample f, @ForAll boolean noCr,
            @ForAll boolean ascii, @ForAll boolean fromTheText, @ForAll int seedA, @ForAll int seedB,
            @ForAll("replacements") String replacement, @ForAll boolean all) {
        // The bytes take other paths for a text without a CR, and for one that is ASCII too: each is compared with
        // the edit of the text alone, result or error.
        String physical = f.physical();
        if (noCr) {
            physical = physical.replace("\r", "");
        }
        if (ascii) {
            physical = physical.codePoints().filter(c -> c < 0x80)
                    .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
        }
        Assume.that(!physical.isEmpty());
        String old;
        if (fromTheText) {
            int a = Math.floorMod(seedA, physical.length());
            int b = a + 1 + Math.floorMod(seedB, physical.length() - a);
            Assume.that(!splitsSurrogate(physical, a) && !splitsSurrogate(physical, b));
            old = physical.substring(a, b);
        } else {
            old = List.of("a", "x\n", "\r\nx", "é", "()", "b\r", "zz", "\n\n").get(Math.floorMod(seedA, 8));
        }
        TextEdit edit = new TextEdit(old, replacement, all);
        assertThat(outcome(physical, physical.getBytes(StandardCharsets.UTF_8), edit))
                .isEqualTo(outcome(physical, null, edit));
    }

    private static Object outcome(String physical, byte[] utf8, TextEdit edit) {
        try {
            return LiteralEdit.apply(physical, utf8, edit, Long.MAX_VALUE);
        } catch (EditMatchException e) {
            return e.code() + ": " + e.getMessage();
        }
    }

    @Property(tries = 300)
    void newlinesInTheReplacementFollowTheFilesEndings(@ForAll("files") Sample f, @ForAll boolean crlf,
            @ForAll int seed) {
        // Rebuild the sample with one ending everywhere, then insert multi-line text.
        String physical = f.physical().replace("\r\n", "\n");
        if (crlf) {
            physical = physical.replace("\n", "\r\n");
        }
        String logical = f.logical();
        // A file without any line break has no ending to follow (LF is used).
        Assume.that(!logical.isEmpty() && physical.contains("\n"));
        int a = Math.floorMod(seed, logical.length());
        Assume.that(!splitsSurrogate(logical, a) && !splitsSurrogate(logical, a + 1));
        String old = logical.substring(a, a + 1);
        Assume.that(unique(logical, old) && !old.equals("\n"));

        String after = LiteralEdit.apply(physical, new TextEdit(old, "L1\nL2\n", false)).physicalAfter();

        if (crlf) {
            assertThat(after.replace("\r\n", "")).doesNotContain("\n");
        } else {
            assertThat(after).doesNotContain("\r");
        }
        assertThat(LiteralEdit.toLf(after).replace("\uFEFF", ""))
                .isEqualTo(logical.substring(0, a) + "L1\nL2\n" + logical.substring(a + 1));
    }

    @Property(tries = 300)
    void anEditAndItsReverseRestoreTheOriginalBytes(@ForAll("files") Sample f, @ForAll int seedA, @ForAll int seedB) {
        Assume.that(!f.logical().isEmpty());
        int a = Math.floorMod(seedA, f.logical().length());
        int b = a + 1 + Math.floorMod(seedB, f.logical().length() - a);
        Assume.that(!splitsSurrogate(f.logical(), a) && !splitsSurrogate(f.logical(), b));
        String old = f.logical().substring(a, b);
        Assume.that(unique(f.logical(), old) && !old.contains("\n"));
        String marker = "<<#>>";
        Assume.that(!f.logical().contains(marker));

        String once = LiteralEdit.apply(f.physical(), new TextEdit(old, marker, false)).physicalAfter();
        String back = LiteralEdit.apply(once, new TextEdit(marker, old, false)).physicalAfter();

        assertThat(back).isEqualTo(f.physical());
    }
}
