package dev.toolfs.sidecar;

import java.util.concurrent.CompletableFuture;

import dev.toolfs.tools.CatalogTool;
import dev.toolfs.tools.ToolContext;
import dev.toolfs.tools.ToolExecutor;
import dev.toolfs.tools.ToolOutcome;

/** Test-only tool: waits (at most 10 s) for its call to be cancelled, and reports whether it was. */
@CatalogTool(name = "test_wait_for_cancel", order = 9000, description = "Test only: waits until the call is cancelled.")
public class WaitForCancelTool implements ToolExecutor<WaitForCancelTool.Args> {

    public record Args(String label) {
    }

    static volatile CompletableFuture<Boolean> outcome = new CompletableFuture<>();
    static volatile CompletableFuture<Void> started = new CompletableFuture<>();

    @Override
    public ToolOutcome execute(Args args, ToolContext ctx) {
        started.complete(null);
        long end = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < end) {
            if (ctx.cancellation().isCancelled()) {
                outcome.complete(true);
                return ToolOutcome.text("cancelled");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        outcome.complete(false);
        return ToolOutcome.text("not cancelled");
    }
}
