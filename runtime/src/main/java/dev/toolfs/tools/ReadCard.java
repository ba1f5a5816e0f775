package dev.toolfs.tools;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializable;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.jsontype.TypeSerializer;

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

    static Lines linesOf(ReadRender.Window w) {
        return new Lines(w.lines());
    }

    /**
     * The window's lines as {@code [{"number": n, "text": "…"}, …]}. They are written straight to the JSON output: a
     * map per line, looked up key by key, was a fifth of the sidecar's time on a large read.
     */
    public static final class Lines implements JsonSerializable {

        private final List<ReadRender.NumberedLine> lines;

        Lines(List<ReadRender.NumberedLine> lines) {
            this.lines = lines;
        }

        public List<ReadRender.NumberedLine> lines() {
            return lines;
        }

        @Override
        public void serialize(JsonGenerator gen, SerializerProvider serializers) throws IOException {
            gen.writeStartArray(lines, lines.size());
            for (ReadRender.NumberedLine line : lines) {
                gen.writeStartObject();
                gen.writeNumberField("number", line.number());
                gen.writeStringField("text", line.text());
                gen.writeEndObject();
            }
            gen.writeEndArray();
        }

        @Override
        public void serializeWithType(JsonGenerator gen, SerializerProvider serializers, TypeSerializer typeSer)
                throws IOException {
            serialize(gen, serializers);
        }

        @Override
        public String toString() {
            return lines.toString();
        }
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
