package dev.toolfs.runtime;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

/**
 * A tool's arguments given as the values a JSON parser makes of an object (maps with string keys, lists, strings,
 * booleans, integers, doubles, nulls), as the JSON tree the arguments are bound from. It is the tree Jackson's
 * {@code ObjectMapper.valueToTree} makes of them, built directly: Jackson's way writes the values out and parses them
 * back, which was about a twelfth of a small read's CPU. Any other value (a number of another type, an application's
 * object) is left to Jackson: {@link #of} answers null. So is everything when the application's mapper is set to make
 * other trees of the same values ({@link #sameAs}): dropping null entries, reading decimals as {@code BigDecimal}.
 */
final class ArgumentTree {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Deeper than a JSON parser nests (its limit is 1000): an application's map that holds itself, for Jackson to refuse. */
    private static final int MAX_DEPTH = 1100;

    private ArgumentTree() {
    }

    /**
     * Values of every kind {@link #of} takes, with the entries a mapper's settings are known to change: a null entry
     * (dropped by a "non null" inclusion), a decimal (a {@code BigDecimal} node with USE_BIG_DECIMAL_FOR_FLOATS), an
     * integer (a {@code BigInteger} node with USE_BIG_INTEGER_FOR_INTS), an empty list and object (dropped by "non
     * empty"), a list of one (its element alone with WRITE_SINGLE_ELEM_ARRAYS_UNWRAPPED), a text and a decimal an
     * application's own serializer could change, and keys out of order (sorted with ORDER_MAP_ENTRIES_BY_KEYS).
     */
    private static Map<String, Object> probe() {
        Map<String, Object> nested = new java.util.LinkedHashMap<>();
        nested.put("none", null);
        nested.put("list", List.of());
        nested.put("object", Map.of());
        Map<String, Object> probe = new java.util.LinkedHashMap<>();
        probe.put("text", " a<&>\u00e9\"\\\n ");
        probe.put("empty", "");
        probe.put("flag", Boolean.FALSE);
        probe.put("int", 1);
        probe.put("long", 5_000_000_000L);
        probe.put("big", new BigInteger("123456789012345678901234567890"));
        probe.put("decimal", 1.5);
        probe.put("tenth", 0.1);
        probe.put("single", List.of("x"));
        probe.put("none", null);
        probe.put("list", List.of(0, nested));
        probe.put("nested", nested);
        return probe;
    }

    /**
     * Whether {@code mapper} makes the trees this class makes, judged once on a {@link #probe()} of every kind of value:
     * an application may have set its mapper otherwise, and its settings then apply to tool arguments as before.
     */
    static boolean sameAs(ObjectMapper mapper) {
        Map<String, Object> probe = probe();
        try {
            JsonNode theirs = mapper.valueToTree(probe);
            ObjectNode ours = of(probe);
            // equals compares node types but not the order of an object's fields; the text shows the order.
            return theirs.equals(ours) && theirs.toString().equals(ours.toString());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The tree of {@code args} ({@code {}} for none), or null when a value in it is not one a JSON parser makes. */
    static ObjectNode of(Map<?, ?> args) {
        return args == null ? NODES.objectNode() : object(args, 0);
    }

    private static ObjectNode object(Map<?, ?> args, int depth) {
        if (depth > MAX_DEPTH) {
            return null;
        }
        ObjectNode object = NODES.objectNode();
        for (Map.Entry<?, ?> e : args.entrySet()) {
            if (!(e.getKey() instanceof String name)) {
                return null;
            }
            JsonNode value = node(e.getValue(), depth + 1);
            if (value == null) {
                return null;
            }
            object.set(name, value);
        }
        return object;
    }

    private static JsonNode node(Object v, int depth) {
        if (v == null) {
            return NullNode.getInstance();
        }
        if (v instanceof String s) {
            return TextNode.valueOf(s);
        }
        if (v instanceof Boolean b) {
            return BooleanNode.valueOf(b);
        }
        if (v instanceof Integer i) {
            return IntNode.valueOf(i);
        }
        if (v instanceof Long l) {
            return LongNode.valueOf(l);
        }
        if (v instanceof BigInteger big) {
            return BigIntegerNode.valueOf(big);
        }
        if (v instanceof Double d) {
            return DoubleNode.valueOf(d);
        }
        if (v instanceof Map<?, ?> map) {
            return object(map, depth);
        }
        if (v instanceof List<?> list) {
            if (depth > MAX_DEPTH) {
                return null;
            }
            ArrayNode array = NODES.arrayNode(list.size());
            for (Object item : list) {
                JsonNode node = node(item, depth + 1);
                if (node == null) {
                    return null;
                }
                array.add(node);
            }
            return array;
        }
        return null;
    }
}
