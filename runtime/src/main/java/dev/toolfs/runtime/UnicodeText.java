package dev.toolfs.runtime;

import java.nio.charset.StandardCharsets;

import dev.toolfs.fs.ByteScan;

/**
 * JSON can escape half of a surrogate pair ({@code "\ud83d"}), which no UTF-8 text can hold: written to a file it
 * would become a {@code ?}, and matched against one it could split a character in two. Pure, so it is tested directly.
 */
public final class UnicodeText {

    private UnicodeText() {
    }

    /** The index of the first surrogate without its other half, or -1. */
    public static int loneSurrogate(String text) {
        if (text.length() > 16) {
            // A Latin-1 copy turns every character above U+00FF into '?': without a '?' there is no such character,
            // so no surrogate either. The copy and the scan take a few microseconds for a 10 KB content, where a
            // character loop takes ten times as long under the quick compiler.
            byte[] latin1 = text.getBytes(StandardCharsets.ISO_8859_1);
            if (!ByteScan.contains(latin1, (byte) '?', 0, latin1.length)) {
                return -1;
            }
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                    i++;
                    continue;
                }
                return i;
            }
        }
        return -1;
    }
}
