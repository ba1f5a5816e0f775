package dev.toolfs.runtime;

import java.nio.file.Path;
import java.util.List;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import dev.toolfs.config.ToolFsConfig;
import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.local.LocalFileSystem;
import dev.toolfs.fs.local.Workspace;
import dev.toolfs.session.SessionRegistry;
import io.quarkus.arc.DefaultBean;

/** The default beans; an application overrides the provider by declaring its own {@link FileSystemProvider}. */
@Singleton
public class ToolFsProducers {

    @Produces
    @Singleton
    Workspace workspace(ToolFsConfig config) {
        List<Path> roots = config.workspace().roots()
                .map(list -> list.stream().map(r -> Path.of(r).toAbsolutePath().normalize()).toList())
                .orElse(List.of(Path.of("").toAbsolutePath()));
        return new Workspace(roots);
    }

    @Produces
    @Singleton
    @DefaultBean
    FileSystemProvider fileSystem(Workspace workspace, ToolFsConfig config) {
        return new LocalFileSystem(workspace, config.version().maxHashBytes(), config.edit().maxFileBytes());
    }

    /** A missing or unreadable workspace root fails the start, not the first call. */
    void checkWorkspace(@jakarta.enterprise.event.Observes io.quarkus.runtime.StartupEvent event, Workspace workspace) {
        workspace.roots();
    }

    @Produces
    @Singleton
    SessionRegistry sessions(ToolFsConfig config) {
        return new SessionRegistry(config.sessions().max(), config.sessions().idleTimeout());
    }
}
