package dev.toolfs.sidecar;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The sidecar's string serializer writes exactly the JSON Jackson's own writes, short or long, in any position. */
class LongStringSerializerTest {

    private static final ObjectMapper PLAIN = new ObjectMapper();
    private static final ObjectMapper SIDECAR = new ObjectMapper().registerModule(SidecarJson.module());

    @Property(tries = 300)
    void theSameJsonAsJackson(@ForAll("texts") String text, @ForAll("texts") String other) throws Exception {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("text", text);
        value.put("list", List.of(text, other, ""));
        value.put("nested", Map.of("content", List.of(Map.of("type", "text", "text", other))));
        value.put("record", new Content("text", text));
        assertThat(SIDECAR.writeValueAsString(value)).isEqualTo(PLAIN.writeValueAsString(value));
        assertThat(SIDECAR.writeValueAsBytes(text)).isEqualTo(PLAIN.writeValueAsBytes(text));
    }

    @Provide
    Arbitrary<String> texts() {
        return Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(200),
                Arbitraries.strings().withChars("a\n\t\"\\\u0000\u001fé€\u2028\uD83D\uDE00").ofMinLength(60).ofMaxLength(5000),
                Arbitraries.strings().withChars("xy").ofMinLength(70_000).ofMaxLength(70_100));
    }

    record Content(String type, String text) {
    }
}
