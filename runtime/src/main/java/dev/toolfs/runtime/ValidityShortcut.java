package dev.toolfs.runtime;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
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

/**
 * Proves an argument record valid without running the validator, when every constraint on it has a plain meaning
 * (not null, not empty, not blank, a bound on an integer, a boolean getter that must be true or false). The validator's
 * general machinery is about a seventh of a small read's CPU; almost every call a model makes is valid. What it cannot
 * prove valid, and every record with another constraint, goes to the validator, which alone words the errors: so the
 * shortcut must only ever say "valid" when the validator would find nothing (property-tested against it).
 */
final class ValidityShortcut {

    /** One plain constraint on the value of one property. */
    private record Check(Method accessor, Class<? extends Annotation> kind, long bound) {
    }

    /** For a record with any constraint this does not know: the validator decides every time. */
    static final ValidityShortcut NONE = new ValidityShortcut(null);

    private static final Set<Class<?>> INTEGRAL = Set.of(Integer.class, Long.class, Short.class, Byte.class);

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
            Method accessor = accessor(type, p.getPropertyName());
            if (accessor == null) {
                return NONE;
            }
            for (ConstraintDescriptor<?> c : p.getConstraintDescriptors()) {
                Check check = check(accessor, c);
                if (check == null) {
                    return NONE;
                }
                checks.add(check);
            }
        }
        return new ValidityShortcut(checks.toArray(Check[]::new));
    }

    /** The record component's accessor, or the boolean getter a constraint sits on ({@code isX}, {@code getX}). */
    private static Method accessor(Class<?> type, String property) {
        for (RecordComponent c : type.getRecordComponents()) {
            if (c.getName().equals(property)) {
                return accessible(c.getAccessor());
            }
        }
        String cap = Character.toUpperCase(property.charAt(0)) + property.substring(1);
        for (String name : List.of("is" + cap, "get" + cap)) {
            try {
                Method m = type.getMethod(name);
                if (!Modifier.isStatic(m.getModifiers())) {
                    return accessible(m);
                }
            } catch (NoSuchMethodException e) {
                // The other spelling.
            }
        }
        return null;
    }

    private static Method accessible(Method m) {
        try {
            m.setAccessible(true);
            return m;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** The check for a constraint with a plain meaning in the default group only, else null. */
    private static Check check(Method accessor, ConstraintDescriptor<?> c) {
        if (!c.getGroups().equals(Set.of(Default.class)) || !c.getComposingConstraints().isEmpty()) {
            return null;
        }
        Annotation a = c.getAnnotation();
        Class<? extends Annotation> kind = a.annotationType();
        if (kind == Min.class || kind == Max.class) {
            Object value = c.getAttributes().get("value");
            return value instanceof Long bound ? new Check(accessor, kind, bound) : null;
        }
        if (kind == NotNull.class || kind == NotEmpty.class || kind == NotBlank.class || kind == Positive.class
                || kind == PositiveOrZero.class || kind == AssertTrue.class || kind == AssertFalse.class) {
            return new Check(accessor, kind, 0);
        }
        return null;
    }

    /** True only when the validator would find no violation in {@code args}; false says nothing. */
    boolean provesValid(Record args) {
        if (checks == null) {
            return false;
        }
        for (Check c : checks) {
            Object v;
            try {
                v = c.accessor().invoke(args);
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
            return v instanceof CharSequence s && !s.toString().trim().isEmpty() && !s.toString().isBlank();
        }
        if (kind == AssertTrue.class || kind == AssertFalse.class) {
            return v == null || v instanceof Boolean b && b == (kind == AssertTrue.class);
        }
        // Bounds: null is valid; only integral values are proven here (a decimal one takes the validator's way).
        if (v == null) {
            return true;
        }
        if (!INTEGRAL.contains(v.getClass())) {
            return false;
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
