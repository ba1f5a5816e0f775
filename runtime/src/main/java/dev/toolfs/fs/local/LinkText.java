package dev.toolfs.fs.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The names in a symbolic link's text, as the system reads them. The text comes back from the link as it was written
 * (not normalized: {@code "../"} is one name, slash included), so it is split here: empty names (doubled slashes)
 * are dropped, and a trailing slash becomes a final {@code "."}, since the system then requires a folder there
 * ({@code "file.txt/"} fails as {@code "file.txt/."} does).
 */
final class LinkText {

    private LinkText() {
    }

    static List<String> names(Path text) {
        String s = text.toString();
        List<String> names = new ArrayList<>();
        for (String name : s.split("/")) {
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        if (s.endsWith("/") && !names.isEmpty()) {
            names.add(".");
        }
        return names;
    }
}
