package dev.toolfs.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.util.TokenBuffer;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link JsonStrings} writes byte for byte what Jackson's own {@code writeString} writes, to bytes or to text, and
 * hands a token buffer the string itself.
 */
class JsonStringsPropertyTest {

    private static final JsonFactory JSON = new JsonFactory();

    @Property(tries = 1000)
    void theSameBytesAsJackson(@ForAll("texts") String text) throws Exception {
        assertThat(new String(bytes(text, true), StandardCharsets.UTF_8))
                .isEqualTo(new String(bytes(text, false), StandardCharsets.UTF_8));
        assertThat(bytes(text, true)).isEqualTo(bytes(text, false));
    }

    /** With escape settings other than Jackson's defaults, Jackson's own way (a slash escaped, say). */
    @Property(tries = 300)
    void theSameBytesAsJacksonWithOtherEscapeSettings(@ForAll("texts") String text, @ForAll("settings") JsonFactory factory)
            throws Exception {
        assertThat(bytes(factory, text + "/", true)).isEqualTo(bytes(factory, text + "/", false));
    }

    @Provide
    Arbitrary<JsonFactory> settings() {
        return Arbitraries.of(JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES).build(),
                JsonFactory.builder().disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE).build(),
                JsonFactory.builder().enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8).build());
    }

    @Property(tries = 200)
    void theSameTextAsJackson(@ForAll("texts") String text) throws Exception {
        assertThat(chars(text, true)).isEqualTo(chars(text, false));
    }

    @Property(tries = 100)
    void aTokenBufferKeepsTheStringItself(@ForAll("texts") String text) throws Exception {
        TokenBuffer buffer = new TokenBuffer(null, false);
        JsonStrings.write(buffer, text);
        try (JsonParser p = buffer.asParser()) {
            assertThat(p.nextToken()).isEqualTo(JsonToken.VALUE_STRING);
            assertThat(p.getText()).isSameAs(text);
        }
    }

    private static byte[] bytes(String text, boolean ours) throws Exception {
        return bytes(JSON, text, ours);
    }

    private static byte[] bytes(JsonFactory factory, String text, boolean ours) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator gen = factory.createGenerator(out)) {
            write(gen, text, ours);
        }
        return out.toByteArray();
    }

    private static String chars(String text, boolean ours) throws Exception {
        StringWriter out = new StringWriter();
        try (JsonGenerator gen = JSON.createGenerator(out)) {
            write(gen, text, ours);
        }
        return out.toString();
    }

    /** In an array, after another value, so that separators and the generator's state count too. */
    private static void write(JsonGenerator gen, String text, boolean ours) throws Exception {
        gen.writeStartArray();
        gen.writeString("x");
        if (ours) {
            JsonStrings.write(gen, text);
        } else {
            gen.writeString(text);
        }
        gen.writeNumber(1);
        gen.writeEndArray();
    }

    /**
     * ASCII source-like text (the fast path, with and without anything to escape), with each kind of byte the fast path must escape or refuse: quotes,
     * backslashes, short escapes, other control characters, question marks next to wider characters, Latin-1,
     * characters beyond it, surrogate pairs and lone surrogates; short and long, so that eight-byte words and the
     * tail both meet them.
     */
    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.oneOf(
                Arbitraries.strings().ascii().ofMaxLength(300),
                Arbitraries.strings().withCharRange('a', 'z').withChars(" ;(){}=".toCharArray()).ofMaxLength(300),
                Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(300),
                Arbitraries.strings().withChars("ab ?\"\\\n\t\r\b\f\u0001\u007f".toCharArray()).ofMaxLength(300),
                Arbitraries.strings().withChars("ab?\u00e9\u4e2d\uD83D\uDE00".toCharArray()).ofMaxLength(100),
                Arbitraries.strings().all().ofMaxLength(100),
                Arbitraries.strings().withCharRange(' ', '~').ofMinLength(20_000).ofMaxLength(40_000));
    }
}
