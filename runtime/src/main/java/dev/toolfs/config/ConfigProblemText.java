package dev.toolfs.config;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Says a value the configuration could not convert in plain words, with the key and what to write instead. The
 * configuration library's own text is made for its developers ({@code SRCFG00039: The config property k with the
 * config value "abc" threw an Exception whilst being converted SRCFG00029: Expected an integer value, got "abc"});
 * a person starting the sidecar needs the key, the value and the form it takes.
 */
public final class ConfigProblemText {

    private static final Pattern NOT_CONVERTED = Pattern.compile(
            "The config property (\\S+) with the config value \"(.*)\" threw an Exception whilst being"
                    + " converted\\s*(.*)",
            Pattern.DOTALL);
    private static final Pattern EMPTY = Pattern.compile(
            "The config property (\\S+) is defined as the empty String.*", Pattern.DOTALL);
    private static final Pattern REQUIRED = Pattern.compile(
            "The config property (\\S+) is required but it could not be found.*", Pattern.DOTALL);
    /** The choices an enumeration's converter names. */
    private static final Pattern ALLOWED = Pattern.compile("allowed values: (\\S+)$");
    /** A message's code, and the exception class some messages start with. */
    private static final Pattern PREFIXES = Pattern.compile("^(?:[\\w.$]+(?:Exception|Error): )?(?:SRCFG\\d{5}: )?");

    private ConfigProblemText() {
    }

    /**
     * The problems of a failed start's configuration, in plain words, joined with "; "; empty when {@code failure}
     * holds none.
     */
    public static Optional<String> of(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof io.smallrye.config.ConfigValidationException invalid && invalid.getProblemCount() > 0) {
                List<String> problems = new java.util.ArrayList<>();
                for (int i = 0; i < invalid.getProblemCount(); i++) {
                    problems.add(plain(invalid.getProblem(i).getMessage()));
                }
                return Optional.of(String.join("; ", problems));
            }
        }
        return Optional.empty();
    }

    /** One problem's message, in plain words when its form is known; otherwise as it is, without its codes. */
    static String plain(String message) {
        String text = PREFIXES.matcher(message.strip()).replaceFirst("");
        Matcher m = NOT_CONVERTED.matcher(text);
        if (m.matches()) {
            // The value on one line, cut: it is shown as the start's one-line refusal.
            return m.group(1) + " = \"" + dev.toolfs.sandbox.ApprovalRequest.oneLine(m.group(2), 100) + "\" is not valid: "
                    + expected(m.group(2), m.group(3));
        }
        m = EMPTY.matcher(text);
        if (m.matches()) {
            return m.group(1) + " is set but empty: give it a value, or remove it to use its default";
        }
        m = REQUIRED.matcher(text);
        if (m.matches()) {
            return m.group(1) + " is required: give it a value";
        }
        return oneLine(text);
    }

    /** What the converter expected, from its message. */
    private static String expected(String value, String converterMessage) {
        String text = oneLine(PREFIXES.matcher(converterMessage.strip()).replaceFirst(""));
        boolean digits = value.strip().matches("[+-]?\\d+");
        if (text.startsWith("Expected an integer value")) {
            return digits ? "expected a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE
                    : "expected a whole number";
        }
        if (text.startsWith("Expected a long value")) {
            return digits ? "expected a whole number from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE
                    : "expected a whole number";
        }
        if (text.startsWith("Invalid duration")) {
            return "expected a duration, such as 30S, 5M, 2H, 1D (seconds, minutes, hours, days), 500MS, or PT30M";
        }
        if (text.contains("not in correct format (regular expression): [0-9]+[BbKk")) {
            return "expected a size in bytes, such as 65536, 512K, 64M or 1G";
        }
        Matcher choices = ALLOWED.matcher(text);
        if (choices.find()) {
            return "expected one of " + String.join(", ", choices.group(1).split(","));
        }
        if (text.isEmpty()) {
            return "the value has the wrong form";
        }
        return text;
    }

    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
