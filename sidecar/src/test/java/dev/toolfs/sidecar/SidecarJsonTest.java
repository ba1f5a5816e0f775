package dev.toolfs.sidecar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The sidecar's mapper reads every string a message within the stdio limit can hold. */
class SidecarJsonTest {

    @Test
    void aWriteOfMoreThanTwentyMillionCharactersCanBeRead() throws Exception {
        // Made as bytes at once: the test shares its small heap with the Quarkus application of the test before it.
        byte[] head = ("{\"jsonrpc\":\"2.0\",\"id\":\"big\",\"method\":\"tools/call\",\"params\":{\"name\":\"write\","
                + "\"arguments\":{\"file_path\":\"b.txt\",\"content\":\"").getBytes(StandardCharsets.US_ASCII);
        byte[] tail = "\"}}}".getBytes(StandardCharsets.US_ASCII);
        byte[] line = new byte[head.length + 20_000_001 + tail.length];
        System.arraycopy(head, 0, line, 0, head.length);
        java.util.Arrays.fill(line, head.length, head.length + 20_000_001, (byte) 'q');
        System.arraycopy(tail, 0, line, line.length - tail.length, tail.length);
        assertThatThrownBy(() -> contentLength(new ObjectMapper(), line)).isInstanceOf(StreamConstraintsException.class);
        ObjectMapper sidecar = new ObjectMapper();
        new SidecarJson().customize(sidecar);
        assertThat(contentLength(sidecar, line)).isEqualTo(20_000_001);
    }

    /** The length of the message's last string, read as the mapper's parser reads it (no tree). */
    private static int contentLength(ObjectMapper mapper, byte[] line) throws Exception {
        int length = -1;
        try (JsonParser p = mapper.getFactory().createParser(line)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.VALUE_STRING) {
                    length = p.getText().length(); // the length limit is checked as the String is made
                }
            }
        }
        return length;
    }
}
