package dev.toolfs.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** {@link JsonEscaper} writes the inside of a JSON string byte for byte as Jackson's UTF-8 generator does. */
class JsonEscaperPropertyTest {

    private static final JsonFactory JSON = new JsonFactory();

    @Property(tries = 1000)
    void aStringAsJacksonWritesIt(@ForAll("texts") String text) throws Exception {
        assertThat(utf8(new JsonEscaper(0).string(text))).isEqualTo(utf8(jackson(text)));
    }

    @Property(tries = 1000)
    void utf8BytesAsJacksonWritesTheirText(@ForAll("wellFormed") String text) throws Exception {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        // Inside a larger array, so that the bounds count.
        byte[] padded = new byte[bytes.length + 6];
        System.arraycopy(bytes, 0, padded, 3, bytes.length);
        Arrays.fill(padded, 0, 3, (byte) '"');
        assertThat(utf8(new JsonEscaper(4).utf8(padded, 3, 3 + bytes.length))).isEqualTo(utf8(jackson(text)));
    }

    @Test
    void escapesAsSpelledOut() {
        String text = "a\"b\\c\n\t\r\b\f\u0001\u001f\u007f/é中\uD83D\uDE00\uD800";
        assertThat(utf8(new JsonEscaper(0).string(text)))
                .isEqualTo("a\\\"b\\\\c\\n\\t\\r\\b\\f\\u0001\\u001F\u007f/é中\\uD83D\\uDE00\\uD800");
        assertThat(utf8(new JsonEscaper(0).raw(new byte[] { 'x', '"', 'y' }, 1, 2).raw('z'))).isEqualTo("\"z");
    }

    private static String utf8(JsonEscaper e) {
        return new String(e.bytes(), 0, e.length(), StandardCharsets.UTF_8);
    }

    /** Jackson's bytes for the string, without its quotes. */
    static JsonEscaper jackson(String text) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator gen = JSON.createGenerator(out)) {
            gen.writeString(text);
        }
        byte[] b = out.toByteArray();
        return new JsonEscaper(0).raw(b, 1, b.length - 1);
    }

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.oneOf(wellFormed(), Arbitraries.strings().all().ofMaxLength(100),
                Arbitraries.strings().withChars("a\uD83D\uDE00\uD800\uDFFF".toCharArray()).ofMaxLength(20));
    }

    /** Strings without a lone surrogate: those UTF-8 holds. */
    @Provide
    Arbitrary<String> wellFormed() {
        return Arbitraries.oneOf(
                Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(300),
                Arbitraries.strings().withChars("ab ?\"\\\n\t\r\b\f\u0000\u0001\u001f\u007f".toCharArray()).ofMaxLength(300),
                Arbitraries.of("a", "\"", "\u00e9", "\u07ff", "\u0800", "\u4e2d", "\uffff", "\uD83D\uDE00", "\uDBFF\uDFFF")
                        .list().ofMaxSize(60).map(t -> String.join("", t)),
                Arbitraries.strings().all().ofMaxLength(40))
                .filter(s -> new String(s.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8).equals(s));
    }
}
