package dev.toolfs.tools;

import jakarta.inject.Inject;

import dev.toolfs.fs.EditOutcome;
import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.Precondition;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.fs.TextEdit;
import dev.toolfs.gates.Gates;

/**
 * {@code edit}: the edit-intent gate, one provider call, then {@code fs/observed}. No stat of its own, except that an
 * edit asking for a sandbox exception is tried on the file's text first.
 */
@CatalogTool(name = "edit", order = 40, destructive = true, description = "Replaces exact text in a UTF-8 text file. "
        + "old_string must match the file exactly, including whitespace (copy it from read without the line-number "
        + "prefixes), and must occur once unless replace_all is true. Line endings, a byte-order mark and every "
        + "byte outside the replaced text are kept.")
public class EditTool implements ToolExecutor<EditArgs> {

    @Inject
    FileSystemProvider fs;

    @Inject
    Gates gates;

    @Inject
    SandboxEscalation sandbox;

    @Inject
    dev.toolfs.config.ToolFsConfig config;

    @Override
    public ToolOutcome execute(EditArgs args, ToolContext ctx) {
        NulFree.check("new_string", args.newString());
        ResolvedPath path = fs.resolve("edit", args.filePath(), ctx.cwd(), ctx.cancellation());
        try {
            return edit(args, ctx, path);
        } catch (dev.toolfs.fs.FsException e) {
            throw FirstRead.orNotText(e, fs, config, ctx, "edit", path);
        }
    }

    private ToolOutcome edit(EditArgs args, ToolContext ctx, ResolvedPath path) {
        sandbox.refuseWhereNoneCanApprove("edit", path);
        Precondition guard = gates.editIntent(ctx.execution(), path);
        boolean all = args.replaceAllOrDefault();
        TextEdit change = new TextEdit(args.oldString(), args.newString(), all, config.read().maxLineLength());
        boolean escalated = sandbox.approve(ctx, "edit", path, args.sandboxPermissions(), args.justification(), guard,
                change, null);
        EditOutcome outcome = fs.editText(path, change, guard, escalated, ctx.cancellation());
        AfterChange.observed(gates, ctx, path, outcome.version());
        String display = ctx.display(path.requested());
        String text = all
                ? "The file " + display + " has been updated. All occurrences were successfully replaced."
                : "The file " + display + " has been updated successfully.";
        EditResult canonical = new EditResult(display, outcome.before(), outcome.after());
        return ToolOutcome.text(text, canonical, () -> card(display, outcome));
    }

    private static java.util.Map<String, Object> card(String display, EditOutcome outcome) {
        java.util.Map<String, Object> card = DiffCard.of(display, "edit", outcome.before(), outcome.after(),
                outcome.changed());
        if (outcome.shapeBefore() != null) {
            // A CR put before an LF made a CRLF: the texts as read may not show it, the card says it.
            // A successful edit changes the file's bytes: one that would not is refused.
            DiffCard.addShapeChange(card, outcome.shapeBefore(), outcome.shapeAfter(),
                    outcome.before().equals(outcome.after()), false);
        }
        return card;
    }
}
