package dev.toolfs.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.util.TokenBuffer;

/**
 * A prepared JSON form is written instead of the escape of its text exactly once, for that very instance, on the
 * thread that prepared it. The form here is deliberately not the text's escape, so that the test sees which one was
 * written.
 */
class JsonStringsPreparedTest {

    private static final JsonFactory JSON = new JsonFactory();
    private static final JsonForm OTHER = out -> out.string("prepared");
    /** The text the tests prepare, and how it is written: from the prepared form, or escaped. */
    private static final String TEXT = "line one\nline two";
    private static final String FROM_FORM = "[\"x\",\"prepared\"]";
    private static final String ESCAPED = "[\"x\",\"line one\\nline two\"]";

    @Test
    void thePreparedInstanceIsWrittenFromItsFormOnce() throws Exception {
        JsonStrings.prepare(TEXT, OTHER);
        assertThat(write(TEXT)).isEqualTo(FROM_FORM);
        assertThat(write(TEXT)).isEqualTo(ESCAPED);
    }

    @Test
    void anEqualStringThatIsAnotherInstanceIsEscaped() throws Exception {
        JsonStrings.prepare(TEXT, OTHER);
        assertThat(write(new String(TEXT))).isEqualTo(ESCAPED);
        assertThat(write(TEXT)).isEqualTo(FROM_FORM);
    }

    @Test
    void anotherThreadEscapes() throws Exception {
        JsonStrings.prepare(TEXT, OTHER);
        AtomicReference<String> there = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                there.set(write(TEXT));
            } catch (Exception e) {
                there.set(e.toString());
            }
        });
        t.start();
        t.join();
        assertThat(there.get()).isEqualTo(ESCAPED);
        assertThat(write(TEXT)).isEqualTo(FROM_FORM);
    }

    @Test
    void aTokenBufferLeavesThePreparedFormForTheRealWrite() throws Exception {
        JsonStrings.prepare(TEXT, OTHER);
        TokenBuffer buffer = new TokenBuffer(null, false);
        JsonStrings.write(buffer, TEXT);
        assertThat(buffer.asParser().nextTextValue()).isSameAs(TEXT);
        assertThat(write(TEXT)).isEqualTo(FROM_FORM);
    }

    @Test
    void aLaterPreparationReplacesAnEarlierOne() throws Exception {
        String first = "first\n";
        String second = "second\n";
        JsonStrings.prepare(first, OTHER);
        JsonStrings.prepare(second, OTHER);
        assertThat(write(first)).isEqualTo("[\"x\",\"first\\n\"]");
        assertThat(write(second)).isEqualTo(FROM_FORM);
    }

    @Test
    void aGeneratorThatEscapesOtherwiseEscapesItselfAndLeavesThePreparedForm() throws Exception {
        String text = "a/b\nline two";
        JsonStrings.prepare(text, OTHER);
        JsonFactory slashes = JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES).build();
        assertThat(write(slashes, text)).isEqualTo("[\"x\",\"a\\/b\\nline two\"]");
        assertThat(write(text)).isEqualTo(FROM_FORM);
    }

    @Test
    void aForgottenPreparationIsNotUsed() throws Exception {
        JsonStrings.prepare(TEXT, OTHER);
        JsonStrings.forgetPrepared();
        assertThat(write(TEXT)).isEqualTo(ESCAPED);
    }

    private static String write(String TEXT) throws Exception {
        return write(JSON, TEXT);
    }

    private static String write(JsonFactory factory, String TEXT) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator gen = factory.createGenerator(out)) {
            gen.writeStartArray();
            gen.writeString("x");
            JsonStrings.write(gen, TEXT);
            gen.writeEndArray();
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
