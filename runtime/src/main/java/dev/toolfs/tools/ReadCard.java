package dev.toolfs.tools;

import java.io.IOException;
import java.util.AbstractList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;

import io.quarkus.runtime.annotations.RegisterForReflection;

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
        card.put("lines", new Lines(w.lines()));
        card.put("totalLines", w.knownTotal());
        String lang = lang(displayPath);
        if (lang != null) {
            card.put("lang", lang);
        }
        return card;
    }

    /**
     * The window's lines as {@code [{"number": n, "text": "…"}, …]}: a list of maps for whoever reads the metadata in
     * process, written straight to the JSON output by Jackson (a map per line, looked up key by key, was a fifth of
     * the sidecar's time on a large read).
     */
    @JsonSerialize(using = LinesSerializer.class)
    public static final class Lines extends AbstractList<Map<String, Object>> {

        private final List<ReadRender.NumberedLine> lines;

        Lines(List<ReadRender.NumberedLine> lines) {
            this.lines = lines;
        }

        @Override
        public Map<String, Object> get(int index) {
            ReadRender.NumberedLine line = lines.get(index);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("number", line.number());
            m.put("text", line.text());
            return m;
        }

        @Override
        public int size() {
            return lines.size();
        }
    }

    /** Registered for reflection: Jackson creates it from the annotation, also in a native executable. */
    @RegisterForReflection
    public static final class LinesSerializer extends StdSerializer<Lines> {

        public LinesSerializer() {
            super(Lines.class);
        }

        private static final SerializedString NUMBER = new SerializedString("number");
        private static final SerializedString TEXT = new SerializedString("text");

        /**
         * Keys pre-encoded, and each text through {@link JsonStrings}: without the optimizing compiler (the sidecar's
         * JVM options) these lines were two fifths of a small read's time.
         */
        @Override
        public void serialize(Lines value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeStartArray(value, value.size());
            for (ReadRender.NumberedLine line : value.lines) {
                gen.writeStartObject();
                gen.writeFieldName(NUMBER);
                gen.writeNumber(line.number());
                gen.writeFieldName(TEXT);
                JsonStrings.write(gen, line.text());
                gen.writeEndObject();
            }
            gen.writeEndArray();
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
