package dev.toolfs.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import io.smallrye.config.ConfigValidationException;

/** Values the configuration could not convert, said in plain words (the messages are the configuration library's). */
class ConfigProblemTextTest {

    @Test
    void aWholeNumberThatIsNot() {
        assertThat(ConfigProblemText.plain("java.lang.IllegalArgumentException: SRCFG00039: The config property"
                + " quarkus.tool-fs.sessions.max with the config value \"abc\" threw an Exception whilst being converted"
                + " SRCFG00029: Expected an integer value, got \"abc\""))
                .isEqualTo("quarkus.tool-fs.sessions.max = \"abc\" is not valid: expected a whole number");
        assertThat(ConfigProblemText.plain("SRCFG00039: The config property quarkus.tool-fs.read.max-bytes with the"
                + " config value \"1.5\" threw an Exception whilst being converted SRCFG00030: Expected a long value,"
                + " got \"1.5\""))
                .isEqualTo("quarkus.tool-fs.read.max-bytes = \"1.5\" is not valid: expected a whole number");
    }

    @Test
    void aNumberOutOfRangeNamesTheRangeAndAValueIsShownOnOneLine() {
        assertThat(ConfigProblemText.plain("SRCFG00039: The config property quarkus.tool-fs.read.limit with the config"
                + " value \"99999999999\" threw an Exception whilst being converted SRCFG00029: Expected an integer value,"
                + " got \"99999999999\""))
                .isEqualTo("quarkus.tool-fs.read.limit = \"99999999999\" is not valid: expected a whole number from"
                        + " -2147483648 to 2147483647");
        assertThat(ConfigProblemText.plain("SRCFG00039: The config property k with the config value \"1\n2\" threw an"
                + " Exception whilst being converted SRCFG00029: Expected an integer value, got \"1\n2\""))
                .isEqualTo("k = \"1\\u{A}2\" is not valid: expected a whole number");
        String longValue = "x".repeat(150);
        assertThat(ConfigProblemText.plain("SRCFG00039: The config property k with the config value \"" + longValue
                + "\" threw an Exception whilst being converted Invalid duration: x"))
                .startsWith("k = \"" + "x".repeat(100) + " [cut: 100 of 150 characters shown]\" is not valid");
    }

    @Test
    void aDurationASizeAndAChoice() {
        assertThat(ConfigProblemText.plain("java.lang.IllegalArgumentException: SRCFG00039: The config property"
                + " quarkus.tool-fs.sessions.idle-timeout with the config value \"5x\" threw an Exception whilst being"
                + " converted Invalid duration: 5x"))
                .isEqualTo("quarkus.tool-fs.sessions.idle-timeout = \"5x\" is not valid: expected a duration, such as"
                        + " 30S, 5M, 2H, 1D (seconds, minutes, hours, days), 500MS, or PT30M");
        assertThat(ConfigProblemText.plain("java.lang.IllegalArgumentException: SRCFG00039: The config property"
                + " quarkus.tool-fs.rest.bodies-in-memory with the config value \"12Q\" threw an Exception whilst being"
                + " converted value 12Q not in correct format (regular expression): [0-9]+[BbKkMmGgTtPpEeZzYy]?"))
                .isEqualTo("quarkus.tool-fs.rest.bodies-in-memory = \"12Q\" is not valid: expected a size in bytes,"
                        + " such as 65536, 512K, 64M or 1G");
        assertThat(ConfigProblemText.plain("java.lang.IllegalArgumentException: SRCFG00039: The config property"
                + " quarkus.tool-fs.mcp.presentation-metadata with the config value \"bogus\" threw an Exception whilst"
                + " being converted SRCFG00049: Cannot convert bogus to enum class"
                + " dev.toolfs.config.ToolFsConfig$Mcp$MetadataPlacement, allowed values: auto,meta,structured-content,none"))
                .isEqualTo("quarkus.tool-fs.mcp.presentation-metadata = \"bogus\" is not valid: expected one of auto,"
                        + " meta, structured-content, none");
    }

    @Test
    void anEmptyValueAndAMissingOne() {
        assertThat(ConfigProblemText.plain("java.util.NoSuchElementException: SRCFG00040: The config property"
                + " quarkus.tool-fs.sessions.max is defined as the empty String (\"\") which the following Converter"
                + " considered to be null: io.smallrye.config.Converters$BuiltInConverter"))
                .isEqualTo("quarkus.tool-fs.sessions.max is set but empty: give it a value, or remove it to use its"
                        + " default");
        assertThat(ConfigProblemText.plain("SRCFG00014: The config property quarkus.tool-fs.x is required but it could"
                + " not be found in any config source"))
                .isEqualTo("quarkus.tool-fs.x is required: give it a value");
    }

    @Test
    void anUnknownFormKeepsItsTextWithoutCodes() {
        assertThat(ConfigProblemText.plain("java.lang.IllegalArgumentException: SRCFG00039: The config property k with"
                + " the config value \"v\" threw an Exception whilst being converted SRCFG00099: Something\n  else"))
                .isEqualTo("k = \"v\" is not valid: Something else");
        assertThat(ConfigProblemText.plain("SRCFG01234: Another\nproblem")).isEqualTo("Another problem");
    }

    @Test
    void everyProblemOfAFailedStartIsSaid() {
        ConfigValidationException invalid = new ConfigValidationException(new ConfigValidationException.Problem[] {
                new ConfigValidationException.Problem("SRCFG00039: The config property a with the config value \"1x\""
                        + " threw an Exception whilst being converted SRCFG00029: Expected an integer value, got \"1x\""),
                new ConfigValidationException.Problem("SRCFG00040: The config property b is defined as the empty"
                        + " String (\"\") which the following Converter considered to be null: C") });
        assertThat(ConfigProblemText.of(new RuntimeException("Failed to start quarkus", invalid)))
                .contains("a = \"1x\" is not valid: expected a whole number; b is set but empty: give it a value, or"
                        + " remove it to use its default");
        assertThat(ConfigProblemText.of(new RuntimeException("other", new IllegalStateException("x")))).isEmpty();
    }
}
