package dev.toolfs.bench.jmh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs the benchmarks (any JMH command-line option works, e.g. {@code -f 1 -wi 1 -i 1 -w 1s -r 1s} or a name
 * filter), then prints each {@code ours} result next to the {@code jdk} baseline of the same class and parameters,
 * with the ratio ours/baseline: below 1 means Tool FS's code is faster than the plain-JDK way.
 */
public final class RatioMain {

    private RatioMain() {
    }

    public static void main(String[] args) throws Exception {
        // Listing and help are JMH's own business.
        List<String> a = Arrays.asList(args);
        if (a.contains("-h") || a.contains("-l") || a.contains("-lp") || a.contains("-lprof") || a.contains("-lrf")) {
            org.openjdk.jmh.Main.main(args);
            return;
        }
        Collection<RunResult> results = new Runner(new OptionsBuilder().parent(new CommandLineOptions(args)).build()).run();

        // Pair results by class and parameters; the method name says which side it is.
        Map<String, Result<?>[]> pairs = new LinkedHashMap<>();
        for (RunResult r : results) {
            String benchmark = r.getParams().getBenchmark();
            int dot = benchmark.lastIndexOf('.');
            String clazz = benchmark.substring(benchmark.lastIndexOf('.', dot - 1) + 1, dot);
            String method = benchmark.substring(dot + 1);
            List<String> params = new ArrayList<>();
            for (String k : r.getParams().getParamsKeys()) {
                params.add(k + "=" + r.getParams().getParam(k));
            }
            String key = clazz + (params.isEmpty() ? "" : " " + String.join(",", params));
            Result<?>[] pair = pairs.computeIfAbsent(key, k -> new Result<?>[2]);
            pair[method.equals("ours") ? 0 : 1] = r.getPrimaryResult();
        }

        String fmt = "| %-28s | %16s | %16s | %-4s | %13s |%n";
        System.out.println();
        System.out.println("Ratio = Tool FS / plain-JDK baseline, same work, average time per operation: below 1 is faster.");
        System.out.printf(Locale.ROOT, fmt, "benchmark", "Tool FS", "JDK baseline", "unit", "ours/baseline");
        System.out.printf(Locale.ROOT, "|%s|%s:|%s:|%s|%s:|%n", "-".repeat(30), "-".repeat(17), "-".repeat(17), "-".repeat(6),
                "-".repeat(14));
        for (Map.Entry<String, Result<?>[]> e : pairs.entrySet()) {
            Result<?> ours = e.getValue()[0];
            Result<?> jdk = e.getValue()[1];
            String unit = (ours != null ? ours : jdk).getScoreUnit().replace("/op", "");
            String ratio = ours != null && jdk != null ? ratio(ours.getScore() / jdk.getScore()) : "-";
            System.out.printf(Locale.ROOT, fmt, e.getKey(), score(ours), score(jdk), unit, ratio);
        }
    }

    /** Two significant digits at least, so that a ratio of 0.001 does not print as 0.00. */
    private static String ratio(double r) {
        return r >= 0.1 ? String.format(Locale.ROOT, "%.2f", r) : String.format(Locale.ROOT, "%.2g", r);
    }

    private static String score(Result<?> r) {
        if (r == null) {
            return "-";
        }
        double err = r.getScoreError();
        // With a single measurement iteration JMH has no error estimate.
        return Double.isNaN(err) ? String.format(Locale.ROOT, "%.2f", r.getScore())
                : String.format(Locale.ROOT, "%.2f ± %.2f", r.getScore(), err);
    }
}
