package dev.toolfs.runtime.observability;

import java.nio.file.Files;
import java.nio.file.Path;

import jakarta.inject.Inject;

import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

import dev.toolfs.fs.local.Workspace;

/** Ready when every workspace root is a readable folder. Registered only when the application has SmallRye Health. */
@Readiness
public class WorkspaceHealthCheck implements HealthCheck {

    @Inject
    Workspace workspace;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder b = HealthCheckResponse.named("Tool FS workspace").up();
        for (Path root : workspace.roots()) {
            boolean ok = Files.isDirectory(root) && Files.isReadable(root);
            b.withData(root.toString(), ok ? "readable" : "missing or unreadable");
            if (!ok) {
                b.down();
            }
        }
        return b.build();
    }
}
