package dev.toolfs.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The persisted presentation of a read window: {@code { path, offset, lines, totalLines, lang? }}. */
public final class ReadCard {

    private static final Map<String, String> LANGS = Map.ofEntries(
            Map.entry("java", "java"), Map.entry("kt", "kotlin"), Map.entry("js", "javascript"),
            Map.entry("mjs", "javascript"), Map.entry("ts", "typescript"), Map.entry("tsx", "tsx"),
            Map.entry("jsx", "jsx"), Map.entry("py", "python"), Map.entry("rb", "ruby"), Map.entry("go", "go"),
            Map.entry("rs", "rust"), Map.entry("c", "c"), Map.entry("h", "c"), Map.entry("cpp", "cpp"),
            Map.entry("cs", "csharp"), Map.entry("md", "markdown"), Map.entry("json", "json"),
            Map.entry("yaml", "yaml"), Map.entry("yml", "yaml"), Map.entry("xml", "xml"), Map.entry("html", "html"),
            Map.entry("css", "css"), Map.entry("sh", "shell"), Map.entry("sql", "sql"), Map.entry("toml", "toml"),
            Map.entry("properties", "properties"), Map.entry("adoc", "asciidoc"));

    private ReadCard() {
    }

    public static Map<String, Object> of(String displayPath, ReadRender.Window w) {
        Map<String, Object> card = new LinkedHashMap<>();
        card.put("kind", "read-card");
        card.put("path", displayPath);
        card.put("offset", w.offset());
        card.put("lines", linesOf(w));
        card.put("totalLines", w.totalLines() < 0 ? null : w.totalLines());
        String lang = lang(displayPath);
        if (lang != null) {
            card.put("lang", lang);
        }
        return card;
    }

    static List<Map<String, Object>> linesOf(ReadRender.Window w) {
        return w.lines().stream().map(l -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("number", l.number());
            m.put("text", l.text());
            return m;
        }).toList();
    }

    static String lang(String path) {
        int slash = path.lastIndexOf('/');
        int dot = path.lastIndexOf('.');
        if (dot <= slash + 1) {
            return null;
        }
        return LANGS.get(path.substring(dot + 1).toLowerCase(Locale.ROOT));
    }
}
