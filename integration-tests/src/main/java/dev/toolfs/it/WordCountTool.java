package dev.toolfs.it;

import jakarta.inject.Inject;

import dev.toolfs.fs.FileSystemProvider;
import dev.toolfs.fs.ResolvedPath;
import dev.toolfs.tools.CatalogTool;
import dev.toolfs.tools.ToolContext;
import dev.toolfs.tools.ToolExecutor;
import dev.toolfs.tools.ToolOutcome;

/** An application-defined tool: it runs through the same runtime, provider and confinement as the built-in ones. */
@CatalogTool(name = "word_count", readOnly = true, description = "Counts the words of a UTF-8 text file in the workspace.")
public class WordCountTool implements ToolExecutor<WordCountArgs> {

    @Inject
    FileSystemProvider fs;

    @Override
    public ToolOutcome execute(WordCountArgs args, ToolContext ctx) {
        ResolvedPath path = fs.resolve("read", args.filePath(), ctx.cwd(), ctx.cancellation());
        String text = fs.readText(path, 1 << 20, ctx.cancellation()).strip();
        int words = text.isEmpty() ? 0 : text.split("\\s+").length;
        return ToolOutcome.text(ctx.display(path.requested()) + ": " + words + " words");
    }
}
