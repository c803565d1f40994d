package containerbench.results;

import containerbench.measure.BlockJvm;
import containerbench.measure.BlockResult;
import containerbench.measure.Decimals;
import containerbench.measure.LaunchFigures;
import containerbench.measure.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * What each target costs besides CPU per response, against the baseline: start-up, memory at rest
 * and size on disk from each launch ({@link LaunchFigures}), and per tier the bytes allocated per
 * response and the share of the time its collectors stopped it, from its blocks. The unit is the
 * launch, as for every interval of a run of several. Start-up and memory at rest: each launch gives
 * one ratio of the other's figure to the baseline's of the same launch, and the interval is Student's
 * t over their logarithms, on launches - 1 degrees of freedom ({@link PairedRatio#of}). Bytes per
 * response: round by round as CPU per response is, the launch means' spread fitted over the tiers
 * ({@link PairedRatio#ofLaunches}). The collectors' pause share: a launch's figure of a tier is its
 * blocks' together (pauses over time), one ratio a launch as for start-up: a 2 s block often holds no
 * collection, and a ratio of shares of zero is none. These intervals are one family of their own,
 * adjusted for each other (Bonferroni), apart from the load's: in the run's one family the 14 of a
 * three-target run of two tiers widened every TPS and CPU interval of it (Undertow's CPU per
 * response against Tomcat, 1.46×: adjusted 0.26-8.28 in a family of 30, 0.41-5.18 in the load's
 * 16; BENCHMARKS.md), and the load's verdicts are the ones a run is for. Together the two families hold at 90% or better.
 */
public final class Footprints {

    private Footprints() {
    }

    /**
     * One target against the baseline. A ratio is {@code null} where fewer than two launches gave it
     * on both sides; the baseline's and the other's medians over launches are given beside it.
     *
     * @param startUp from spawning the process to the first OK answer
     * @param heapAtRest heap in use after a collection, the warm-up over
     * @param rssAtRest resident memory at that moment
     * @param disk size on disk: the same every launch, so its ratio has no interval ({@code ratio} null)
     */
    public record Comparison(String baseline, String other, Figure startUp, Figure heapAtRest, Figure rssAtRest, Figure disk,
            List<TierCost> tiers) {
    }

    /**
     * One figure of both, each its median over the launches, and the ratio of the other's to the
     * baseline's with its intervals, {@code null} below two launches.
     */
    public record Figure(Double baseline, Double other, TierComparison.Ratio ratio) {
    }

    /**
     * One tier: bytes allocated per OK response, and the share of the tier's blocks its collectors stopped it, in %.
     *
     * @param failed whether either target failed the tier ({@link TierComparison#FAILED_PERCENT}): its figures are
     *     shown, no ratio judged, as for the load's (bytes per OK response grow with the requests that fail)
     */
    public record TierCost(Tier tier, int users, Figure bytesPerResponse, Figure pausePercent, boolean failed) {
    }

    /** How many intervals these figures state: their family. */
    public static int intervals(List<LaunchFigures> launches, List<BlockResult> blocks, List<String> labels) {
        return intervals(of(launches, blocks, labels, 1));
    }

    /** Every other target against the baseline, each interval adjusted for all of them. */
    public static List<Comparison> of(List<LaunchFigures> launches, List<BlockResult> blocks, List<String> labels) {
        return of(launches, blocks, labels, Math.max(1, intervals(launches, blocks, labels)));
    }

    /** How many intervals these comparisons state. */
    public static int intervals(List<Comparison> comparisons) {
        int count = 0;
        for (Comparison c : comparisons) {
            for (Figure f : figures(c)) {
                count += f != null && f.ratio() != null ? 1 : 0;
            }
        }
        return count;
    }

    private static List<Figure> figures(Comparison c) {
        List<Figure> all = new ArrayList<>(java.util.Arrays.asList(c.startUp(), c.heapAtRest(), c.rssAtRest()));
        // The size on disk has no interval: it is the same every launch.
        c.tiers().forEach(t -> {
            all.add(t.bytesPerResponse());
            all.add(t.pausePercent());
        });
        return all;
    }

    /**
     * Every other target against the baseline; empty with one target, or without a figure to compare.
     *
     * @param family what each interval is adjusted for: all of these ({@link #of(List, List, List)}), or 1 to count them
     */
    public static List<Comparison> of(List<LaunchFigures> launches, List<BlockResult> blocks, List<String> labels, int family) {
        List<Comparison> comparisons = new ArrayList<>();
        if (labels.size() < 2 || launches.isEmpty() && blocks.stream().allMatch(b -> b.jvm() == null)) {
            return comparisons;
        }
        String baseline = labels.get(0);
        for (String other : labels.subList(1, labels.size())) {
            List<TierCost> tiers = new ArrayList<>();
            Map<Tier, TierComparison.Ratio> allocation = allocation(blocks, baseline, other, family);
            Paired.byTier(blocks).forEach((tier, inTier) -> {
                boolean failed = Paired.of(inTier, baseline, other).failed();
                Map<Integer, Double> baseBytes = byLaunch(inTier, baseline, Footprints::bytesPerResponse);
                Map<Integer, Double> otherBytes = byLaunch(inTier, other, Footprints::bytesPerResponse);
                Figure bytes = baseBytes.isEmpty() && otherBytes.isEmpty() ? null
                        : new Figure(median(baseBytes), median(otherBytes), failed ? null : allocation.get(tier));
                Figure pauses = figure(byLaunch(inTier, baseline, Footprints::pausePercent),
                        byLaunch(inTier, other, Footprints::pausePercent), failed ? 0 : family);
                if (bytes != null || pauses != null) {
                    tiers.add(new TierCost(tier, inTier.get(0).users(), bytes, pauses, failed));
                }
            });
            Comparison c = new Comparison(baseline, other,
                    figure(ofLaunches(launches, baseline, LaunchFigures::startMillis), ofLaunches(launches, other, LaunchFigures::startMillis), family),
                    figure(ofLaunches(launches, baseline, LaunchFigures::heapAtRestBytes),
                            ofLaunches(launches, other, LaunchFigures::heapAtRestBytes), family),
                    figure(ofLaunches(launches, baseline, LaunchFigures::rssAtRestBytes),
                            ofLaunches(launches, other, LaunchFigures::rssAtRestBytes), family),
                    disk(launches, baseline, other), tiers);
            if (figures(c).stream().anyMatch(f -> f != null) || c.disk() != null) {
                comparisons.add(c);
            }
        }
        return comparisons;
    }

    /**
     * Bytes allocated per response, tier by tier, as CPU per response is compared ({@link Paired}): round
     * by round, both blocks of a round read, the launch means' spread fitted over the tiers that neither
     * failed; a tier either failed takes its own launches' spread. {@code null} for a tier of fewer than two such rounds.
     */
    private static Map<Tier, TierComparison.Ratio> allocation(List<BlockResult> blocks, String baseline, String other, int family) {
        Map<Tier, List<Paired.Round>> rounds = new java.util.LinkedHashMap<>();
        Map<Tier, Boolean> failed = new java.util.HashMap<>();
        Paired.byTier(blocks).forEach((tier, inTier) -> {
            Paired paired = Paired.of(inTier, baseline, other);
            failed.put(tier, paired.failed());
            List<Paired.Round> ofTier = new ArrayList<>();
            for (BlockResult[] pair : paired.rounds()) {
                Double base = bytesPerResponse(List.of(pair[0]));
                Double others = bytesPerResponse(List.of(pair[1]));
                if (base != null && others != null && base > 0 && others > 0) {
                    ofTier.add(new Paired.Round(pair[0].launch(), base, others));
                }
            }
            rounds.put(tier, ofTier);
        });
        List<Tier> fitted = rounds.keySet().stream().filter(tier -> !failed.get(tier)).toList();
        List<PairedRatio.LaunchSpread> spreads = PairedRatio.LaunchSpread.byTier(fitted.stream()
                .map(tier -> Paired.Round.byLaunch(rounds.get(tier))).toList());
        Map<Tier, TierComparison.Ratio> ratios = new java.util.HashMap<>();
        rounds.forEach((tier, ofTier) -> {
            int index = fitted.indexOf(tier);
            if (ofTier.size() >= 2) {
                ratios.put(tier, Paired.ratio(ofTier, family, 0, index < 0 ? null : spreads.get(index)));
            }
        });
        return ratios;
    }

    /** One target's figure launch by launch, where it was read. */
    private static Map<Integer, Double> ofLaunches(List<LaunchFigures> launches, String target,
            Function<LaunchFigures, Long> figure) {
        Map<Integer, Double> values = new TreeMap<>();
        for (LaunchFigures launch : launches) {
            Long value = launch.target().equals(target) ? figure.apply(launch) : null;
            if (value != null) {
                values.put(launch.launch(), value.doubleValue());
            }
        }
        return values;
    }

    /** One target's figure of a tier, launch by launch: its blocks of the launch together; none for a launch with a block unread. */
    private static Map<Integer, Double> byLaunch(List<BlockResult> tier, String target, Function<List<BlockResult>, Double> figure) {
        Map<Integer, List<BlockResult>> launches = new TreeMap<>();
        tier.stream().filter(b -> b.target().equals(target)).forEach(b -> launches.computeIfAbsent(b.launch(), l -> new ArrayList<>()).add(b));
        Map<Integer, Double> values = new TreeMap<>();
        launches.forEach((launch, blocks) -> {
            Double value = figure.apply(blocks);
            if (value != null) {
                values.put(launch, value);
            }
        });
        return values;
    }

    /** Bytes allocated over the blocks' OK responses; {@code null} where a block's allocation is unknown, or none was OK. */
    static Double bytesPerResponse(List<BlockResult> blocks) {
        long bytes = 0;
        long ok = 0;
        for (BlockResult block : blocks) {
            if (block.jvm() == null || block.jvm().allocatedBytes() == null) {
                return null;
            }
            bytes += block.jvm().allocatedBytes();
            ok += block.ok();
        }
        return ok == 0 ? null : (double) bytes / ok;
    }

    /** The share of the blocks' time the collectors stopped the JVM, in %; {@code null} where a block's is unknown. */
    static Double pausePercent(List<BlockResult> blocks) {
        long paused = 0;
        long millis = 0;
        for (BlockResult block : blocks) {
            BlockJvm jvm = block.jvm();
            if (jvm == null) {
                return null;
            }
            paused += jvm.pauseMillis();
            millis += jvm.millis();
        }
        return millis == 0 ? null : 100.0 * paused / millis;
    }

    /**
     * Both sides' medians and, from the launches in which both were read and neither is 0, the ratio
     * with its 95% interval and the one adjusted for {@code family} (0: none, the figures only);
     * {@code null} where neither side has a figure.
     */
    static Figure figure(Map<Integer, Double> baseline, Map<Integer, Double> other, int family) {
        if (baseline.isEmpty() && other.isEmpty()) {
            return null;
        }
        if (family == 0) {
            return new Figure(median(baseline), median(other), null);
        }
        List<Double> bases = new ArrayList<>();
        List<Double> others = new ArrayList<>();
        baseline.forEach((launch, value) -> {
            Double paired = other.get(launch);
            if (paired != null && value > 0 && paired > 0) {
                bases.add(value);
                others.add(paired);
            }
        });
        TierComparison.Ratio ratio = null;
        if (bases.size() >= 2) {
            PairedRatio plain = PairedRatio.of(others, bases, 0.95);
            PairedRatio adjusted = PairedRatio.of(others, bases, 1 - 0.05 / Math.max(1, family));
            ratio = new TierComparison.Ratio(plain.ratio(), plain.low(), plain.high(), adjusted.low(), adjusted.high(), family,
                    bases.size(), null);
        }
        return new Figure(median(baseline), median(other), ratio);
    }

    private static Double median(Map<Integer, Double> values) {
        if (values.isEmpty()) {
            return null;
        }
        double[] sorted = values.values().stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int n = sorted.length;
        return Decimals.two(n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2);
    }

    /** Both sizes on disk, the same every launch: no interval. */
    private static Figure disk(List<LaunchFigures> launches, String baseline, String other) {
        return figure(ofLaunches(launches, baseline, LaunchFigures::diskBytes), ofLaunches(launches, other, LaunchFigures::diskBytes), 0);
    }
}
