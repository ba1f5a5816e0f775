package dev.toolfs.attachments;

import java.util.Optional;

/**
 * What a routed model can take. The default answers from configuration
 * ({@code quarkus.tool-fs.models."<model>".image-input}); an application can provide its own bean, e.g. backed by its
 * model catalog.
 */
public interface ModelInfoResolver {

    /** Whether the model accepts image input; empty when the model is unknown (treated as no). */
    Optional<Boolean> imageInput(String model);
}
