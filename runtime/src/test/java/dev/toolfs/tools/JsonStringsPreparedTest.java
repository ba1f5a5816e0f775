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

    @Test
    void thePreparedInstanceIsWrittenFromItsFormOnce() throws Exception {
        String text = "line one\nline two";
        JsonStrings.prepare(text, OTHER);
        assertThat(write(text)).isEqualTo("[\"x\",\"prepared\"]");
        assertThat(write(text)).isEqualTo("[\"x\",\"line one\\nline two\"]");
    }

    @Test
    void anEqualStringThatIsAnotherInstanceIsEscaped() throws Exception {
        String text = "line one\nline two";
        JsonStrings.prepare(text, OTHER);
        assertThat(write(new String(text))).isEqualTo("[\"x\",\"line one\\nline two\"]");
        assertThat(write(text)).isEqualTo("[\"x\",\"prepared\"]");
    }

    @Test
    void anotherThreadEscapes() throws Exception {
        String text = "line one\nline two";
        JsonStrings.prepare(text, OTHER);
        AtomicReference<String> there = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                there.set(write(text));
            } catch (Exception e) {
                there.set(e.toString());
            }
        });
        t.start();
        t.join();
        assertThat(there.get()).isEqualTo("[\"x\",\"line one\\nline two\"]");
        assertThat(write(text)).isEqualTo("[\"x\",\"prepared\"]");
    }

    @Test
    void aTokenBufferLeavesThePreparedFormForTheRealWrite() throws Exception {
        String text = "line one\nline two";
        JsonStrings.prepare(text, OTHER);
        TokenBuffer buffer = new TokenBuffer(null, false);
        JsonStrings.write(buffer, text);
        assertThat(buffer.asParser().nextTextValue()).isSameAs(text);
        assertThat(write(text)).isEqualTo("[\"x\",\"prepared\"]");
    }

    @Test
    void aLaterPreparationReplacesAnEarlierOne() throws Exception {
        String first = "first\n";
        String second = "second\n";
        JsonStrings.prepare(first, OTHER);
        JsonStrings.prepare(second, OTHER);
        assertThat(write(first)).isEqualTo("[\"x\",\"first\\n\"]");
        assertThat(write(second)).isEqualTo("[\"x\",\"prepared\"]");
    }

    @Test
    void aGeneratorThatEscapesOtherwiseEscapesItselfAndLeavesThePreparedForm() throws Exception {
        String text = "a/b\nline two";
        JsonStrings.prepare(text, OTHER);
        JsonFactory slashes = JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_FORWARD_SLASHES).build();
        assertThat(write(slashes, text)).isEqualTo("[\"x\",\"a\\/b\\nline two\"]");
        assertThat(write(text)).isEqualTo("[\"x\",\"prepared\"]");
    }

    @Test
    void aForgottenPreparationIsNotUsed() throws Exception {
        String text = "line one\nline two";
        JsonStrings.prepare(text, OTHER);
        JsonStrings.forgetPrepared();
        assertThat(write(text)).isEqualTo("[\"x\",\"line one\\nline two\"]");
    }

    private static String write(String text) throws Exception {
        return write(JSON, text);
    }

    private static String write(JsonFactory factory, String text) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator gen = factory.createGenerator(out)) {
            gen.writeStartArray();
            gen.writeString("x");
            JsonStrings.write(gen, text);
            gen.writeEndArray();
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
