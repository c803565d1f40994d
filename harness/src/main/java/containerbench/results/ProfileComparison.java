package containerbench.results;

import containerbench.measure.BlockResult;
import containerbench.measure.Profiles;
import containerbench.measure.Tier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Where one target spends more or less CPU per response than the baseline, in one tier, frame by
 * frame: from each side's profile over its own blocks ({@link Profiles}), each package's (and within
 * it each class's) samples scaled to CPU microseconds per OK response, paired launch by launch. The
 * rows add up to the sampled difference, which is set beside the one the blocks' own CPU readings
 * give (the verdict's), so that a reader sees how much of it the profiles account for.
 *
 * @param measuredBaseline the baseline's CPU per OK response over the same blocks, from the kernel's accounting; {@code null} unknown
 * @param sampledBaseline the same from its samples
 * @param launches the launches both sides have samples of, over which each row's interval is taken
 * @param packages the samples by the package whose code ran nearest the top of the stack outside the JDK (what asked for
 *     the work), each package's classes within it; the largest difference (either way) first
 * @param work the same samples by the JDK class they ended in (a socket write, a park, an epoll wait: work two
 *     containers' different code can share), or the target's own code where none, each one's callers within it
 */
public record ProfileComparison(Tier tier, String baseline, String other, Double measuredBaseline, Double measuredOther,
        double sampledBaseline, double sampledOther, int launches, List<Row> packages, List<Row> work) {

    /**
     * One package or class: each side's CPU microseconds per OK response over every launch, and the
     * other's minus the baseline's with its 95% interval over the paired launches (Student's t on
     * the launches' differences; {@code null} with fewer than two).
     *
     * @param classes within a package, its classes the same way; empty for a class
     */
    public record Row(String name, double baseline, double other, double difference, Double low, Double high, List<Row> classes) {
    }

    /**
     * The row of the CPU time the blocks' readings count and no sample caught (each launch's reading less its samples),
     * where the readings are known: with it every table adds up to the readings' difference.
     */
    public static final String UNSAMPLED = "(not in any sample)";

    /** The difference the profiles sample: the other's CPU per response minus the baseline's. */
    public double sampledDifference() {
        return sampledOther - sampledBaseline;
    }

    /** The difference the blocks' CPU readings give, or {@code null} where either side's is unknown. */
    public Double measuredDifference() {
        return measuredBaseline == null || measuredOther == null ? null : measuredOther - measuredBaseline;
    }

    /** Every tier's comparison of every target with the baseline, both profiled, in the run's order; empty for a run not profiled. */
    public static List<ProfileComparison> of(RunResult run) {
        Profiles profiles = run.profiles();
        if (profiles == null || run.targets().size() < 2) {
            return List.of();
        }
        String baseline = run.baseline().label();
        List<ProfileComparison> comparisons = new ArrayList<>();
        for (Profiles.Part base : profiles.parts()) {
            if (!base.target().equals(baseline)) {
                continue;
            }
            for (Profiles.Part other : profiles.parts()) {
                if (other.tier().equals(base.tier()) && !other.target().equals(baseline) && !base.launches().isEmpty()
                        && !other.launches().isEmpty()) {
                    comparisons.add(of(base, other, profiles.intervalNanos(), run.blocks()));
                }
            }
        }
        return comparisons;
    }

    static ProfileComparison of(Profiles.Part base, Profiles.Part other, long intervalNanos, List<BlockResult> blocks) {
        Map<Integer, Profiles.Launch> baseLaunches = byLaunch(base);
        Map<Integer, Profiles.Launch> otherLaunches = byLaunch(other);
        List<Integer> paired = baseLaunches.keySet().stream().filter(otherLaunches::containsKey).sorted().toList();
        // name -> per side, per launch, µs per response
        Map<String, double[][]> byName = new TreeMap<>();
        for (int i = 0; i < paired.size(); i++) {
            add(byName, baseLaunches.get(paired.get(i)), 0, i, paired.size(), intervalNanos);
            add(byName, otherLaunches.get(paired.get(i)), 1, i, paired.size(), intervalNanos);
        }
        // What the kernel counted and no sample caught, in each launch: a row of its own, so that the rows add up to the readings.
        double[][] unsampled = new double[2][paired.size()];
        boolean known = true;
        for (int i = 0; i < paired.size() && known; i++) {
            Profiles.Launch[] sides = {baseLaunches.get(paired.get(i)), otherLaunches.get(paired.get(i))};
            Profiles.Part[] parts = {base, other};
            for (int side = 0; side < 2 && known; side++) {
                Double read = measured(blocks, parts[side], List.of(paired.get(i)));
                known = read != null && sides[side].responses() > 0;
                if (known) {
                    unsampled[side][i] = read - Profiles.microsPerResponse(sides[side].samples(), intervalNanos, sides[side].responses());
                }
            }
        }
        if (known && !paired.isEmpty()) {
            byName.put(UNSAMPLED, unsampled);
        }
        return new ProfileComparison(base.tier(), base.target(), other.target(), measured(blocks, base, paired),
                measured(blocks, other, paired), sampled(base, paired, intervalNanos), sampled(other, paired, intervalNanos),
                paired.size(), grouped(byName, Profiles::packageOf, paired.size()), grouped(byName, Profiles::workOf, paired.size()));
    }

    /** The rows of {@code byName} grouped by {@code group}, each group's own rows within it, the largest difference first. */
    private static List<Row> grouped(Map<String, double[][]> byName, java.util.function.Function<String, String> group, int launches) {
        Map<String, Map<String, double[][]>> groups = new TreeMap<>();
        byName.forEach((name, values) -> groups.computeIfAbsent(group.apply(name), g -> new TreeMap<>()).put(name, values));
        List<Row> rows = new ArrayList<>();
        groups.forEach((name, members) -> {
            double[][] sum = new double[2][launches];
            List<Row> inner = new ArrayList<>();
            members.forEach((member, values) -> {
                for (int side = 0; side < 2; side++) {
                    for (int l = 0; l < launches; l++) {
                        sum[side][l] += values[side][l];
                    }
                }
                inner.add(row(member, values, List.of()));
            });
            inner.sort(LARGEST);
            rows.add(row(name, sum, List.copyOf(inner)));
        });
        rows.sort(LARGEST);
        return List.copyOf(rows);
    }

    private static final Comparator<Row> LARGEST = Comparator.comparingDouble((Row row) -> -Math.abs(row.difference()))
            .thenComparing(Row::name);

    private static Map<Integer, Profiles.Launch> byLaunch(Profiles.Part part) {
        Map<Integer, Profiles.Launch> launches = new LinkedHashMap<>();
        part.launches().forEach(launch -> launches.put(launch.launch(), launch));
        return launches;
    }

    private static void add(Map<String, double[][]> byName, Profiles.Launch launch, int side, int index, int launches,
            long intervalNanos) {
        if (launch.responses() == 0) {
            return;
        }
        launch.frames().forEach((name, samples) -> byName.computeIfAbsent(name, n -> new double[2][launches])[side][index] =
                Profiles.microsPerResponse(samples, intervalNanos, launch.responses()));
    }

    private static Row row(String name, double[][] values, List<Row> inner) {
        double[] bounds = interval(values);
        return new Row(name, mean(values[0]), mean(values[1]), mean(values[1]) - mean(values[0]), known(bounds[0]), known(bounds[1]),
                inner);
    }

    private static Double known(double value) {
        return Double.isNaN(value) ? null : value;
    }

    /** The 95% interval of the mean of the launches' differences (other minus baseline), or nulls with fewer than two. */
    static double[] interval(double[][] values) {
        int n = values[0].length;
        double[] differences = new double[n];
        for (int l = 0; l < n; l++) {
            differences[l] = values[1][l] - values[0][l];
        }
        if (n < 2) {
            return new double[] {Double.NaN, Double.NaN};
        }
        double mean = mean(differences);
        double squares = 0;
        for (double d : differences) {
            squares += (d - mean) * (d - mean);
        }
        double half = TDistribution.of(n - 1).inverseCumulativeProbability(0.975) * Math.sqrt(squares / (n - 1) / n);
        return new double[] {mean - half, mean + half};
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return values.length == 0 ? 0 : sum / values.length;
    }

    /** Each launch's samples per response, averaged over the launches: every launch weighs alike, as each row's do. */
    private static double sampled(Profiles.Part part, List<Integer> launches, long intervalNanos) {
        return part.launches().stream().filter(l -> launches.contains(l.launch()) && l.responses() > 0)
                .mapToDouble(l -> Profiles.microsPerResponse(l.samples(), intervalNanos, l.responses())).sum() / Math.max(1, launches.size());
    }

    /** The blocks' CPU per OK response from the kernel's accounting, each launch's over its blocks, averaged over the launches. */
    private static Double measured(List<BlockResult> blocks, Profiles.Part part, List<Integer> launches) {
        double sum = 0;
        for (int launch : launches) {
            double micros = 0;
            long ok = 0;
            for (BlockResult block : blocks) {
                if (part.tier().equals(block.tier()) && block.target().equals(part.target()) && block.launch() == launch) {
                    if (block.cpu() == null || block.cpu().targetMicrosPerResponse() == null) {
                        return null;
                    }
                    micros += block.cpu().targetMicrosPerResponse() * block.ok();
                    ok += block.ok();
                }
            }
            if (ok == 0) {
                return null;
            }
            sum += micros / ok;
        }
        return launches.isEmpty() ? null : sum / launches.size();
    }
}
