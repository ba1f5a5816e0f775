package dev.toolfs.runtime;

import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;

import dev.toolfs.tools.ToolInputException;

/**
 * Binds a JSON object to a tool's argument record using the build-time parameter list. JSON types are checked
 * strictly (a number is not a string), unknown arguments are refused with the list of known ones, and the record
 * is created through its canonical constructor (registered for reflection by the build).
 */
final class ArgumentBinder {

    private final ToolDescriptor tool;
    private final Constructor<?> constructor;
    private final Class<?>[] types;
    /** For each {@code List} component, its element type (the binder makes items of exactly that type), else null. */
    private final Class<?>[] itemTypes;
    /** For each record component, its parameter, or null when this mode does not offer it. */
    private final ParamDescriptor[] byComponent;
    /** The arguments' names, for the check of each name given (a stream over the parameters per name was a cost). */
    private final java.util.Set<String> names;

    ArgumentBinder(ToolDescriptor tool, ClassLoader loader) {
        this.tool = tool;
        this.names = tool.params().stream().map(ParamDescriptor::name).collect(Collectors.toUnmodifiableSet());
        try {
            Class<?> record = Class.forName(tool.argsClass(), false, loader);
            RecordComponent[] components = record.getRecordComponents();
            types = new Class<?>[components.length];
            itemTypes = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                if (components[i].getGenericType() instanceof ParameterizedType list
                        && list.getActualTypeArguments()[0] instanceof Class<?> item) {
                    itemTypes[i] = item;
                }
            }
            constructor = record.getDeclaredConstructor(types);
            constructor.setAccessible(true);
            byComponent = new ParamDescriptor[components.length];
            for (int i = 0; i < components.length; i++) {
                String component = components[i].getName();
                byComponent[i] = tool.params().stream().filter(p -> p.component().equals(component)).findFirst()
                        .orElse(null);
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot bind arguments of tool " + tool.name(), e);
        }
    }

    /** The argument record this binds. */
    Class<?> recordType() {
        return constructor.getDeclaringClass();
    }

    Object bind(JsonNode args) {
        if (args == null || args.isNull()) {
            args = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        }
        if (!args.isObject()) {
            throw new ToolInputException("the arguments must be a JSON object");
        }
        for (Iterator<String> it = args.fieldNames(); it.hasNext();) {
            String name = it.next();
            if (!names.contains(name)) {
                throw new ToolInputException("unknown argument \"" + name + "\"; " + tool.name() + " takes "
                        + tool.params().stream().map(ParamDescriptor::name).collect(Collectors.joining(", ")));
            }
        }
        Object[] values = new Object[types.length];
        for (int i = 0; i < values.length; i++) {
            ParamDescriptor p = byComponent[i];
            values[i] = p == null ? (types[i].isPrimitive() ? zero(types[i]) : null)
                    : value(p, args.get(p.name()), types[i], itemTypes[i]);
        }
        try {
            return constructor.newInstance(values);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create the arguments of tool " + tool.name(), e);
        }
    }

    private static Object value(ParamDescriptor p, JsonNode node, Class<?> type, Class<?> itemType) {
        if (node == null || node.isNull()) {
            if (type.isPrimitive()) {
                if (p.required()) {
                    throw new ToolInputException(p.typeMessage());
                }
                return zero(type);
            }
            return null;
        }
        switch (p.type()) {
            case "string":
                if (!node.isTextual()) {
                    throw new ToolInputException(p.typeMessage());
                }
                if (!p.enumValues().isEmpty()) {
                    if (!p.enumValues().contains(node.textValue())) {
                        throw new ToolInputException(p.typeMessage());
                    }
                    return enumValue(type, node.textValue());
                }
                return unicodeText(p, node.textValue());
            case "boolean":
                if (!node.isBoolean()) {
                    throw new ToolInputException(p.typeMessage());
                }
                return node.booleanValue();
            case "integer":
                return integer(p, node, type);
            case "number":
                Object number = number(node, type);
                if (number == null) {
                    throw new ToolInputException(p.typeMessage());
                }
                return number;
            case "array":
                if (!node.isArray()) {
                    throw new ToolInputException(p.typeMessage());
                }
                List<Object> items = new ArrayList<>();
                for (JsonNode item : node) {
                    // Items of the element's own type: a List<Integer> holding Longs fails in the tool, not here.
                    Object v = switch (p.itemType()) {
                        case "string" -> item.isTextual() ? unicodeText(p, item.textValue()) : null;
                        case "integer" -> integral(item, itemType == null ? Long.class : itemType);
                        case "number" -> number(item, itemType == null ? Double.class : itemType);
                        case "boolean" -> item.isBoolean() ? item.booleanValue() : null;
                        default -> null;
                    };
                    if (v == null) {
                        throw new ToolInputException(p.typeMessage());
                    }
                    items.add(v);
                }
                return List.copyOf(items);
            default:
                throw new IllegalStateException("unsupported argument type " + p.type());
        }
    }

    /** A string argument must be text UTF-8 can hold (see {@link UnicodeText}). */
    private static String unicodeText(ParamDescriptor p, String text) {
        int at = UnicodeText.loneSurrogate(text);
        if (at >= 0) {
            throw new ToolInputException(p.name() + " must be valid Unicode text: character " + (at + 1)
                    + " is half of a surrogate pair (\\u" + String.format("%04x", (int) text.charAt(at))
                    + ") without its other half");
        }
        return text;
    }

    private static Object integer(ParamDescriptor p, JsonNode node, Class<?> type) {
        Object value = integral(node, type);
        if (value == null) {
            if (isWhole(node)) {
                // An integer too large for the parameter's type is an integer all the same: the model is told the range.
                long max = type == short.class || type == Short.class ? Short.MAX_VALUE
                        : type == long.class || type == Long.class ? Long.MAX_VALUE : Integer.MAX_VALUE;
                throw new ToolInputException(node.decimalValue().signum() > 0
                        ? p.name() + " must be less than or equal to " + max
                        : p.name() + " must be greater than or equal to " + (-max - 1));
            }
            throw new ToolInputException(p.typeMessage());
        }
        return value;
    }

    /** Whether the JSON node is a whole number, of any size. */
    private static boolean isWhole(JsonNode node) {
        if (!node.isNumber()) {
            return false;
        }
        if (node.isFloatingPointNumber() && !node.isBigDecimal() && !Double.isFinite(node.doubleValue())) {
            return false; // 1e400: too large for a double, its digits lost
        }
        return node.isIntegralNumber() || node.decimalValue().stripTrailingZeros().scale() <= 0;
    }

    /** An integral JSON number as {@code type} (long, int or short, boxed), or null when it is none or does not fit. */
    private static Object integral(JsonNode node, Class<?> type) {
        if (!isWhole(node) || !node.canConvertToLong()) {
            return null;
        }
        long v = node.longValue();
        if (type == long.class || type == Long.class) {
            return v;
        }
        if (type == short.class || type == Short.class) {
            return v < Short.MIN_VALUE || v > Short.MAX_VALUE ? null : (Object) (short) v;
        }
        return v < Integer.MIN_VALUE || v > Integer.MAX_VALUE ? null : (Object) (int) v;
    }

    /** A finite JSON number as {@code type} (double or float, boxed), or null. */
    private static Object number(JsonNode node, Class<?> type) {
        if (!node.isNumber() || !Double.isFinite(node.doubleValue())) {
            return null;
        }
        return type == float.class || type == Float.class ? (Object) node.floatValue() : (Object) node.doubleValue();
    }

    @SuppressWarnings({ "unchecked", "rawtypes" })
    private static Object enumValue(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    private static Object zero(Class<?> type) {
        if (type == boolean.class) {
            return false;
        }
        if (type == long.class) {
            return 0L;
        }
        if (type == double.class) {
            return 0d;
        }
        if (type == float.class) {
            return 0f;
        }
        if (type == short.class) {
            return (short) 0;
        }
        return 0;
    }
}
