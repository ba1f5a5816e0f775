package dev.toolfs.runtime;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
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
 * object) is left to Jackson: {@link #of} answers null.
 */
final class ArgumentTree {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Deeper than a JSON parser nests (its limit is 1000): an application's map that holds itself, for Jackson to refuse. */
    private static final int MAX_DEPTH = 1100;

    private ArgumentTree() {
    }

    /** The tree of {@code args}, or null when a value in it is not one a JSON parser makes. */
    static ObjectNode of(Map<?, ?> args) {
        return object(args, 0);
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
