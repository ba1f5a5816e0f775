package dev.toolfs.deployment;

import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.toolfs.tools.CatalogTool;
import dev.toolfs.tools.ToolContext;
import dev.toolfs.tools.ToolExecutor;
import dev.toolfs.tools.ToolOutcome;

/** Says which Java types its arguments arrived as (see NumericArgumentsTest). */
@CatalogTool(name = "numbers", description = "Echoes its numbers with their Java types.")
public class NumbersTool implements ToolExecutor<NumbersArgs> {
    @Override
    public ToolOutcome execute(NumbersArgs args, ToolContext context) {
        // Unboxing as a tool would: a wrong element type fails right here.
        int firstInt = args.ints() == null ? 0 : args.ints().get(0);
        short firstShort = args.shorts() == null ? 0 : args.shorts().get(0);
        float firstFloat = args.floats() == null ? 0 : args.floats().get(0);
        long firstLong = args.longs() == null ? 0 : args.longs().get(0);
        return ToolOutcome.text(Stream.of(args.small(), args.boxed(), firstInt, firstShort, firstFloat, firstLong)
                .map(String::valueOf).collect(Collectors.joining(" ")));
    }
}
