package dev.toolfs.runtime;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.validation.Validator;
import jakarta.validation.constraints.AssertFalse;
import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.groups.Default;
import jakarta.validation.metadata.BeanDescriptor;
import jakarta.validation.metadata.ConstraintDescriptor;
import jakarta.validation.metadata.PropertyDescriptor;
import jakarta.validation.metadata.ValidateUnwrappedValue;

/**
 * Proves an argument record valid without running the validator, when every constraint on it has a plain meaning
 * (not null, not empty, not blank, a bound or sign of an integer, a boolean that must be true or false) on a value of a
 * plain declared type, checked by the validator's built-in implementation. The validator's
 * general machinery is about a seventh of a small read's CPU; almost every call a model makes is valid. What it cannot
 * prove valid, and every record with another constraint, goes to the validator, which alone words the errors: so the
 * shortcut must only ever say "valid" when the validator would find nothing (property-tested against it).
 */
final class ValidityShortcut {

    /** One plain constraint on the value of one property, read as the validator reads it (a field, or a getter). */
    private record Check(Member source, Class<? extends Annotation> kind, long bound) {

        Object value(Record args) throws ReflectiveOperationException {
            return source instanceof Field f ? f.get(args) : ((Method) source).invoke(args);
        }
    }

    /** For a record with any constraint this does not know: the validator decides every time. */
    static final ValidityShortcut NONE = new ValidityShortcut(null);

    /** Null for {@link #NONE}. */
    private final Check[] checks;

    private ValidityShortcut(Check[] checks) {
        this.checks = checks;
    }

    /** The shortcut for {@code type}, from the validator's own description of its constraints. */
    static ValidityShortcut of(Class<?> type, Validator validator) {
        if (!type.isRecord()) {
            return NONE;
        }
        BeanDescriptor bean = validator.getConstraintsForClass(type);
        if (!bean.getConstraintDescriptors().isEmpty()) {
            return NONE; // a constraint on the record as a whole
        }
        List<Check> checks = new ArrayList<>();
        for (PropertyDescriptor p : bean.getConstrainedProperties()) {
            if (p.isCascaded() || !p.getConstrainedContainerElementTypes().isEmpty()
                    || !p.getGroupConversions().isEmpty()) {
                return NONE;
            }
            Member source = source(type, p.getPropertyName());
            if (source == null) {
                return NONE;
            }
            Class<?> declared = source instanceof Field f ? f.getType() : ((Method) source).getReturnType();
            for (ConstraintDescriptor<?> c : p.getConstraintDescriptors()) {
                Check check = check(source, declared, c);
                if (check == null) {
                    return NONE;
                }
                checks.add(check);
            }
        }
        return new ValidityShortcut(checks.toArray(Check[]::new));
    }

    /**
     * Where the validator reads a property: a record component's field, or a getter ({@code getX}, or {@code isX} or
     * {@code hasX} returning {@code boolean}). Null when it could be either (a component and a getter of the same
     * property, whose constraints the validator merges, each read its own way) or neither.
     */
    private static Member source(Class<?> type, String property) {
        String cap = Character.toUpperCase(property.charAt(0)) + property.substring(1);
        Method getter = null;
        int getters = 0;
        // Public ones, inherited from interfaces too, and the record's own whatever their access.
        Set<Method> methods = new LinkedHashSet<>(List.of(type.getMethods()));
        methods.addAll(List.of(type.getDeclaredMethods()));
        for (Method m : methods) {
            if (m.getParameterCount() == 0 && !Modifier.isStatic(m.getModifiers())
                    && (m.getName().equals("get" + cap) && m.getReturnType() != void.class
                            || (m.getName().equals("is" + cap) || m.getName().equals("has" + cap))
                                    && m.getReturnType() == boolean.class)) {
                getter = m;
                getters++;
            }
        }
        for (RecordComponent c : type.getRecordComponents()) {
            if (c.getName().equals(property)) {
                if (getters > 0) {
                    return null;
                }
                try {
                    Field f = type.getDeclaredField(property);
                    f.setAccessible(true);
                    return f;
                } catch (NoSuchFieldException | RuntimeException e) {
                    return null;
                }
            }
        }
        if (getters != 1) {
            return null;
        }
        try {
            getter.setAccessible(true);
            return getter;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static final Set<Class<?>> INTEGRAL = Set.of(int.class, long.class, short.class, byte.class,
            Integer.class, Long.class, Short.class, Byte.class);
    /** The container types whose emptiness {@link #holds} tells (the validator reads them as they are too). */
    private static final Set<Class<?>> CONTAINERS = Set.of(List.class, Set.class, Collection.class, Map.class);
    /** The other declared types the validator reads as they are (no value extractor unwraps them by default). */
    private static final Set<Class<?>> PLAIN = Set.of(String.class, Boolean.class, boolean.class, Double.class,
            double.class, Float.class, float.class, java.math.BigInteger.class, java.math.BigDecimal.class);

    /** Whether the validator's check of {@code kind} on a value declared as {@code type} is the one {@link #holds} makes. */
    private static boolean plainFor(Class<? extends Annotation> kind, Class<?> type) {
        if (kind == NotNull.class) {
            return PLAIN.contains(type) || CONTAINERS.contains(type) || INTEGRAL.contains(type) || type.isEnum();
        }
        if (kind == NotBlank.class) {
            return type == String.class;
        }
        if (kind == NotEmpty.class) {
            return type == String.class || CONTAINERS.contains(type);
        }
        if (kind == AssertTrue.class || kind == AssertFalse.class) {
            return type == boolean.class || type == Boolean.class;
        }
        if (kind == Min.class || kind == Max.class || kind == Positive.class || kind == PositiveOrZero.class) {
            return INTEGRAL.contains(type);
        }
        return false;
    }

    /**
     * The check for a constraint with a plain meaning, in the default group only, checked by the validator's own
     * built-in implementation (none replaced by an application's), on a value it reads as declared; else null.
     */
    private static Check check(Member source, Class<?> declared, ConstraintDescriptor<?> c) {
        if (!c.getGroups().equals(Set.of(Default.class)) || !c.getComposingConstraints().isEmpty()
                || c.getValueUnwrapping() == ValidateUnwrappedValue.UNWRAP) {
            return null;
        }
        List<? extends Class<?>> validators = c.getConstraintValidatorClasses();
        if (validators.isEmpty() || !validators.stream()
                .allMatch(v -> v.getName().startsWith("org.hibernate.validator.internal.constraintvalidators."))) {
            return null;
        }
        Class<? extends Annotation> kind = c.getAnnotation().annotationType();
        if (!plainFor(kind, declared)) {
            return null;
        }
        Object bound = kind == Min.class || kind == Max.class ? c.getAttributes().get("value") : 0L;
        return bound instanceof Long b ? new Check(source, kind, b) : null;
    }

    /** True only when the validator would find no violation in {@code args}; false says nothing. */
    boolean provesValid(Record args) {
        if (checks == null) {
            return false;
        }
        for (Check c : checks) {
            Object v;
            try {
                v = c.value(args);
            } catch (ReflectiveOperationException | RuntimeException e) {
                return false; // the validator will say what is wrong, or fail the same way
            }
            if (!holds(c, v)) {
                return false;
            }
        }
        return true;
    }

    private static boolean holds(Check c, Object v) {
        Class<? extends Annotation> kind = c.kind();
        if (kind == NotNull.class) {
            return v != null;
        }
        if (kind == NotEmpty.class) {
            return v instanceof CharSequence s ? s.length() > 0
                    : v instanceof Collection<?> col ? !col.isEmpty() : v instanceof Map<?, ?> m && !m.isEmpty();
        }
        if (kind == NotBlank.class) {
            // Blank by either rule the validator has used (trimmed empty, or only white space).
            if (!(v instanceof CharSequence s)) {
                return false;
            }
            String text = s.toString();
            return !text.trim().isEmpty() && !text.isBlank();
        }
        if (kind == AssertTrue.class || kind == AssertFalse.class) {
            return v == null || v instanceof Boolean b && b == (kind == AssertTrue.class);
        }
        // Bounds, on a value declared of an integer type (see plainFor): null is valid.
        if (v == null) {
            return true;
        }
        long n = ((Number) v).longValue();
        if (kind == Min.class) {
            return n >= c.bound();
        }
        if (kind == Max.class) {
            return n <= c.bound();
        }
        return kind == Positive.class ? n > 0 : n >= 0;
    }
}
