package dev.toolfs.tools;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a tool of the catalog: put it on a class implementing {@link ToolExecutor}, whose type argument is the
 * argument record. The build finds every such class, checks it, and generates its JSON Schema from the record.
 * A class without a scope annotation becomes a {@code @Singleton} bean.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface CatalogTool {

    /** The tool's name as the model calls it: 1 to 64 letters, digits, '_' or '-'. */
    String name();

    /** What the tool does, for the model. Required and non-blank. */
    String description();

    /** Position in the catalog; ties are broken by name. Built-in tools use 10 to 40. */
    int order() default 1000;

    /** The tool only reads (MCP {@code readOnlyHint}). */
    boolean readOnly() default false;

    /** The tool may overwrite or destroy data (MCP {@code destructiveHint}). */
    boolean destructive() default false;
}
