package dev.toolfs.sidecar;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.toolfs.fs.Utf8LineScanner;
import dev.toolfs.tools.JsonStrings;
import dev.toolfs.tools.ReadRender;
import io.modelcontextprotocol.spec.McpSchema;

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

    /**
     * An MCP answer as the SDK's records hold it, serialized as the stdio transport does: the text prepared on the
     * thread is written from its JSON form (here deliberately another text, to see which one was written); a read's
     * real JSON form gives the bytes Jackson writes for the text.
     */
    @Test
    void anAnswersPreparedTextIsWrittenFromItsJsonForm() throws Exception {
        String text = "<path>f.txt</path>\n<type>file</type>\n<content>\n1: a \"quoted\" line\n\n(End of file - total 1 lines)\n</content>";
        JsonStrings.prepare(text, out -> out.string("prepared"));
        // To bytes, as the transport writes (a writer of text escapes the text itself).
        assertThat(new String(SIDECAR.writeValueAsBytes(answer(text)), StandardCharsets.UTF_8))
                .contains("\"text\":\"prepared\"");
        assertThat(SIDECAR.writeValueAsString(answer(text))).isEqualTo(PLAIN.writeValueAsString(answer(text)));

        StringBuilder file = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            file.append("line ").append(i).append(i % 7 == 0 ? " \"quoted\"\tand \\ é" : " plain").append('\n');
        }
        Utf8LineScanner scanner = new Utf8LineScanner(
                new ByteArrayInputStream(file.toString().getBytes(StandardCharsets.UTF_8)), null, 4096);
        ReadRender.Window window = ReadRender.window(scanner, 1, 2000, 2000, 262_144, true);
        String read = ReadRender.render("src/f.txt", window);
        JsonStrings.prepare(read, out -> ReadRender.json("src/f.txt", window, out));
        assertThat(SIDECAR.writeValueAsBytes(answer(read))).isEqualTo(PLAIN.writeValueAsBytes(answer(read)));
    }

    private static McpSchema.JSONRPCResponse answer(String text) {
        return new McpSchema.JSONRPCResponse(McpSchema.JSONRPC_VERSION, 7,
                McpSchema.CallToolResult.builder().content(List.of(new McpSchema.TextContent(text))).isError(false)
                        .build(),
                null);
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
