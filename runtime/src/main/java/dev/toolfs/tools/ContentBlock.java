package dev.toolfs.tools;

import com.fasterxml.jackson.annotation.JsonIgnore;

/** One block of a tool result, in the order the model sees them. */
public sealed interface ContentBlock {

    /**
     * @param text what the model sees
     * @param json its JSON string form when the tool can make it faster than an escape of the text, else null; not
     *        part of the block's value (equality and hash look at the text only)
     */
    record Text(String text, JsonForm json) implements ContentBlock {

        public Text(String text) {
            this(text, null);
        }

        @Override
        @JsonIgnore // a way to write the text, not part of it
        public JsonForm json() {
            return json;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Text t && text.equals(t.text);
        }

        @Override
        public int hashCode() {
            return text.hashCode();
        }

        @Override
        public String toString() {
            return "Text[text=" + text + "]";
        }
    }

    /**
     * @param mediaType e.g. {@code image/png}
     * @param attachmentId the durable reference, {@code sha256:<hex>}
     * @param data the bytes, for transports that carry them
     */
    record Image(String mediaType, String attachmentId, byte[] data) implements ContentBlock {
    }
}
