package dev.toolfs.tools;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An argument that exists only while the provider confines mutations (sandbox mode {@code workspace-write}): it is
 * left out of the schema, and refused as unknown, when the sandbox is off.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.RECORD_COMPONENT, ElementType.FIELD })
public @interface ConfinedOnly {
}
