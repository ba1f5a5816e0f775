package dev.toolfs.runtime;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Session ids and model names are bounded in characters as a person counts them. */
class KeptTextTest {

    private static final String EMOJI = "\uD83D\uDE00"; // one character, two UTF-16 units

    @Test
    void anEmojiCountsAsOneCharacter() {
        assertThatCode(() -> ToolRuntime.checkKept("the session id", EMOJI.repeat(256))).doesNotThrowAnyException();
        assertThatThrownBy(() -> ToolRuntime.checkKept("the session id", EMOJI.repeat(257)))
                .isInstanceOf(InvalidCallException.class)
                .hasMessage("the session id is 257 characters long; it must be at most 256");
        assertThatThrownBy(() -> ToolRuntime.checkKept("the model name", "m".repeat(300)))
                .hasMessage("the model name is 300 characters long; it must be at most 256");
    }
}
