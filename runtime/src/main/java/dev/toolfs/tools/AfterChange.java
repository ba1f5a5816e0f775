package dev.toolfs.tools;

import org.jboss.logging.Logger;

import dev.toolfs.fs.FileVersion;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.gates.Gates;

/**
 * Records the version a write or edit left, as {@code fs/observed}. The change is made by then: an observer that fails
 * must not make the call read as a failure that changed nothing, which the model would retry.
 */
final class AfterChange {

    private static final Logger LOG = Logger.getLogger(AfterChange.class);

    private AfterChange() {
    }

    static void observed(Gates gates, ToolContext ctx, ResolvedPath path, FileVersion version) {
        try {
            gates.observed(ctx.execution(), path, version);
        } catch (RuntimeException e) {
            String tool = ctx.execution().tool();
            LOG.errorf(e, "an fs/observed observer failed after %s changed %s", tool, path.requested());
            throw new ToolFailureException("InternalError", "INTERNAL", tool + " changed \""
                    + ctx.display(path.requested()) + "\", but an observer of the change failed ("
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())
                    + "); do not repeat the change: read the file, then go on from what it holds");
        }
    }
}
