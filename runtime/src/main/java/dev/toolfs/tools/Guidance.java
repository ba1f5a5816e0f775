package dev.toolfs.tools;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The system-prompt sections, exactly as SPEC.md gives them. They are registered independently of the schemas: a
 * restriction that hides a tool does not remove them, and their text never changes between calls.
 */
public final class Guidance {

    public static final String READ = "Use the read tool — not shell commands like cat — to inspect text files. Results include line numbers. Use offset and limit to continue reading large files.";

    public static final String WRITE = "Use the write tool to create files or completely replace file contents. Existing files are overwritten, so read an existing file first (the default fs-observation-policy requires it) and prefer edit for targeted changes.";

    public static final String EDIT = "Use the edit tool for targeted changes to existing UTF-8 text files. It replaces literal old_string with new_string; by default old_string must appear exactly once. If old_string appears multiple times, provide a more specific old_string or set replace_all to true. Read the file first (the default fs-observation-policy requires it), unless you just created or edited it in this session.";

    private Guidance() {
    }

    /**
     * A tool's description followed by its guidance section, for transports without a system prompt (MCP,
     * LangChain4j tool specifications); tools without a section keep their description.
     */
    public static String describe(String toolName, String description) {
        String guidance = sections().get(toolName);
        return guidance == null ? description : description + "\n\n" + guidance;
    }

    private static final Map<String, String> SECTIONS = sectionsInOrder();

    /** The sections in their stable order, keyed by tool name (unmodifiable). */
    public static Map<String, String> sections() {
        return SECTIONS;
    }

    private static Map<String, String> sectionsInOrder() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("read", READ);
        m.put("write", WRITE);
        m.put("edit", EDIT);
        return Collections.unmodifiableMap(m);
    }
}
