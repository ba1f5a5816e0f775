package dev.toolfs.transport.rest;

/** Header values as their senders wrote them. */
public final class HeaderText {

    private HeaderText() {
    }

    /**
     * A header's text as UTF-8. HTTP gives a header's bytes one character each (ISO-8859-1); a folder named in UTF-8,
     * as a client sends a path with non-ASCII names, is decoded as such. Bytes that are not UTF-8 stay as they came.
     */
    public static String utf8(String value) {
        if (value == null) {
            return null;
        }
        boolean wide = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c > 0xFF) {
                return value; // not bytes: already decoded by someone
            }
            wide |= c >= 0x80;
        }
        if (!wide) {
            return value;
        }
        try {
            return java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                    .decode(java.nio.ByteBuffer.wrap(value.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)))
                    .toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            return value;
        }
    }
}
