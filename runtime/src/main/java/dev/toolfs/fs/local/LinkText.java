package dev.toolfs.fs.local;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The names in a symbolic link's text, as the system reads them. The text comes back from the link as it was written,
 * not normalized: a name may carry the slashes after it ({@code "../"}, {@code "a//b"} gives {@code "a/"} and
 * {@code "b"}). Those are taken off here, byte for byte (a name's string form would turn bytes that are not UTF-8 into
 * another name), and a trailing slash becomes a final {@code "."}, since the system then requires a folder there
 * ({@code "file.txt/"} fails as {@code "file.txt/."} does).
 */
final class LinkText {

    private static final Path DOT = Path.of(".");

    private LinkText() {
    }

    static List<Path> names(Path text) {
        List<Path> names = new ArrayList<>();
        int count = text.getNameCount();
        boolean trailingSlash = false;
        for (int i = 0; i < count; i++) {
            Path name = text.getName(i);
            if (name.toString().endsWith("/")) { // '/' is one byte in every encoding a file name can have
                name = withoutSlashes(name);
                trailingSlash = i == count - 1;
            }
            if (!name.toString().isEmpty()) {
                names.add(name);
            }
        }
        if (trailingSlash && !names.isEmpty()) {
            names.add(DOT);
        }
        return names;
    }

    /** The name without its slashes, its bytes kept: through its URI, which percent-encodes the raw bytes. */
    private static Path withoutSlashes(Path name) {
        String uri = Path.of("/").resolve(name).toUri().toString(); // ends with '/': no look at the disk
        int end = uri.length();
        while (end > "file:///".length() && uri.charAt(end - 1) == '/') {
            end--;
        }
        Path stripped = Path.of(URI.create(uri.substring(0, end))).getFileName();
        return stripped == null ? Path.of("") : stripped;
    }
}
