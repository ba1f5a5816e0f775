package dev.toolfs.sidecar;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The sidecar's mapper reads every string a message within the stdio limit can hold. */
class SidecarJsonTest {

    @Test
    void aWriteOfMoreThanTwentyMillionCharactersCanBeRead() throws Exception {
        // Made as bytes at once, and parsed once: about 100 MB of buffers and copies (the build gives it a JVM of its own).
        byte[] head = ("{\"jsonrpc\":\"2.0\",\"id\":\"big\",\"method\":\"tools/call\",\"params\":{\"name\":\"write\","
                + "\"arguments\":{\"file_path\":\"b.txt\",\"content\":\"").getBytes(StandardCharsets.US_ASCII);
        byte[] tail = "\"}}}".getBytes(StandardCharsets.US_ASCII);
        byte[] line = new byte[head.length + 20_000_001 + tail.length];
        System.arraycopy(head, 0, line, 0, head.length);
        java.util.Arrays.fill(line, head.length, head.length + 20_000_001, (byte) 'q');
        System.arraycopy(tail, 0, line, line.length - tail.length, tail.length);
        // Jackson's default would refuse it: its limit, rather than a failed parse of the line, whose 40 MB of buffers
        // the heap would hold beside the next one's.
        assertThat(new ObjectMapper().getFactory().streamReadConstraints().getMaxStringLength()).isLessThan(20_000_001);
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
