package dev.toolfs.transport.mcp;

import java.util.List;
import java.util.Locale;

/**
 * Whether an HTTP {@code Accept} header takes a media type, as RFC 9110 reads it: the most specific range that matches
 * decides (a type, then its {@code type/*}, then {@code *}{@code /*}), and a weight of {@code q=0} means "not
 * acceptable". The MCP library looked for the names as substrings, so {@code application/jsonx} passed, and
 * {@code application/json;q=0} too (found by black-box testing).
 */
final class AcceptHeader {

    private AcceptHeader() {
    }

    /** Whether {@code values} (the header's lines; none means anything) accept {@code mediaType}, such as "text/html". */
    static boolean accepts(List<String> values, String mediaType) {
        if (values.isEmpty()) {
            return true;
        }
        String type = mediaType.toLowerCase(Locale.ROOT);
        String main = type.substring(0, type.indexOf('/'));
        int bestSpecificity = -1;
        double weight = 0;
        for (String value : values) {
            for (String range : value.split(",")) {
                String[] parts = range.split(";");
                String name = parts[0].strip().toLowerCase(Locale.ROOT);
                int specificity = name.equals(type) ? 2 : name.equals(main + "/*") ? 1 : name.equals("*/*") ? 0 : -1;
                if (specificity < 0 || specificity < bestSpecificity) {
                    continue;
                }
                double q = weightOf(parts);
                weight = specificity > bestSpecificity ? q : Math.max(weight, q);
                bestSpecificity = specificity;
            }
        }
        return bestSpecificity >= 0 && weight > 0;
    }

    /** A range's {@code q}, 1 when it has none; one that is no number counts as 1, as most servers read it. */
    private static double weightOf(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String param = parts[i].strip();
            if (param.length() > 1 && (param.charAt(0) == 'q' || param.charAt(0) == 'Q') && param.charAt(1) == '=') {
                try {
                    return Double.parseDouble(param.substring(2).strip());
                } catch (NumberFormatException e) {
                    return 1;
                }
            }
        }
        return 1;
    }
}
