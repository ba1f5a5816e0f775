package dev.toolfs.deployment;

import java.util.List;

import dev.toolfs.tools.Description;

public record NumbersArgs(
        @Description("a short") short small,
        @Description("a boxed short") Short boxed,
        @Description("ints") List<Integer> ints,
        @Description("shorts") List<Short> shorts,
        @Description("floats") List<Float> floats,
        @Description("longs") List<Long> longs) {
}
