package dev.toolfs.tools;

import java.nio.file.Path;

/** SPEC.md's display path: relative to the session's folder when the file lies inside it, else absolute. */
public final class DisplayPath {

    private DisplayPath() {
    }

    public static String of(Path absolute, Path cwd) {
        Path p = absolute.normalize();
        if (cwd != null && p.startsWith(cwd) && !p.equals(cwd)) {
            return cwd.relativize(p).toString();
        }
        return p.equals(cwd) ? "." : p.toString();
    }
}
