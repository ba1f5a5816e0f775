package dev.toolfs.tools;

import java.util.Map;

import jakarta.inject.Inject;

import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.Precondition;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.fs.TextShape;
import dev.toolfs.fs.WriteOutcome;
import dev.toolfs.gates.Gates;

/** {@code write}: the write-intent gate, one provider call, then {@code fs/observed}. No stat of its own. */
@CatalogTool(name = "write", order = 30, destructive = true, description = "Creates a file, or replaces the whole "
        + "content of an existing one with content. A replaced file keeps its byte-order mark, and its CRLF line "
        + "endings unless content has a CR of its own (read shows neither). Missing parent folders are created. To "
        + "replace an existing file, read it first; for targeted changes prefer edit.")
public class WriteTool implements ToolExecutor<WriteArgs> {

    @Inject
    FileSystemProvider fs;

    @Inject
    Gates gates;

    @Inject
    SandboxEscalation sandbox;

    @Inject
    dev.toolfs.config.ToolFsConfig config;

    @Override
    public ToolOutcome execute(WriteArgs args, ToolContext ctx) {
        NulFree.check("content", args.content());
        ResolvedPath path = fs.resolve("write", args.filePath(), ctx.cwd(), ctx.cancellation());
        try {
            return write(args, ctx, path);
        } catch (dev.toolfs.fs.FsException e) {
            throw FirstRead.orNotText(e, fs, config, ctx, "write", path);
        }
    }

    private ToolOutcome write(WriteArgs args, ToolContext ctx, ResolvedPath path) {
        sandbox.refuseWhereNoneCanApprove("write", path);
        Precondition guard = gates.writeIntent(ctx.execution(), path);
        boolean escalated = sandbox.approve(ctx, "write", path, args.sandboxPermissions(), args.justification(), guard,
                null, args.content());
        WriteOutcome outcome = fs.writeText(path, args.content(), guard, escalated, ctx.cancellation());
        AfterChange.observed(gates, ctx, path, outcome.version());
        String display = ctx.display(path.requested());
        String text = "<path>" + display + "</path>\n<type>file</type>\n<content>\n"
                + (outcome.created() ? "Created file" : "Updated file") + "\n</content>";
        String operation = outcome.created() ? "create" : "update";
        WriteResult canonical = new WriteResult(display, operation, outcome.before(), args.content());
        return ToolOutcome.text(text, canonical, () -> card(display, operation, outcome, args.content()));
    }

    private static Map<String, Object> card(String display, String operation, WriteOutcome outcome, String content) {
        // Both sides as a read shows them; what that hides (line endings, the byte-order mark) is said beside it.
        String after = TextShape.logical(content);
        Map<String, Object> card = outcome.unseen() != null
                ? DiffCard.replacedUnseen(display, operation, outcome.unseen().lines(), after)
                : DiffCard.of(display, operation, outcome.before(), after);
        if (outcome.beforeShape() != null) {
            TextShape afterShape = TextShape.of(outcome.beforeShape().keptIn(content)); // as the file system wrote it
            DiffCard.addShapeChange(card, outcome.beforeShape(), afterShape, outcome.before().equals(after),
                    outcome.sameBytes());
        } else if (outcome.created()) {
            // A new file's CRLF endings or mark are hidden by its hunk as much as a replaced one's: said the same way.
            DiffCard.addShapeChange(card, TextShape.of(""), TextShape.of(content), false, false);
        }
        return card;
    }
}
