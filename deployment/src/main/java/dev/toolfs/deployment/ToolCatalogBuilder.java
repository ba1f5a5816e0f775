package dev.toolfs.deployment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import org.jboss.jandex.AnnotationInstance;
import org.jboss.jandex.AnnotationValue;
import org.jboss.jandex.ClassInfo;
import org.jboss.jandex.DotName;
import org.jboss.jandex.FieldInfo;
import org.jboss.jandex.IndexView;
import org.jboss.jandex.RecordComponentInfo;
import org.jboss.jandex.Type;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.toolfs.runtime.ParamDescriptor;
import dev.toolfs.runtime.ToolDescriptor;
import dev.toolfs.tools.CatalogTool;
import dev.toolfs.tools.ConfinedOnly;
import dev.toolfs.tools.Description;
import dev.toolfs.tools.ToolExecutor;

/**
 * Finds every {@link CatalogTool} in the index, checks it, and generates its JSON Schema from the argument record:
 * types, required fields, descriptions, defaults, and Bean Validation constraints as schema keywords. Every mistake
 * is collected and reported at once, naming the class.
 */
final class ToolCatalogBuilder {

    static final DotName CATALOG_TOOL = DotName.createSimple(CatalogTool.class.getName());
    static final DotName TOOL_EXECUTOR = DotName.createSimple(ToolExecutor.class.getName());
    static final DotName DESCRIPTION = DotName.createSimple(Description.class.getName());
    static final DotName CONFINED_ONLY = DotName.createSimple(ConfinedOnly.class.getName());
    private static final String BV = "jakarta.validation.constraints.";
    private static final DotName NOT_NULL = DotName.createSimple(BV + "NotNull");
    private static final DotName NOT_BLANK = DotName.createSimple(BV + "NotBlank");
    private static final DotName NOT_EMPTY = DotName.createSimple(BV + "NotEmpty");
    private static final DotName MIN = DotName.createSimple(BV + "Min");
    private static final DotName MAX = DotName.createSimple(BV + "Max");
    private static final DotName SIZE = DotName.createSimple(BV + "Size");
    private static final DotName POSITIVE = DotName.createSimple(BV + "Positive");
    private static final DotName POSITIVE_OR_ZERO = DotName.createSimple(BV + "PositiveOrZero");
    private static final DotName PATTERN = DotName.createSimple(BV + "Pattern");
    private static final DotName LIST = DotName.createSimple(List.class.getName());
    private static final Pattern TOOL_NAME = Pattern.compile("[a-zA-Z0-9_-]{1,64}");
    private static final Set<String> STRING = Set.of("java.lang.String");
    private static final Set<String> INTEGER = Set.of("int", "long", "short", "java.lang.Integer", "java.lang.Long",
            "java.lang.Short");
    private static final Set<String> NUMBER = Set.of("double", "float", "java.lang.Double", "java.lang.Float");
    private static final Set<String> BOOLEAN = Set.of("boolean", "java.lang.Boolean");

    private final IndexView index;
    private final ObjectMapper mapper = new ObjectMapper();
    private final List<String> problems = new ArrayList<>();

    /** Tool classes left out of the catalog (a built-in tool the configuration turns off). */
    private final Set<DotName> leftOut;

    ToolCatalogBuilder(IndexView index) {
        this(index, Set.of());
    }

    ToolCatalogBuilder(IndexView index, Set<DotName> leftOut) {
        this.index = index;
        this.leftOut = leftOut;
    }

    /** The tools, or an exception listing every problem found. */
    List<ToolDescriptor> build() {
        List<ToolDescriptor> tools = new ArrayList<>();
        Map<String, String> names = new HashMap<>();
        // Sorted by class name, so the catalog and its messages do not depend on the index's iteration order.
        List<AnnotationInstance> found = new ArrayList<>(index.getAnnotations(CATALOG_TOOL));
        found.sort(java.util.Comparator.comparing(a -> a.target().asClass().name().toString()));
        for (AnnotationInstance a : found) {
            ClassInfo tool = a.target().asClass();
            if (leftOut.contains(tool.name())) {
                // Neither offered nor holding its name: an application's tool may take it.
                continue;
            }
            ToolDescriptor d = describe(tool, a);
            if (d == null) {
                continue;
            }
            String previous = names.putIfAbsent(d.name(), tool.name().toString());
            if (previous != null) {
                problems.add("tool name \"" + d.name() + "\" is declared twice, by " + previous + " and by " + tool.name()
                        + "; tool names must be unique");
                continue;
            }
            tools.add(d);
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("Tool FS found problems in the tool catalog:\n - " + String.join("\n - ", problems));
        }
        return tools;
    }

    private ToolDescriptor describe(ClassInfo tool, AnnotationInstance a) {
        String name = a.value("name").asString();
        String where = "tool class " + tool.name();
        if (java.lang.reflect.Modifier.isAbstract(tool.flags())) {
            // Nothing could be made of it to run: the build would pass and every call fail.
            problems.add(where + ": a @CatalogTool class must be concrete, not " + (tool.isInterface() ? "an interface"
                    : "abstract"));
            return null;
        }
        if (!TOOL_NAME.matcher(name).matches()) {
            problems.add(where + ": name \"" + name + "\" must be 1 to 64 letters, digits, '_' or '-'");
            return null;
        }
        AnnotationValue descriptionValue = a.value("description");
        String description = descriptionValue == null ? "" : descriptionValue.asString().strip();
        if (description.isEmpty()) {
            problems.add(where + ": tool \"" + name + "\" has no description; the model needs one to use it");
            return null;
        }
        Type argsType = argumentType(tool);
        if (argsType == null) {
            problems.add(where + ": a @CatalogTool class must implement ToolExecutor<A> with A an argument record");
            return null;
        }
        ClassInfo args = index.getClassByName(argsType.name());
        if (args == null || !args.isRecord()) {
            problems.add(where + ": the argument type " + argsType.name() + " must be a record"
                    + (args == null ? " in the application's index" : ""));
            return null;
        }
        List<ParamDescriptor> params = new ArrayList<>();
        ObjectNode properties = JsonNodeFactory.instance.objectNode();
        Map<String, String> argumentNames = new HashMap<>();
        for (RecordComponentInfo c : args.recordComponentsInDeclarationOrder()) {
            String other = argumentNames.putIfAbsent(snakeCase(c.name()), c.name());
            if (other != null) {
                problems.add(where + ": components " + other + " and " + c.name() + " are both the argument \""
                        + snakeCase(c.name()) + "\"; rename one");
                continue;
            }
            ParamDescriptor p = param(where, args, c, properties);
            if (p != null) {
                params.add(p);
            }
        }
        return new ToolDescriptor(name, description, intValue(a, "order", 1000), boolValue(a, "readOnly"),
                boolValue(a, "destructive"), tool.name().toString(), args.name().toString(), List.copyOf(params),
                schema(params, properties, false), schema(params, properties, true));
    }

    /** The object schema over the given parameters; confined-only ones only when {@code confined}. */
    private String schema(List<ParamDescriptor> params, ObjectNode allProperties, boolean confined) {
        ObjectNode schema = JsonNodeFactory.instance.objectNode();
        schema.put("type", "object");
        ObjectNode properties = schema.putObject("properties");
        ArrayNode required = JsonNodeFactory.instance.arrayNode();
        for (ParamDescriptor p : params) {
            if (p.confinedOnly() && !confined) {
                continue;
            }
            properties.set(p.name(), allProperties.get(p.name()));
            if (p.required()) {
                required.add(p.name());
            }
        }
        if (!required.isEmpty()) {
            schema.set("required", required);
        }
        schema.put("additionalProperties", false);
        try {
            return mapper.writeValueAsString(schema);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private ParamDescriptor param(String where, ClassInfo args, RecordComponentInfo c, ObjectNode properties) {
        String name = snakeCase(c.name());
        FieldInfo field = args.field(c.name());
        Type type = c.type();
        String javaType = type.name().toString();
        String jsonType;
        String itemType = null;
        List<String> enumValues = List.of();
        ObjectNode prop = properties.putObject(name);
        if (STRING.contains(javaType)) {
            jsonType = "string";
        } else if (INTEGER.contains(javaType)) {
            jsonType = "integer";
        } else if (NUMBER.contains(javaType)) {
            jsonType = "number";
        } else if (BOOLEAN.contains(javaType)) {
            jsonType = "boolean";
        } else if (type.name().equals(LIST) && type.kind() == Type.Kind.PARAMETERIZED_TYPE) {
            Type item = type.asParameterizedType().arguments().get(0);
            itemType = scalar(item.name().toString());
            if (itemType == null) {
                problems.add(where + ": argument " + c.name() + " is a List of " + item.name()
                        + "; only lists of strings, integers, numbers or booleans are supported");
                return null;
            }
            jsonType = "array";
        } else {
            ClassInfo enumClass = index.getClassByName(type.name());
            if (enumClass != null && enumClass.isEnum()) {
                jsonType = "string";
                enumValues = enumClass.enumConstants().stream().map(FieldInfo::name).toList();
            } else {
                problems.add(where + ": argument " + c.name() + " has the unsupported type " + javaType
                        + "; use String, an integer or number type, boolean, an enum, or a List of those");
                return null;
            }
        }
        prop.put("type", jsonType);
        if (itemType != null) {
            prop.putObject("items").put("type", itemType);
        }
        if (!enumValues.isEmpty()) {
            ArrayNode e = prop.putArray("enum");
            enumValues.forEach(e::add);
        }
        AnnotationInstance desc = annotation(field, c, DESCRIPTION);
        if (desc != null) {
            prop.put("description", desc.value().asString());
            AnnotationValue def = desc.value("defaultValue");
            if (def != null && !def.asString().isEmpty()) {
                try {
                    prop.set("default", mapper.readTree(def.asString()));
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    problems.add(where + ": argument " + c.name() + " has a defaultValue that is not JSON: " + def.asString());
                }
            }
        }
        String message = null;
        boolean isRequired = false;
        for (DotName n : List.of(NOT_BLANK, NOT_EMPTY, NOT_NULL)) {
            AnnotationInstance ann = annotation(field, c, n);
            if (ann != null) {
                isRequired = true;
                if (n != NOT_NULL) {
                    if (jsonType.equals("string")) {
                        prop.put("minLength", 1);
                    } else if (jsonType.equals("array")) {
                        prop.put("minItems", 1);
                    }
                }
                if (message == null && ann.value("message") != null) {
                    message = ann.value("message").asString();
                }
            }
        }
        if (type.kind() == Type.Kind.PRIMITIVE && !jsonType.equals("boolean") && desc == null) {
            // A primitive always has a value; without a documented default, the model must send it.
            isRequired = true;
        }
        AnnotationInstance min = annotation(field, c, MIN);
        if (min != null) {
            prop.put("minimum", min.value().asLong());
        }
        AnnotationInstance max = annotation(field, c, MAX);
        if (max != null) {
            prop.put("maximum", max.value().asLong());
        }
        if (annotation(field, c, POSITIVE) != null) {
            prop.put("exclusiveMinimum", 0);
        }
        if (annotation(field, c, POSITIVE_OR_ZERO) != null) {
            prop.put("minimum", 0);
        }
        AnnotationInstance size = annotation(field, c, SIZE);
        if (size != null) {
            String lo = jsonType.equals("array") ? "minItems" : "minLength";
            String hi = jsonType.equals("array") ? "maxItems" : "maxLength";
            if (size.value("min") != null) {
                prop.put(lo, size.value("min").asInt());
            }
            if (size.value("max") != null) {
                prop.put(hi, size.value("max").asInt());
            }
        }
        AnnotationInstance pattern = annotation(field, c, PATTERN);
        if (pattern != null) {
            prop.put("pattern", pattern.value("regexp").asString());
        }
        if (message == null) {
            message = name + " must be " + switch (jsonType) {
                case "integer" -> "an integer";
                case "number" -> "a number";
                case "boolean" -> "a boolean";
                case "array" -> "an array of " + itemType + "s";
                default -> enumValues.isEmpty() ? "a string" : "one of " + String.join(", ", enumValues);
            };
        }
        boolean confinedOnly = annotation(field, c, CONFINED_ONLY) != null;
        return new ParamDescriptor(name, c.name(), jsonType, javaType, itemType, enumValues, isRequired, message,
                confinedOnly);
    }

    private static String scalar(String javaType) {
        if (STRING.contains(javaType)) {
            return "string";
        }
        if (INTEGER.contains(javaType)) {
            return "integer";
        }
        if (NUMBER.contains(javaType)) {
            return "number";
        }
        return BOOLEAN.contains(javaType) ? "boolean" : null;
    }

    /** Constraints land on the field; our own annotations may sit on the record component itself. */
    private static AnnotationInstance annotation(FieldInfo field, RecordComponentInfo c, DotName name) {
        AnnotationInstance a = field == null ? null : field.declaredAnnotation(name);
        return a != null ? a : c.declaredAnnotation(name);
    }

    /**
     * The record type {@code ToolExecutor} is given, however the tool gets to it: directly, through interfaces or base
     * classes of the application's own, each of which may pass its own type variable on
     * ({@code class MyTool extends BaseTool<MyArgs>}, {@code BaseTool<A> implements TextTool<A>},
     * {@code TextTool<T> extends ToolExecutor<T>}); null when none is, or it stays a type variable.
     */
    private Type argumentType(ClassInfo tool) {
        ClassInfo current = tool;
        // What the type variables of the class being looked at stand for, from the subclass below it.
        Map<String, Type> bound = Map.of();
        while (current != null) {
            Type arg = executorArgument(current.interfaceTypes(), bound, new java.util.HashSet<>());
            if (arg != null) {
                return arg.kind() == Type.Kind.CLASS ? arg : null;
            }
            if (current.superName() == null || current.superName().toString().equals("java.lang.Object")) {
                return null;
            }
            ClassInfo parent = index.getClassByName(current.superName());
            bound = parent == null ? Map.of() : bindings(parent, current.superClassType(), bound);
            current = parent;
        }
        return null;
    }

    /**
     * The argument {@code ToolExecutor} is given among {@code interfaces} (as the class or interface that lists them
     * names them, its own type variables standing for what {@code bound} says), or among the interfaces they extend.
     * A raw {@code ToolExecutor}, or one of a type variable left open, gives {@code void} (no record); null when none of
     * them is one.
     */
    private Type executorArgument(List<Type> interfaces, Map<String, Type> bound, java.util.Set<DotName> seen) {
        for (Type t : interfaces) {
            if (t.name().equals(TOOL_EXECUTOR)) {
                Type arg = t.kind() == Type.Kind.PARAMETERIZED_TYPE ? resolve(t.asParameterizedType().arguments().get(0), bound)
                        : null;
                return arg == null ? org.jboss.jandex.VoidType.VOID : arg; // raw, or a type variable left open
            }
        }
        for (Type t : interfaces) {
            ClassInfo parent = seen.add(t.name()) ? index.getClassByName(t.name()) : null;
            if (parent != null) {
                Type found = executorArgument(parent.interfaceTypes(), bindings(parent, t, bound), seen);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** What the type variables of {@code parent} stand for, as {@code use} (its name where it is extended) gives them. */
    private static Map<String, Type> bindings(ClassInfo parent, Type use, Map<String, Type> bound) {
        Map<String, Type> next = new HashMap<>();
        if (use != null && use.kind() == Type.Kind.PARAMETERIZED_TYPE) {
            List<Type> args = use.asParameterizedType().arguments();
            for (int i = 0; i < Math.min(args.size(), parent.typeParameters().size()); i++) {
                Type arg = resolve(args.get(i), bound);
                if (arg != null) {
                    next.put(parent.typeParameters().get(i).identifier(), arg);
                }
            }
        }
        return next;
    }

    /** A type variable as {@code bound} says (null when it does not), any other type as it is. */
    private static Type resolve(Type type, Map<String, Type> bound) {
        if (type != null && type.kind() == Type.Kind.TYPE_VARIABLE) {
            return bound.get(type.asTypeVariable().identifier());
        }
        return type;
    }

    static String snakeCase(String camel) {
        StringBuilder sb = new StringBuilder(camel.length() + 4);
        for (int i = 0; i < camel.length(); i++) {
            char ch = camel.charAt(i);
            if (Character.isUpperCase(ch)) {
                if (i > 0) {
                    sb.append('_');
                }
                sb.append(Character.toLowerCase(ch));
            } else {
                sb.append(ch);
            }
        }
        return sb.toString();
    }

    private static int intValue(AnnotationInstance a, String name, int def) {
        AnnotationValue v = a.value(name);
        return v == null ? def : v.asInt();
    }

    private static boolean boolValue(AnnotationInstance a, String name) {
        AnnotationValue v = a.value(name);
        return v != null && v.asBoolean();
    }
}
