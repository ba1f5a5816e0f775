package dev.toolfs.tools;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.fs.Utf8LineScanner;

class ReadCardTest {

    @Test
    void theLinesAreAListOfMapsInProcessAndTheSameJsonOnTheWire() throws Exception {
        Utf8LineScanner s = new Utf8LineScanner(
                new ByteArrayInputStream("class A {\n  \"q\"\n}\n".getBytes(StandardCharsets.UTF_8)), null, 8);
        ReadRender.Window w = ReadRender.window(s, 2, 2, 2000, 51200, true);
        Map<String, Object> card = ReadCard.of("src/A.java", w);

        assertThat(card.get("lines")).isEqualTo(List.of(Map.of("number", 2L, "text", "  \"q\""),
                Map.of("number", 3L, "text", "}")));
        assertThat(new ObjectMapper().writeValueAsString(card)).isEqualTo(
                "{\"kind\":\"read-card\",\"path\":\"src/A.java\",\"offset\":2,"
                        + "\"lines\":[{\"number\":2,\"text\":\"  \\\"q\\\"\"},{\"number\":3,\"text\":\"}\"}],"
                        + "\"totalLines\":3,\"lang\":\"java\"}");
    }
}
