package containerbench.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import containerbench.measure.TierResult;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.TierComparison;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run's figures in the formats of the tools people already keep benchmark history with:
 * github-action-benchmark's custom JSON (one file of figures where bigger is better, one where
 * smaller is), and Bencher's metric format (BMF), whose lower and upper values carry each ratio's
 * adjusted interval. Each target's TPS, CPU per response and p99 per tier; with several targets, each
 * one's TPS and CPU ratio to the baseline per tier, with its interval.
 */
public final class Exports {

    /** The files {@link #write} writes. */
    public static final String BIGGER = "github-action-benchmark-bigger-is-better.json";
    public static final String SMALLER = "github-action-benchmark-smaller-is-better.json";
    public static final String BENCHER = "bencher-metric-format.json";

    private Exports() {
    }

    /**
     * One figure as github-action-benchmark's {@code customBiggerIsBetter} and {@code customSmallerIsBetter}
     * read it: {@code range} and {@code extra} are text it shows beside the value.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Entry(String name, String unit, double value, String range, String extra) {
    }

    /** One measure of a benchmark as Bencher reads it: a value and, for a ratio, its adjusted interval. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Metric(double value, @JsonProperty("lower_value") Double lowerValue, @JsonProperty("upper_value") Double upperValue) {
    }

    /** Each target's TPS per tier, and each other target's TPS over the baseline's. */
    public static List<Entry> biggerIsBetter(RunResult run) {
        return entries(run, true);
    }

    /** Each target's CPU per response and p99 per tier (where known), and each other target's CPU ratio. */
    public static List<Entry> smallerIsBetter(RunResult run) {
        return entries(run, false);
    }

    private static List<Entry> entries(RunResult run, boolean bigger) {
        return Figure.of(run).stream().filter(figure -> figure.biggerIsBetter() == bigger).map(figure -> figure.ratio() == null
                ? new Entry(figure.name(), figure.unit(), figure.value(), null, null)
                : new Entry(figure.name(), figure.unit(), figure.value(), String.format(Locale.ROOT, "%.3f-%.3f adjusted for %d",
                        figure.ratio().adjustedLow(), figure.ratio().adjustedHigh(), figure.ratio().adjustedFor()), figure.note()))
                .toList();
    }

    /**
     * Bencher's metric format: a benchmark per target and tier ({@code throughput}, {@code cpu-per-response-us},
     * {@code p99-ms}), and per other target and tier its ratios ({@code tps-ratio}, {@code cpu-ratio}) with the
     * adjusted interval as lower and upper values.
     */
    public static Map<String, Map<String, Metric>> bencher(RunResult run) {
        Map<String, Map<String, Metric>> benchmarks = new LinkedHashMap<>();
        for (TierResult tier : tiers(run)) {
            Map<String, Metric> measures = benchmarks.computeIfAbsent(tier.target() + " " + tier.name(), name -> new LinkedHashMap<>());
            measures.put("throughput", new Metric(tier.tps(), null, null));
            if (tier.resources() != null && tier.resources().targetCpuMicrosPerRequest() != null) {
                measures.put("cpu-per-response-us", new Metric(tier.resources().targetCpuMicrosPerRequest(), null, null));
            }
            if (tier.ok() > 0 && tier.latencyMs() != null) {
                measures.put("p99-ms", new Metric(tier.latencyMs().p99(), null, null));
            }
        }
        eachRatio(run, (tier, c) -> {
            Map<String, Metric> measures = benchmarks.computeIfAbsent(c.other() + " against " + c.baseline() + " " + tier.tier(),
                    name -> new LinkedHashMap<>());
            if (c.tps() != null) {
                measures.put("tps-ratio", new Metric(c.tps().ratio(), c.tps().adjustedLow(), c.tps().adjustedHigh()));
            }
            if (c.cpu() != null) {
                measures.put("cpu-ratio", new Metric(c.cpu().ratio(), c.cpu().adjustedLow(), c.cpu().adjustedHigh()));
            }
        });
        return benchmarks;
    }

    /** Writes the three files into {@code dir} (made if needed); returns it. */
    public static Path write(RunResult run, Path dir) throws java.io.IOException {
        Files.createDirectories(dir);
        ResultsStore.writeJson(dir.resolve(BIGGER), biggerIsBetter(run));
        ResultsStore.writeJson(dir.resolve(SMALLER), smallerIsBetter(run));
        ResultsStore.writeJson(dir.resolve(BENCHER), bencher(run));
        return dir;
    }

    private static List<TierResult> tiers(RunResult run) {
        return run.tiers() == null ? List.of() : run.tiers();
    }

    private interface RatioVisitor {
        void visit(TierComparison tier, TierComparison.Comparison comparison);
    }

    private static void eachRatio(RunResult run, RatioVisitor visitor) {
        if (run.comparisons() == null) {
            return;
        }
        run.comparisons().forEach(tier -> tier.comparison().forEach(c -> visitor.visit(tier, c)));
    }
}
