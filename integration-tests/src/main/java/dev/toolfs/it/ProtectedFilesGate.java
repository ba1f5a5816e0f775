package dev.toolfs.it;

import java.util.List;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import dev.toolfs.fs.FsErrorCode;
import dev.toolfs.fs.FsException;
import dev.toolfs.gates.EditIntent;
import dev.toolfs.gates.MutationIntent;
import dev.toolfs.gates.WriteIntent;

/**
 * The app's own gate observer: a deny list of file names no model may change. It needs no change to the tools; it
 * refuses by throwing, and leaves the decision slot to the observation policy.
 */
@ApplicationScoped
public class ProtectedFilesGate {

    @ConfigProperty(name = "app.protected-names", defaultValue = ".env")
    List<String> protectedNames;

    void onWrite(@Observes WriteIntent intent) {
        check("write", intent);
    }

    void onEdit(@Observes EditIntent intent) {
        check("edit", intent);
    }

    private void check(String op, MutationIntent intent) {
        String name = intent.path().target().getFileName().toString();
        if (protectedNames.contains(name)) {
            throw new FsException(FsErrorCode.FS_SANDBOX_DENIED, intent.path().requested(),
                    "cannot " + op + " " + FsException.PATH + ": this application protects " + name
                            + " from changes by models; leave it as it is");
        }
    }
}
