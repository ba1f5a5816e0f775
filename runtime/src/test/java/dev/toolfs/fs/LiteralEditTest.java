package dev.toolfs.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LiteralEditTest {

    /**
     * Found by black-box testing: every place of a replace_all was kept, some 25 bytes each, so that "a" for "b" in a
     * 2 MB file of them ran a 64 MiB heap out. What an edit allocates now grows with the file, not with its matches.
     */
    @Test
    void aReplaceAllOfMillionsOfPlacesTakesMemoryForTheTextsOnly() {
        // The new text built and made a string (a byte each, as Latin-1), a few times over: not 25 bytes a place.
        assertAllocatesAtMost(8, "a".repeat(2_000_000) + "\n", "b".repeat(2_000_000) + "\n");
        // In a file with CRLF endings, whose text is rebuilt beside its bytes on disk, too.
        assertAllocatesAtMost(12, "a\r\n".repeat(500_000), "b\r\n".repeat(500_000));
        // In a file of lines that end in a lone CR, where every replacement starts after one (found by black-box
        // testing: each of those places was kept).
        assertAllocatesAtMost(8, "a\r".repeat(1_000_000), "b\r".repeat(1_000_000));
    }

    /** Replaces every "a" of {@code file} with "b", allocating less than {@code times} its length in bytes. */
    private static void assertAllocatesAtMost(int times, String file, String expected) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory
                .getThreadMXBean();
        byte[] utf8 = file.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        long before = threads.getCurrentThreadAllocatedBytes();
        LiteralEdit.Result r = LiteralEdit.apply(file, utf8, new TextEdit("a", "b", true), Long.MAX_VALUE);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertThat(r.physicalAfter()).isEqualTo(expected);
        assertThat(r.replacements()).isEqualTo((int) file.chars().filter(c -> c == 'a').count());
        assertThat(allocated).isLessThan((long) times * file.length());
    }

    private static String edit(String file, String oldS, String newS) {
        return LiteralEdit.apply(file, new TextEdit(oldS, newS, false)).physicalAfter();
    }

    @Test
    void anEditThatWouldMakeTheFileTooLargeIsRefusedBeforeItIsBuilt() {
        assertThatThrownBy(() -> LiteralEdit.apply("aaaa\n", new TextEdit("a", "bbbb", true), 10))
                .isInstanceOfSatisfying(EditMatchException.class, e -> {
                    assertThat(e.code()).isEqualTo(FsErrorCode.FS_TOO_LARGE);
                    assertThat(e.detail()).isEqualTo("the edited file would be over the 10-byte limit for edit (4 replacements);"
                            + " replace fewer occurrences at a time, or use a shell tool");
                });
        assertThat(LiteralEdit.apply("aaaa\n", new TextEdit("a", "bb", true), 9).physicalAfter()).isEqualTo("bbbbbbbb\n");
        // One replacement cannot be made in smaller steps: the advice does not suggest it.
        assertThatThrownBy(() -> LiteralEdit.apply("ab\n", new TextEdit("b", "bbbbbbbbbb", false), 10))
                .isInstanceOfSatisfying(EditMatchException.class, e -> assertThat(e.detail()).isEqualTo(
                        "the edited file would be over the 10-byte limit for edit (1 replacement);"
                                + " make this change with a shell tool"));
        // Past what a Java string can hold: refused, not an overflowed array size.
        String big = "a".repeat(2_000_000);
        assertThatThrownBy(() -> LiteralEdit.apply(big, new TextEdit("a", "b".repeat(1100), true)))
                .isInstanceOfSatisfying(EditMatchException.class, e -> assertThat(e.code()).isEqualTo(FsErrorCode.FS_TOO_LARGE));
    }

    @Test
    void replacesAUniqueSpanAndNothingElse() {
        assertThat(edit("alpha\nbeta\ngamma\n", "beta", "BETA")).isEqualTo("alpha\nBETA\ngamma\n");
    }

    @Test
    void lfOldStringMatchesACrlfFileAndTheReplacementKeepsCrlf() {
        String file = "one\r\ntwo\r\nthree\r\n";
        assertThat(edit(file, "one\ntwo\n", "uno\ndos\n")).isEqualTo("uno\r\ndos\r\nthree\r\n");
        assertThat(edit(file, "two", "2\n2")).isEqualTo("one\r\n2\r\n2\r\nthree\r\n");
    }

    @Test
    void mixedEndingsKeepEachUntouchedLinesEnding() {
        String file = "a\r\nb\nc\r\nd\n";
        assertThat(edit(file, "b", "B")).isEqualTo("a\r\nB\nc\r\nd\n");
        assertThat(edit(file, "c\nd", "C\nD")).isEqualTo("a\r\nb\nC\r\nD\n");
    }

    @Test
    void bomIsKeptAndNotPartOfTheText() {
        String file = "\uFEFFhello\n";
        LiteralEdit.Result r = LiteralEdit.apply(file, new TextEdit("hello", "bye", false));
        assertThat(r.physicalAfter()).isEqualTo("\uFEFFbye\n");
        assertThat(r.before()).isEqualTo("hello\n");
        assertThat(r.after()).isEqualTo("bye\n");
    }

    @Test
    void noFinalNewlineStaysWithout() {
        assertThat(edit("x\ny", "y", "z")).isEqualTo("x\nz");
    }

    @Test
    void replaceAllReplacesEveryOccurrence() {
        LiteralEdit.Result r = LiteralEdit.apply("a b a b a", new TextEdit("a", "x", true));
        assertThat(r.physicalAfter()).isEqualTo("x b x b x");
        assertThat(r.replacements()).isEqualTo(3);
        // From the first replaced "a" to the end of the last one, in both texts.
        assertThat(r.changed()).isEqualTo(new ChangedSpan(0, 9, 9));
        LiteralEdit.Result longer = LiteralEdit.apply("a b a\r\nc", new TextEdit("a", "xy", true));
        assertThat(longer.before()).isEqualTo("a b a\nc");
        assertThat(longer.changed()).isEqualTo(new ChangedSpan(0, 5, 7));
    }

    @Test
    void ambiguousMatchNamesTheLines() {
        assertThatThrownBy(() -> edit("x = 1\ny = 2\nx = 1\n", "x = 1", "x = 3"))
                .isInstanceOf(EditMatchException.class)
                .hasMessage("old_string matches 2 times (at lines 1, 3); include more surrounding lines in old_string "
                        + "to make it unique, or set replace_all to true to replace every occurrence")
                .extracting(e -> ((EditMatchException) e).code()).isEqualTo(FsErrorCode.FS_AMBIGUOUS_MATCH);
    }

    /**
     * Two places that overlap are two places the model may have meant (found by black-box testing: "x\nx\n" in
     * "x\nx\nx\n" silently took lines 1-2); replace_all, which would take only the first, is not offered.
     */
    @Test
    void overlappingMatchesAreAmbiguous() {
        assertThatThrownBy(() -> edit("x\nx\nx\n", "x\nx\n", "y\n"))
                .hasMessage("old_string matches 2 times (at lines 1, 2), some of them overlapping; include more"
                        + " surrounding lines in old_string to make it unique")
                .extracting(e -> ((EditMatchException) e).code()).isEqualTo(FsErrorCode.FS_AMBIGUOUS_MATCH);
        assertThatThrownBy(() -> edit("aaa\n", "aa", "b"))
                .hasMessage("old_string matches 2 times (at line 1 (2 times)), some of them overlapping; include more"
                        + " surrounding lines in old_string to make it unique");
        // replace_all replaces them one after the other, without overlaps, as documented.
        assertThat(LiteralEdit.apply("x\nx\nx\n", new TextEdit("x\nx\n", "y\n", true)).physicalAfter()).isEqualTo("y\nx\n");
        // Not overlapping: the usual advice.
        assertThatThrownBy(() -> edit("aa-aa\n", "aa", "b")).hasMessageEndingWith("or set replace_all to true to replace"
                + " every occurrence");
    }

    @Test
    void aLineWithSeveralMatchesIsNamedOnceWithItsCount() {
        assertThatThrownBy(() -> edit("aaa\nb\na\n", "a", "c"))
                .hasMessageStartingWith("old_string matches 4 times (at lines 1 (3 times), 3); include more");
        assertThatThrownBy(() -> edit("x, x\n", "x", "y")).hasMessageStartingWith("old_string matches 2 times (at line 1 (2 times));");
        // Beyond the ten listed, the last line's count is a lower bound.
        assertThatThrownBy(() -> edit("a".repeat(12) + "\n", "a", "b"))
                .hasMessageStartingWith("old_string matches more than 10 times (at line 1 (more than 10 times), …);");
        assertThatThrownBy(() -> edit("a".repeat(10) + "\na\n", "a", "b"))
                .hasMessageStartingWith("old_string matches more than 10 times (at line 1 (10 times), …);");
    }

    @Test
    void oldStringCopiedWithTheCutMarkerOfALongLineSaysWhy() {
        String line = "z".repeat(30);
        assertThatThrownBy(() -> edit(line + "\n", "z".repeat(20) + "... (line truncated to 20 chars)", "y"))
                .hasMessage("old_string contains \"... (line truncated to 20 chars)\", which read adds where it cut a long"
                        + " line; that text is not in the file. Use only text read showed before the marker (past the first"
                        + " 20 characters of the line, only text you know is there matches), or change the line with a shell tool");
        // A file that holds such a text itself gets the plain answer.
        assertThatThrownBy(() -> edit("say ... (line truncated to 20 chars)\n", "... (line truncated to 20 chars)!", "y"))
                .hasMessageStartingWith("old_string was not found in the file");
    }

    /**
     * Found by black-box testing: an old_string copied from a read of a line longer than read shows, and going on past
     * it, was told to copy that line "to the end of the file's line", which no read shows.
     */
    @Test
    void oldStringGoingOnPastTheCutOfALongLineSaysWhatCanBeDone() {
        String longLine = "a".repeat(15) + "Q".repeat(10); // 25 characters, of which read shows 20
        String file = "head\n" + longLine + "\nnext\n";
        String shown = longLine.substring(0, 20);
        String expected = "old_string was not found in the file: line %d of old_string ends where read cut line 2 of the"
                + " file, but that line goes on past the 20 characters read shows (it has 25), and no read shows more of"
                + " it. Split the change: one edit whose old_string ends within the part read showed (an old_string may"
                + " end inside a line), and another whose old_string starts with the line break that ends line 2; to"
                + " change the hidden part of the line, use a shell tool";
        for (String[] c : new String[][] { { shown + "\nnext", "1" }, { "head\n" + shown + "\n", "2" },
                { shown + "\n", "1" }, { "head\n" + shown + "\nnext\n", "2" } }) {
            assertThatThrownBy(() -> LiteralEdit.apply(file, new TextEdit(c[0], "x", false, 20)))
                    .as(c[0]).hasMessage(String.format(expected, Integer.parseInt(c[1])));
        }
        // Ending within what read showed, it matches.
        assertThat(LiteralEdit.apply(file, new TextEdit("head\n" + shown, "x", false, 20)).physicalAfter())
                .isEqualTo("xQQQQQ\nnext\n");
        // A line that read shows whole, which goes on: not cut, the usual hint.
        assertThatThrownBy(() -> LiteralEdit.apply("abcdef\nnext\n", new TextEdit("abc\nnext", "x", false, 20)))
                .hasMessageNotContaining("read cut");
        // A long line the copy stops short of the cut in, by one character, or goes past it in: the usual hint too.
        assertThatThrownBy(() -> LiteralEdit.apply(file, new TextEdit("aaaaa\nnext", "x", false, 20)))
                .hasMessageNotContaining("read cut");
        assertThatThrownBy(() -> LiteralEdit.apply(file, new TextEdit(shown.substring(0, 19) + "\nnext", "x", false, 20)))
                .hasMessageNotContaining("read cut");
        assertThatThrownBy(() -> LiteralEdit.apply(file, new TextEdit(longLine.substring(0, 21) + "\nnext", "x", false, 20)))
                .hasMessageNotContaining("read cut");
        // Where the cut would split a surrogate pair, read cuts a character earlier: so does the hint.
        String emoji = "a".repeat(19) + "\uD83D\uDE00" + "b".repeat(5);
        assertThatThrownBy(() -> LiteralEdit.apply(emoji + "\nnext\n", new TextEdit("a".repeat(19) + "\nnext", "x", false, 20)))
                .hasMessageContaining("line 1 of old_string ends where read cut line 1 of the file");
    }

    @Test
    void manyMatchesAreListedUpToTen() {
        String file = "a\n".repeat(12);
        assertThatThrownBy(() -> edit(file, "a", "b"))
                .hasMessageStartingWith("old_string matches more than 10 times (at lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …)");
    }

    @Test
    void noMatchPointsAtTheLineThatMatchesIgnoringWhitespace() {
        String file = "class A {\n    void run() {\n        go();\n    }\n}\n";
        assertThatThrownBy(() -> edit(file, "void run() {\n  go();", "void run() {\n  stop();"))
                .hasMessage("old_string was not found in the file, but it matches at line 2 if whitespace is ignored; "
                        + "copy old_string exactly from a fresh read, including indentation and line breaks")
                .extracting(e -> ((EditMatchException) e).code()).isEqualTo(FsErrorCode.FS_NO_MATCH);
    }

    @Test
    void noMatchPointsAtTheFirstLineWhenALaterLineDiffers() {
        String file = "first\nsecond\nthird\n";
        assertThatThrownBy(() -> edit(file, "second\nTHIRD", "x"))
                .hasMessage("old_string was not found in the file; its first line appears at line 2, so a later line "
                        + "of old_string differs; read the file there and copy old_string exactly");
    }

    /** Found by a review from the model's side: copy mistakes that "copy old_string exactly" does not cure. */
    @Test
    void copyMistakesAModelDoesNotSeeAreNamed() {
        String file = "# Calc\nmsg = \"don't stop\"\ndef average(items):\n    if not items:\n        return 0\n";
        assertThatThrownBy(() -> edit(file, "\uFEFF# Calc\nmsg", "x"))
                .hasMessage("old_string was not found in the file: it starts with a byte-order mark (U+FEFF), which is not"
                        + " part of the text a read shows; leave it out, in new_string too (without it, old_string is at"
                        + " line 1)");
        assertThatThrownBy(() -> edit(file, "3: def average(items):\n    if not items:", "x"))
                .hasMessage("old_string was not found in the file: its first line starts with \"3: \", the number read"
                        + " shows, which is not in the file; leave it out, in new_string too (without it, old_string is at"
                        + " line 3)");
        assertThatThrownBy(() -> edit(file, "msg = \"don\u2019t stop\"", "x"))
                .hasMessage("old_string was not found in the file, but it matches at line 2 if typographic quotes (\u2018"
                        + " \u2019 \u201C \u201D) are taken for plain ones (' \"): copy the quotes exactly as the file has them,"
                        + " and write the file's kind of quotes in new_string too");
        assertThatThrownBy(() -> edit("say(\u201Chi\u201D)\n", "say(\"hi\")", "x"))
                .hasMessageContaining("matches at line 1 if typographic quotes");
        // Each place the text would match is named, as for an old_string found several times.
        assertThatThrownBy(() -> edit("a = \u2018x\u2019\nb = 1\na = \u2018x\u2019\n", "a = 'x'", "y"))
                .hasMessageContaining("matches at lines 1, 3 if typographic quotes");
        // A number that is not the line's: no such hint.
        assertThatThrownBy(() -> edit(file, "7: def average(items):\n    if not items:", "x"))
                .hasMessageNotContaining("the number read shows");
    }

    /** Found by a review from the model's side: the same edit again was sent to rebuild an old_string that is gone. */
    @Test
    void theSameEditAgainIsToldTheChangeMayBeMadeAlready() {
        String once = "{\n  \"port\": 9090,\n  \"host\": \"x\"\n}\n";
        assertThatThrownBy(() -> edit(once, "\"port\": 8080", "\"port\": 9090"))
                .hasMessage("old_string was not found in the file, but new_string is there, at line 2: if that is the place"
                        + " you meant, the change may have been made already (by an earlier call); read the file there to"
                        + " check before changing anything");
        // Found by a second review: old_string nearly there (its text inside a longer line) says that, not that
        // another place's new_string means the change was made.
        assertThatThrownBy(() -> edit("class Cache:\n    def __init__(self):\n        self.items = []\nclass Queue:\n"
                + "    def __init__(self):\n        self.items = None  # TODO\n", "        self.items = None\n",
                "        self.items = []\n"))
                .hasMessageStartingWith("old_string was not found in the file; its text without the final line break"
                        + " appears at line 6, but not at the end of a line");
        // A multi-line change whose first line stays: not "a later line differs".
        assertThatThrownBy(() -> edit("def f():\n    return 2\n", "def f():\n    return 1", "def f():\n    return 2"))
                .hasMessageContaining("new_string is there, at line 1: if that is the place you meant, the change may"
                        + " have been made already");
        // Inside a longer word or number it is no sign (found by black-box testing).
        assertThatThrownBy(() -> edit("MAX_RETRIES = 100\n", "MAX_RETRIES = 5", "MAX_RETRIES = 10"))
                .hasMessageNotContaining("made already");
        assertThatThrownBy(() -> edit("x = 1\nMAX_RETRIES = 10\n", "MAX_RETRIES = 5", "MAX_RETRIES = 10"))
                .hasMessageContaining("new_string is there, at line 2:");
        // A deletion's new_string is part of its old_string, there before the change as after (found in a review).
        assertThatThrownBy(() -> edit("import os\nimport sys\n", "import oss\nimport sys\n", "import sys\n"))
                .hasMessageNotContaining("made already");
        // A new_string short, or common, enough to be there by chance says nothing of the sort.
        assertThatThrownBy(() -> edit("a = 2\nb = 2\n", "c = 1", "2"))
                .hasMessage("old_string was not found in the file; read the file and copy old_string exactly from it,"
                        + " including whitespace");
        assertThatThrownBy(() -> edit("return x;\n".repeat(5), "return y;", "return x;"))
                .hasMessage("old_string was not found in the file; read the file and copy old_string exactly from it,"
                        + " including whitespace");
    }

    /** Found by black-box testing: one line with its break was told that "a later line" differed. */
    @Test
    void oneLineWithItsBreakFoundOnlyInsideALineIsToldSo() {
        assertThatThrownBy(() -> edit("hello world\nhello there\n", "hello\n", "x"))
                .hasMessage("old_string was not found in the file; its text without the final line break appears at"
                        + " lines 1, 2, but not at the end of a line; read the file there and copy old_string exactly,"
                        + " or leave out the line break");
    }

    /**
     * Found by black-box testing: a first line cut short ("def foo(" of "def foo(x):") was said to be right, and a later
     * line, right in fact, to differ. Followed by more lines, the first line counts only where a line ends.
     */
    @Test
    void aFirstLineFoundOnlyInsideALineIsTheOneThatDiffers() {
        String file = "def foo(x):\n    return x\n";
        assertThatThrownBy(() -> edit(file, "def foo(\n    return x", "y"))
                .hasMessage("old_string was not found in the file; its first line appears at line 1, but not at the end"
                        + " of a line, where old_string goes on to its next line; read the file there and copy that line"
                        + " of old_string exactly, to the end of the file's line");
        assertThatThrownBy(() -> edit(file, "\ndef foo(\n    return x", "y"))
                .hasMessageStartingWith("old_string was not found in the file; its first line that is not blank appears"
                        + " at line 1, but not at the end of a line");
        // Where it ends a line it is named there, and not inside another line.
        assertThatThrownBy(() -> edit("x = foo(a)\nfoo(\n  b)\n", "foo(\n  c)", "y"))
                .hasMessage("old_string was not found in the file; its first line appears at line 2, so a later line"
                        + " of old_string differs; read the file there and copy old_string exactly");
        // The end of a file without a final line break ends its last line.
        assertThatThrownBy(() -> edit("a\nfoo(", "foo(\n  c)", "y"))
                .hasMessage("old_string was not found in the file; its first line appears at line 2, so a later line"
                        + " of old_string differs; read the file there and copy old_string exactly");
    }

    /** Found by black-box testing: the hint named only the first of the places, and "first line" meant a blank one. */
    @Test
    void theFirstLineHintNamesEveryPlaceAndSaysWhenBlankLinesWereSkipped() {
        String file = "x\ndef f():\nreturn 1\ndef f():\nreturn 3\n";
        assertThatThrownBy(() -> edit(file, "def f():\nreturn 2", "y"))
                .hasMessage("old_string was not found in the file; its first line appears at lines 2, 4, so a later line"
                        + " of old_string differs; read the file there and copy old_string exactly");
        assertThatThrownBy(() -> edit(file, "\n\ndef f():\nreturn 2", "y"))
                .hasMessage("old_string was not found in the file; its first line that is not blank appears at lines 2, 4,"
                        + " so a later line of old_string differs; read the file there and copy old_string exactly");
        assertThatThrownBy(() -> edit("ab ab\nab\n".repeat(6), "ab\nzz", "y"))
                .hasMessageContaining("appears at lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …, so a later line");
    }

    /**
     * Text that reads the same but is other code points (found by black-box testing: an NFC old_string against an
     * NFD file got the plain "not found").
     */
    @Test
    void noMatchPointsAtTheLineThatMatchesOnceNormalized() {
        String nfdFile = "one\ncafe\u0301 cre\u0300me\n";
        String expected = "old_string was not found in the file, but it matches at line 2 if Unicode normalization is"
                + " ignored: some characters look the same but are other code points (an accent written as a separate"
                + " mark, say); copy old_string exactly from a fresh read, or choose one that leaves those characters out";
        assertThatThrownBy(() -> edit(nfdFile, "caf\u00e9 cr\u00e8me", "tea")).hasMessage(expected);
        // The other way round, and a look-alike sign: the Greek question mark for a semicolon.
        assertThatThrownBy(() -> edit("one\ncaf\u00e9\n", "cafe\u0301", "tea")).hasMessage(expected);
        assertThatThrownBy(() -> edit("a\nx = 1\u037e\n", "x = 1;", "x = 2;")).hasMessage(expected);
        // Both in the same form: the plain detail.
        assertThatThrownBy(() -> edit("caf\u00e9\n", "th\u00e9", "tea")).hasMessageStartingWith(
                "old_string was not found in the file; read the file");
    }

    @Test
    void noMatchAtAll() {
        assertThatThrownBy(() -> edit("abc\n", "zzz", "y"))
                .hasMessage("old_string was not found in the file; read the file and copy old_string exactly from it, including whitespace");
    }

    @Test
    void editThatOnlyChangesLineEndingsIsRefused() {
        assertThatThrownBy(() -> edit("a\r\nb\r\n", "a\r\nb", "a\nb"))
                .hasMessageStartingWith("old_string and new_string differ only in line endings");
    }

    @Test
    void crlfSpanBoundariesNeverSplitAPair() {
        // old_string ending in \n consumes the whole \r\n; starting at \n starts at the \r.
        assertThat(edit("a\r\nb\r\n", "a\n", "")).isEqualTo("b\r\n");
        assertThat(edit("a\r\nb\r\n", "\nb", "")).isEqualTo("a\r\n");
    }

    @Test
    void aLineEndingInAStrayCrIsMatchedAsAReadShowsIt() {
        // CR CR LF: a read shows line 1 as "a\r"; copied with line 2, old_string is "a\r\nb".
        String file = "a\r\r\nb\r\nc\r\n";
        LiteralEdit.Result r = LiteralEdit.apply(file, new TextEdit("a\r\nb", "a\r\nX", false));
        assertThat(r.physicalAfter()).isEqualTo("a\r\r\nX\r\nc\r\n");
        assertThat(r.after()).isEqualTo("a\r\nX\nc\n");
        // Dropping the stray CR, which differs from old_string only in what would otherwise be a line ending.
        assertThat(edit(file, "a\r\nb", "a\nb")).isEqualTo("a\r\nb\r\nc\r\n");
        // Where "\r\n" matches as a line break, it is one.
        assertThat(edit("a\r\nb\r\n", "a\r\nb", "a\r\nY")).isEqualTo("a\r\nY\r\n");
    }

    @Test
    void aCrAndAnLfThatMeetAtTheEditAreTheLineEndingAReadShows() {
        LiteralEdit.Result cr = LiteralEdit.apply("ab\ncd\n", new TextEdit("b", "b\r", false));
        assertThat(cr.physicalAfter()).isEqualTo("ab\r\ncd\n");
        assertThat(cr.after()).isEqualTo("ab\ncd\n");
        assertThat(cr.changed()).isNull();
        assertThat(LiteralEdit.apply("a\rb\n", new TextEdit("b", "\nb", false)).after()).isEqualTo("a\nb\n");
        LiteralEdit.Result joined = LiteralEdit.apply("\uFEFFa\rX\nb", new TextEdit("X", "", false));
        assertThat(joined.physicalAfter()).isEqualTo("\uFEFFa\r\nb");
        assertThat(joined.after()).isEqualTo("a\nb");
    }

    @Test
    void aLastListedLineWithOneListedOccurrenceAndMoreSaysMoreThanOnce() {
        assertThatThrownBy(() -> LiteralEdit.apply("x\n".repeat(9) + "x x\n", new TextEdit("x", "y", false)))
                .isInstanceOf(EditMatchException.class)
                .hasMessageContaining("old_string matches more than 10 times (at lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 (more than once), …)");
    }

    @Test
    void aStrayCrLineIsNotTakenForAnotherPlaceNorLosesItsCr() {
        // Found in a review: both readings of "\r\n" matched, and the first one was edited silently.
        assertThatThrownBy(() -> LiteralEdit.apply("x\r\ny\r\nx\r\r\ny\r\n", new TextEdit("x\r\ny", "Z", false)))
                .isInstanceOf(EditMatchException.class)
                .hasMessageStartingWith("old_string matches 2 times (at lines 1, 3)");
        // Found in a later review: with replace_all the two readings are refused too, and the detail advised setting
        // replace_all to true. It now says what makes the match ambiguous, whatever replace_all is.
        for (boolean all : new boolean[] { false, true }) {
            assertThatThrownBy(() -> LiteralEdit.apply("a\r\r\nb\na\nb\n", new TextEdit("a\r\nb", "X", all)))
                    .isInstanceOfSatisfying(EditMatchException.class, e -> {
                        assertThat(e.code()).isEqualTo(FsErrorCode.FS_AMBIGUOUS_MATCH);
                        assertThat(e.detail()).isEqualTo("old_string matches 2 times (at lines 1, 3), some with its \\r\\n"
                                + " as a line break and some with it as a CR that ends a line (the file has lines that end in"
                                + " a stray CR); include more surrounding lines in old_string so that it matches one way only");
                    });
        }
        // A line re-typed with its stray CR keeps it, in a span whose own ending is LF.
        assertThat(edit("a\r\r\nb\nc\n", "a\r\nb\nc", "a\r\nb\nX")).isEqualTo("a\r\r\nb\nX\n");
    }

    @Test
    void theWhitespaceHintCountsNoBreakSpacesAsWhitespace() {
        // Found in a review: a read shows U+00A0 as a space, the model types a plain one, and got the plain detail.
        for (String space : new String[] { "\u00a0", "\u2007", "\u202f" }) {
            assertThatThrownBy(() -> edit("first\nlet" + space + "x = 1;\n", "let x = 1;", "let y = 1;"))
                    .as(space).hasMessage("old_string was not found in the file, but it matches at line 2 if whitespace is"
                            + " ignored; copy old_string exactly from a fresh read, including indentation and line breaks");
        }
    }

    /** Found by black-box testing: old_string pasted with read's line numbers got "copy old_string exactly". */
    @Test
    void oldStringWithReadsLineNumbersSaysToLeaveThemOut() {
        String file = "a\nb\nc\n";
        String detail = "old_string was not found in the file: its lines start with the numbers read shows (\"2: \" on its"
                + " first), which are not in the file; leave out each line's number, colon and space, in new_string too"
                + " (without them, old_string is at line 2)";
        assertThatThrownBy(() -> edit(file, "2: b\n3: c", "x")).hasMessage(detail);
        assertThatThrownBy(() -> edit(file, "2: b\n3: c\n", "x")).hasMessage(detail);
        assertThatThrownBy(() -> edit(file, "2: b", "x")).hasMessage(detail);
        // An empty line copied without read's trailing space.
        assertThatThrownBy(() -> edit("a\n\nb\n", "2:\n3: b", "x")).hasMessageContaining("(\"2: \" on its first)");
        // Numbers that do not follow each other, or one line whose text is elsewhere: text of the file's own, maybe.
        assertThatThrownBy(() -> edit(file, "2: b\n4: c", "x")).hasMessageNotContaining("numbers read shows");
        assertThatThrownBy(() -> edit("not found\nx\n", "404: not found", "x")).hasMessageNotContaining("numbers read shows");
        // Without them it is not in the file either: another detail.
        assertThatThrownBy(() -> edit(file, "2: z", "x")).hasMessageNotContaining("numbers read shows");
        // Empty lines copied: nothing left to place.
        assertThatThrownBy(() -> edit("a\n\n\n\nb\n", "2: \n3:", "x")).hasMessageNotContaining("numbers read shows");
    }

    /** Found by black-box testing: read does not show whether the last line ends in a break, so a fresh read cannot help. */
    @Test
    void oldStringEndingInMoreLineBreaksThanTheFileSaysSo() {
        assertThatThrownBy(() -> edit("first\nlast", "last\n", "x"))
                .hasMessage("old_string was not found in the file: it ends with a line break, but the file's last line"
                        + " (line 2) has none; leave the final line break out of old_string");
        assertThatThrownBy(() -> edit("class A {\n    void f() {\n    }\n}\n", "    }\n}\n\n", "x"))
                .hasMessage("old_string was not found in the file: it ends with 2 line breaks, but the file ends with 1"
                        + " after line 4; leave the extra line breaks out of old_string");
        assertThatThrownBy(() -> edit("a\r\nlast\r\n", "last\r\n\r\n", "x"))
                .hasMessageContaining("it ends with 2 line breaks, but the file ends with 1 after line 2");
        assertThatThrownBy(() -> edit("first\nlast", "last\n\n", "x"))
                .hasMessage("old_string was not found in the file: it ends with 2 line breaks, but the file's last line"
                        + " (line 2) has none; leave the final line breaks out of old_string");
        // The same text earlier in the file, not at its end: not this detail.
        assertThatThrownBy(() -> edit("last\nmore", "last\n\n", "x")).hasMessageNotContaining("line breaks");
    }

    /**
     * Found by black-box testing: with every whitespace and line break removed, a short old_string ("}\n}") matched a
     * "}}" in a comment far from the place meant, and the hint sent the model there.
     */
    @Test
    void theWhitespaceHintKeepsLinesAndMatchesAcrossThemOnlyForALongerOldString() {
        String file = "/** {1}} */\nclass A {\n}\n";
        assertThatThrownBy(() -> edit(file, "}\n    }", "x")).hasMessageNotContaining("if whitespace is ignored");
        // Lines joined: long enough to name.
        assertThatThrownBy(() -> edit("x\ncall(alpha, beta,\n     gamma, delta);\n", "call(alpha, beta, gamma, delta);", "y"))
                .hasMessage("old_string was not found in the file, but it matches at line 2 if whitespace is ignored;"
                        + " copy old_string exactly from a fresh read, including indentation and line breaks");
    }

    /** Found by a review from the model's side: a line's trailing comment left out is no whitespace difference. */
    @Test
    void anOldStringEndingWithALineBreakIsNotSaidToDifferOnlyInWhitespaceWhenItsLineGoesOn() {
        String file = "class Cache:\n    def __init__(self):\n        self.items = []\nclass Queue:\n"
                + "    def __init__(self):\n        self.items = None  # TODO\n";
        assertThatThrownBy(() -> edit(file, "class Queue:\n    def __init__(self):\n        self.items = None\n", "x"))
                .hasMessageNotContaining("whitespace is ignored")
                .hasMessageStartingWith("old_string was not found in the file; its first line appears at line 4, so a"
                        + " later line of old_string differs");
        // Where only whitespace differs, and the line ends there, the hint stays.
        assertThatThrownBy(() -> edit(file.replace("  # TODO", ""), "class Queue:\n  def __init__(self):\n    self.items = None\n", "x"))
                .hasMessageContaining("matches at line 4 if whitespace is ignored");
    }

    @Test
    void theWhitespaceHintSaysWhenTabsAndSpacesDiffer() {
        String tabs = "all:\n\tgcc -o app main.c\n\trm -f a.o\n";
        assertThatThrownBy(() -> edit(tabs, "all:\n    gcc -o app main.c", "x"))
                .hasMessage("old_string was not found in the file, but it matches at line 1 if whitespace is ignored: the"
                        + " file indents with tabs where old_string has spaces (indent new_string with tabs too); copy"
                        + " old_string exactly from a fresh read,"
                        + " including indentation and line breaks");
        assertThatThrownBy(() -> edit(tabs, "    gcc -o app main.c\n    rm -f a.o", "x"))
                .hasMessageContaining("at line 2 if whitespace is ignored: the file indents with tabs where old_string has spaces"
                        + " (indent new_string with tabs too);");
        assertThatThrownBy(() -> edit("if x:\n    y()\n", "if x:\n\ty()", "x"))
                .hasMessageContaining("at line 1 if whitespace is ignored: the file indents with spaces where old_string has tabs"
                        + " (indent new_string with spaces too);");
        // Only the amount of indentation differs: no reason given.
        assertThatThrownBy(() -> edit("if x:\n    y()\n", "if x:\n  y()", "x"))
                .hasMessageContaining("at line 1 if whitespace is ignored; copy");
        // Found in a review: a match from the middle of a line does not judge that line's indentation.
        assertThatThrownBy(() -> edit("\tif (a == b) {\n\t\treturn  1;\n\t}\n", " == b) {\n\t\treturn 1;", "x"))
                .hasMessageContaining("at line 1 if whitespace is ignored; copy");
    }

    /** Found by a review from the model's side: a trailing space was called a difference of indentation. */
    @Test
    void theWhitespaceHintSaysWhichLineEndsInSpaces() {
        String readme = "# App\nRun `mvn package`.\nThen run it.\n";
        assertThatThrownBy(() -> edit(readme, "Run `mvn package`. \nThen run it.", "x"))
                .hasMessage("old_string was not found in the file, but it matches at line 2 if whitespace is ignored:"
                        + " line 1 of old_string ends with spaces or tabs, and the file's line 2 does not; copy old_string"
                        + " exactly from a fresh read, including indentation and line breaks");
        assertThatThrownBy(() -> edit("a = 1  \nb = 2\n", "a = 1\nb = 2", "x"))
                .hasMessageContaining("at line 1 if whitespace is ignored: the file's line 1 ends with spaces or tabs,"
                        + " which line 1 of old_string leaves out;");
        // Found by black-box testing: only when all before them on the line is the same, and both ways of differing.
        assertThatThrownBy(() -> edit("a  b\nbeta  \ngamma\n", "a b\nbeta\ngamma", "x"))
                .hasMessageContaining("at line 1 if whitespace is ignored; copy");
        assertThatThrownBy(() -> edit("alpha \nbeta  \ngamma\n", "alpha  \nbeta\ngamma", "x"))
                .hasMessageContaining("at line 1 if whitespace is ignored: line 1 of old_string and the file's line 1 end"
                        + " with different spaces or tabs;");
        assertThatThrownBy(() -> edit("x\ntotal: sum = 0 \nreturn sum\n", "sum = 0\nreturn sum", "y"))
                .hasMessageContaining("at line 2 if whitespace is ignored: the file's line 2 ends with spaces or tabs,"
                        + " which line 1 of old_string leaves out;");
        // The last line of old_string need not reach its line's end: spaces the file has after it are no difference.
        assertThatThrownBy(() -> edit("a = 1\nb = 2  \n", "a =  1\nb = 2", "x"))
                .hasMessageContaining("at line 1 if whitespace is ignored; copy");
    }

    /** Found in a review: "x = 1" was placed on a "max=10". */
    @Test
    void theWhitespaceHintMatchesWholeWordsAtBothEnds() {
        assertThatThrownBy(() -> edit("a\nmax=10\n", "x = 1", "y")).hasMessageNotContaining("if whitespace is ignored");
        assertThatThrownBy(() -> edit("a\nmax=10\nx=1;\n", "x = 1", "y")).hasMessageContaining("at line 3 if whitespace is ignored");
        // Punctuation at an end needs no word boundary.
        assertThatThrownBy(() -> edit("a\ncall(x,y);\n", "(x, y)", "y")).hasMessageContaining("at line 2 if whitespace is ignored");
    }

    /** Found by black-box testing: the new mark was shown as text, which the next read hid. */
    @Test
    void aUFeffTheEditLeavesFirstInAFileWithoutAMarkIsAMarkFromThenOn() {
        LiteralEdit.Result removed = LiteralEdit.apply("x\uFEFFabc\n", new TextEdit("x", "", false));
        assertThat(removed.physicalAfter()).isEqualTo("\uFEFFabc\n");
        assertThat(removed.after()).isEqualTo("abc\n");
        assertThat(removed.changed()).as("the card finds the change itself and notes the mark").isNull();
        LiteralEdit.Result put = LiteralEdit.apply("abc\n", new TextEdit("abc", "\uFEFFabc", false));
        assertThat(put.physicalAfter()).isEqualTo("\uFEFFabc\n");
        assertThat(put.after()).isEqualTo("abc\n");
        // Within a file, or after a mark it had, U+FEFF stays text.
        assertThat(LiteralEdit.apply("\uFEFFx\uFEFFa\n", new TextEdit("x", "", false)).after()).isEqualTo("\uFEFFa\n");
        assertThat(LiteralEdit.apply("ab\n", new TextEdit("b", "\uFEFF", false)).changed()).isNotNull();
    }

    @Test
    void anEmptyFileSaysToWriteIt() {
        // Found in a review: "read the file and copy old_string" had nothing to copy from.
        for (String empty : new String[] { "", "\uFEFF" }) {
            assertThatThrownBy(() -> edit(empty, "hello", "world"))
                    .isInstanceOfSatisfying(EditMatchException.class, e -> {
                        assertThat(e.code()).isEqualTo(FsErrorCode.FS_NO_MATCH);
                        assertThat(e.detail()).isEqualTo("old_string was not found: the file is empty; give it its content with write");
                    });
        }
    }
}
