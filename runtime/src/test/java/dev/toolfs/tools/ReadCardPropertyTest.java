package dev.toolfs.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.fs.Utf8LineScanner;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The card's hand-written line serializer writes exactly the JSON Jackson writes for the same lines as maps. */
class ReadCardPropertyTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Property(tries = 300)
    void theLinesSerializeAsPlainMapsWould(@ForAll("lines") List<String> lines) throws Exception {
        byte[] file = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
        ReadRender.Window w = ReadRender.window(new Utf8LineScanner(new ByteArrayInputStream(file), null, 64), 1,
                lines.size(), 100_000, 10_000_000, true);
        Map<String, Object> card = ReadCard.of("notes.txt", w);

        Map<String, Object> plain = new LinkedHashMap<>(card);
        plain.put("lines", new ArrayList<>((List<?>) card.get("lines")));
        assertThat(JSON.writeValueAsString(card)).isEqualTo(JSON.writeValueAsString(plain));
        assertThat(((List<?>) card.get("lines"))).hasSize(lines.size());
    }

    @Provide
    Arbitrary<List<String>> lines() {
        // Any text but line breaks and NUL (a file with NUL is not text): quotes, backslashes, control characters,
        // non-ASCII and astral characters, and lines longer than the serializer's first buffer.
        Arbitrary<String> line = Arbitraries.oneOf(
                Arbitraries.strings().withChars("ab \"\\\t\u0001\u001f\u007fé€\u2028").ofMaxLength(40),
                Arbitraries.strings().all().excludeChars('\n', '\r', '\u0000').ofMaxLength(600),
                Arbitraries.strings().withChars("xyz\"").ofMinLength(250).ofMaxLength(2000));
        return line.list().ofMinSize(1).ofMaxSize(30);
    }
}
