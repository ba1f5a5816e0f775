package dev.toolfs.transport.mcp;

import java.util.List;
import java.util.Map;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

/**
 * How both transports judge a client's answer to roots/list before an MCP library reads it: the libraries failed on
 * one that is no list of roots (an HTTP 500 and a 5 s wait, or a 5 s wait over stdio; found by black-box testing),
 * which is taken as an error answer instead: the session uses the first workspace root at once.
 */
final class RootsResults {

    static final String NOT_A_ROOTS_RESULT = "its answer was not a roots list";

    private RootsResults() {
    }

    /**
     * Whether {@code result} (as JSON read into maps and lists, or into Vert.x's objects) is a roots list: an object
     * whose {@code roots} is an array of objects, each with a string {@code uri} and, if any, a string {@code name}.
     */
    static boolean readable(Object result) {
        Object roots = field(result, "roots");
        List<?> list = roots instanceof JsonArray a ? a.getList() : roots instanceof List<?> l ? l : null;
        if (list == null) {
            return false;
        }
        for (Object root : list) {
            if (!(root instanceof Map || root instanceof JsonObject) || !(field(root, "uri") instanceof String)) {
                return false;
            }
            Object name = field(root, "name");
            if (name != null && !(name instanceof String)) {
                return false;
            }
        }
        return true;
    }

    private static Object field(Object object, String name) {
        return object instanceof JsonObject o ? o.getValue(name) : object instanceof Map<?, ?> m ? m.get(name) : null;
    }
}
