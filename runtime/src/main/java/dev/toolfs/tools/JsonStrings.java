package dev.toolfs.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.UTF8JsonGenerator;
import com.fasterxml.jackson.core.json.WriterBasedJsonGenerator;

import dev.toolfs.fs.ByteScan;

/**
 * Writes a JSON string faster than Jackson does under the quick JIT compiler (the sidecar's JVM options), with the
 * same JSON. Jackson escapes a {@code String} through a {@code charAt} call per character, which that compiler does
 * not turn into array access, and a {@code char[]} through a loop that still looks at every character. Source text
 * is nearly always ASCII: such a string is copied to bytes (a plain array copy), scanned eight bytes at a time for the
 * few that need escaping, and handed to the generator as ready UTF-8. Anything else (a non-ASCII character, a control
 * character Jackson writes as {@code \\u00XX}, a generator that escapes differently) takes Jackson's own path from a
 * {@code char[]} copy. A generator that does not write JSON text, such as the token buffer of a conversion, gets the
 * {@code String} itself.
 */
public final class JsonStrings {

    /** The largest buffers a thread keeps between strings, 32 KiB each (a longer string gets its own). */
    private static final int KEPT = 1 << 14;
    private static final ThreadLocal<char[]> CHARS = ThreadLocal.withInitial(() -> new char[1024]);
    private static final ThreadLocal<byte[]> BYTES = ThreadLocal.withInitial(() -> new byte[2048]);

    private static final long QUOTES = ByteScan.repeated('"');
    private static final long BACKSLASHES = ByteScan.repeated('\\');
    private static final long QUESTION_MARKS = ByteScan.repeated('?');

    /** The text this thread is about to write whose JSON form is known (see {@link #prepare}). */
    private static final ThreadLocal<Prepared> PREPARED = new ThreadLocal<>();
    /** Where a prepared form is written, kept between answers up to this size (a read's is its byte cap and more). */
    private static final ThreadLocal<JsonEscaper> FORMS = ThreadLocal.withInitial(() -> new JsonEscaper(8192));
    private static final int KEPT_FORM = 1 << 20;

    private record Prepared(String text, JsonForm json) {
    }

    private JsonStrings() {
    }

    /**
     * The next {@link #write} on this thread of exactly {@code text} (the same instance) writes {@code json}'s bytes
     * instead of escaping the text: a transport calls this just before it serializes a tool's answer, on the thread
     * that serializes it. Any earlier text prepared on this thread is forgotten; a write of another string, or on
     * another thread, escapes as usual.
     */
    public static void prepare(String text, JsonForm json) {
        PREPARED.set(new Prepared(text, json));
    }

    /** Forgets the text prepared on this thread, if any: its answer was written, or will not be (a cancelled call). */
    public static void forgetPrepared() {
        PREPARED.remove();
    }

    /** Writes {@code value} as a JSON string value. */
    public static void write(JsonGenerator gen, String value) throws IOException {
        if (gen instanceof UTF8JsonGenerator) {
            if (escapesAsByDefault(gen)) {
                Prepared prepared = PREPARED.get();
                if (prepared != null && prepared.text() == value) {
                    PREPARED.remove();
                    JsonEscaper json = FORMS.get().reset();
                    prepared.json().appendTo(json);
                    gen.writeRawUTF8String(json.bytes(), 0, json.length());
                    if (json.capacity() > KEPT_FORM) {
                        FORMS.remove();
                    }
                    return;
                }
                if (writeAscii(gen, value)) {
                    return;
                }
            }
        } else if (!(gen instanceof WriterBasedJsonGenerator)) {
            // Not JSON text (a TokenBuffer of a conversion, say): it keeps the String itself, a copy would only cost.
            gen.writeString(value);
            return;
        }
        int length = value.length();
        char[] buffer = CHARS.get();
        if (buffer.length < length) {
            buffer = new char[length];
            if (length <= KEPT) {
                CHARS.set(buffer);
            }
        }
        value.getChars(0, length, buffer, 0);
        gen.writeString(buffer, 0, length);
    }

    /**
     * Whether the generator escapes as Jackson does by default, which is what the shortcuts write: no custom escapes,
     * non-ASCII written as it is, upper-case hex, a slash as it is, the characters beyond the Basic Multilingual Plane
     * as their two escaped surrogates.
     */
    @SuppressWarnings("deprecation") // the generator exposes these JsonWriteFeature settings only as its own features
    private static boolean escapesAsByDefault(JsonGenerator gen) {
        return gen.getCharacterEscapes() == null && gen.getHighestEscapedChar() == 0
                && gen.isEnabled(JsonGenerator.Feature.WRITE_HEX_UPPER_CASE)
                && !gen.isEnabled(JsonGenerator.Feature.ESCAPE_FORWARD_SLASHES)
                && !gen.isEnabled(JsonGenerator.Feature.COMBINE_UNICODE_SURROGATES_IN_UTF8);
    }

    /** Writes an ASCII string escaped as Jackson would; false (nothing written) for any other string. */
    private static boolean writeAscii(JsonGenerator gen, String value) throws IOException {
        byte[] in = value.getBytes(StandardCharsets.ISO_8859_1);
        int length = in.length;
        byte[] out = null; // taken only when something needs escaping: many lines need none
        int written = 0;
        int run = 0; // start of the bytes not yet copied
        int i = 0;
        while (i < length) {
            if (i + 8 <= length) {
                // Whether any of the eight bytes may need a look: below 0x20, a quote, a backslash, a question mark
                // (what the Latin-1 copy makes of a wider character) or beyond ASCII. The bit tricks never miss such
                // a byte; a false alarm only costs a look at each of the eight. Inline: the quick compiler would not.
                long x = ByteScan.word(in, i);
                if ((ByteScan.anyBelow(x, 0x20) | ByteScan.nonAsciiBytes(x) | ByteScan.zeroBytes(x ^ QUOTES)
                        | ByteScan.zeroBytes(x ^ BACKSLASHES) | ByteScan.zeroBytes(x ^ QUESTION_MARKS)) == 0) {
                    i += 8;
                    continue;
                }
            }
            int end = Math.min(i + 8, length);
            for (; i < end; i++) {
                byte b = in[i];
                if (b >= 0x20 && b != '"' && b != '\\') {
                    if (b == '?' && value.charAt(i) != '?') {
                        return false; // a character beyond Latin-1, which the copy turned into '?'
                    }
                    continue;
                }
                char escape = JsonEscaper.shortEscape(b);
                if (escape == 0) {
                    return false; // beyond ASCII, or a control character without a short escape
                }
                if (out == null) {
                    out = escapeBuffer(length);
                }
                System.arraycopy(in, run, out, written, i - run);
                written += i - run;
                out[written++] = '\\';
                out[written++] = (byte) escape;
                run = i + 1;
            }
        }
        if (out == null) {
            gen.writeRawUTF8String(in, 0, length);
            return true;
        }
        System.arraycopy(in, run, out, written, length - run);
        written += length - run;
        gen.writeRawUTF8String(out, 0, written);
        return true;
    }

    /** Room for the escaped form of {@code length} bytes: the escapes written here are all two bytes long. */
    private static byte[] escapeBuffer(int length) {
        byte[] out = BYTES.get();
        if (out.length < 2 * length) {
            out = new byte[2 * length];
            if (out.length <= 2 * KEPT) {
                BYTES.set(out);
            }
        }
        return out;
    }
}
