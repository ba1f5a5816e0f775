package dev.toolfs.tools;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Describes one argument of a tool for the model; it becomes the property's {@code description} in the schema. */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.RECORD_COMPONENT, ElementType.FIELD })
public @interface Description {

    String value();

    /** The default the tool applies when the argument is absent, as JSON text (e.g. {@code false}, {@code 1}). */
    String defaultValue() default "";
}
