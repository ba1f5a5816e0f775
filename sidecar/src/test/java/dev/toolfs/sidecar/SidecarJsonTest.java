package dev.toolfs.sidecar;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The sidecar's mapper reads every string a message within the stdio limit can hold. */
class SidecarJsonTest {

    @Test
    void aWriteOfMoreThanTwentyMillionCharactersCanBeRead() throws Exception {
        byte[] line = ("{\"jsonrpc\":\"2.0\",\"id\":\"big\",\"method\":\"tools/call\",\"params\":{\"name\":\"write\","
                + "\"arguments\":{\"file_path\":\"b.txt\",\"content\":\"" + "q".repeat(20_000_001) + "\"}}}")
                .getBytes(StandardCharsets.US_ASCII);
        assertThatThrownBy(() -> new ObjectMapper().readTree(line)).isInstanceOf(StreamConstraintsException.class);
        ObjectMapper sidecar = new ObjectMapper();
        new SidecarJson().customize(sidecar);
        JsonNode message = sidecar.readTree(line);
        assertThat(message.at("/params/arguments/content").textValue()).hasSize(20_000_001);
    }
}
