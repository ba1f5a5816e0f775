package dev.toolfs.transport.mcp;

import java.io.IOException;
import java.io.InputStream;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;

/** An MCP request body, read where it lies (no copy): the guard's checks each stop as soon as they know. */
final class JsonBody {

    /**
     * Strict, as JSON is: no comments, no key twice in an object. The library reads a body more leniently (comments,
     * the last of two keys), so a body these checks could not read as it does is refused, not passed on unchecked.
     */
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private JsonBody() {
    }

    static JsonParser parser(ByteBuf body) throws IOException {
        if (body.hasArray()) {
            return JSON.createParser(body.array(), body.arrayOffset() + body.readerIndex(), body.readableBytes());
        }
        return JSON.createParser((InputStream) new ByteBufInputStream(body.duplicate()));
    }

    /** The method of the JSON-RPC request in {@code body}, read up to it; null when it has none or is no object. */
    static String method(ByteBuf body) {
        try (JsonParser p = parser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if ("method".equals(field)) {
                    return value == JsonToken.VALUE_STRING ? p.getText() : null;
                }
                p.skipChildren();
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }
}
