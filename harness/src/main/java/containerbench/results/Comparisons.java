package containerbench.results;

import containerbench.measure.BlockResult;
import containerbench.measure.Histograms;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/** The paired comparisons of an interleaved run: per tier, every target against the baseline, round by round. */
public final class Comparisons {

    private Comparisons() {
    }

    /** @param labels the targets' labels, the baseline first */
    public static List<TierComparison> of(List<BlockResult> blocks, List<String> labels) {
        return of(blocks, labels, Map.of());
    }

    /**
     * @param labels the targets' labels, the baseline first
     * @param stoppedBy per tier name, what ended it; "rounds" where not given
     */
    public static List<TierComparison> of(List<BlockResult> blocks, List<String> labels, Map<String, String> stoppedBy) {
        List<TierComparison> tiers = new ArrayList<>();
        byTier(blocks).forEach((tier, inTier) -> {
            List<TierComparison.Comparison> comparison = new ArrayList<>();
            for (String other : labels.subList(1, labels.size())) {
                comparison.add(compare(inTier, labels.get(0), other));
            }
            tiers.add(new TierComparison(tier, inTier.get(0).users(), stoppedBy.getOrDefault(tier, "rounds"), comparison));
        });
        return tiers;
    }

    private static TierComparison.Comparison compare(List<BlockResult> tier, String baseline, String other) {
        List<Double> baseTps = new ArrayList<>();
        List<Double> otherTps = new ArrayList<>();
        List<Double> baseCpu = new ArrayList<>();
        List<Double> otherCpu = new ArrayList<>();
        boolean limited = false;
        for (BlockResult[] pair : pairs(tier, baseline, other)) {
            limited |= pair[0].injectorLimited() || pair[1].injectorLimited();
            baseTps.add(pair[0].tps());
            otherTps.add(pair[1].tps());
            if (pair[0].targetCpuMicrosPerResponse() > 0 && pair[1].targetCpuMicrosPerResponse() > 0) {
                baseCpu.add(pair[0].targetCpuMicrosPerResponse());
                otherCpu.add(pair[1].targetCpuMicrosPerResponse());
            }
        }
        PairedRatio tps = baseTps.isEmpty() ? null : PairedRatio.of(otherTps, baseTps);
        PairedRatio cpu = baseCpu.isEmpty() ? null : PairedRatio.of(otherCpu, baseCpu);
        return new TierComparison.Comparison(baseline, other, tps == null ? -1 : tps.ratio(), tps == null ? -1 : tps.low(),
                tps == null ? -1 : tps.high(), cpu == null ? -1 : cpu.ratio(), cpu == null ? -1 : cpu.low(),
                cpu == null ? -1 : cpu.high(), tps == null ? 0 : tps.pairs(), limited);
    }

    /**
     * Per tier, the other's response times over the baseline's, paired round by round from the
     * blocks' latency histograms: the mean and the 99th percentile of OK responses. Tiers in which
     * the injector limited a block of either are left out (Gatling's own queueing is in the times),
     * as are blocks without histograms (results before schema 4).
     */
    public static List<LatencyComparison> latencies(List<BlockResult> blocks, String baseline, String other) {
        List<LatencyComparison> tiers = new ArrayList<>();
        byTier(blocks).forEach((tier, inTier) -> {
            List<Double> baseMean = new ArrayList<>();
            List<Double> otherMean = new ArrayList<>();
            List<Double> baseP99 = new ArrayList<>();
            List<Double> otherP99 = new ArrayList<>();
            boolean limited = false;
            for (BlockResult[] pair : pairs(inTier, baseline, other)) {
                if (pair[0].latencyHistogram() == null || pair[1].latencyHistogram() == null) {
                    continue;
                }
                limited |= pair[0].injectorLimited() || pair[1].injectorLimited();
                Histogram b = Histograms.decode(pair[0].latencyHistogram());
                Histogram o = Histograms.decode(pair[1].latencyHistogram());
                baseMean.add(b.getMean());
                otherMean.add(o.getMean());
                // A p99 of 0 ms (all faster than a millisecond) has no ratio: counted as half a millisecond.
                baseP99.add(Math.max(0.5, b.getValueAtPercentile(99)));
                otherP99.add(Math.max(0.5, o.getValueAtPercentile(99)));
            }
            if (!limited && !baseMean.isEmpty() && baseMean.stream().allMatch(m -> m > 0)) {
                tiers.add(new LatencyComparison(tier, inTier.get(0).users(), baseline, other, PairedRatio.of(otherMean, baseMean),
                        PairedRatio.of(otherP99, baseP99)));
            }
        });
        return tiers;
    }

    /**
     * The run as if {@code label} had been its baseline: its targets with that one first, and every
     * comparison paired with it, from the same blocks.
     *
     * @throws IllegalArgumentException when the run has no target of that label
     */
    public static RunResult rebased(RunResult run, String label) {
        List<RunResult.Target> targets = new ArrayList<>(run.targets());
        RunResult.Target baseline = targets.stream().filter(t -> t.label().equals(label)).findFirst().orElseThrow(() ->
                new IllegalArgumentException(run.runId() + " has no target " + label + "; its targets are "
                        + String.join(", ", targets.stream().map(RunResult.Target::label).toList())));
        targets.remove(baseline);
        targets.add(0, baseline);
        Map<String, String> stoppedBy = new LinkedHashMap<>();
        run.comparisons().forEach(tier -> stoppedBy.put(tier.tier(), tier.stoppedBy()));
        return run.toBuilder().targets(targets).comparisons(of(run.blocks(), targets.stream().map(RunResult.Target::label)
                .toList(), stoppedBy)).build();
    }

    private static Map<String, List<BlockResult>> byTier(List<BlockResult> blocks) {
        Map<String, List<BlockResult>> byTier = new LinkedHashMap<>();
        blocks.forEach(block -> byTier.computeIfAbsent(block.tier(), tier -> new ArrayList<>()).add(block));
        return byTier;
    }

    /** Round by round, the baseline's block and the other's, in the rounds in which both completed a login. */
    private static List<BlockResult[]> pairs(List<BlockResult> tier, String baseline, String other) {
        List<BlockResult[]> pairs = new ArrayList<>();
        int rounds = tier.stream().mapToInt(BlockResult::round).max().orElse(-1) + 1;
        for (int round = 0; round < rounds; round++) {
            Optional<BlockResult> b = block(tier, round, baseline);
            Optional<BlockResult> o = block(tier, round, other);
            if (b.isPresent() && o.isPresent()) {
                pairs.add(new BlockResult[] {b.get(), o.get()});
            }
        }
        return pairs;
    }

    /** A block of the target in the round that completed at least one login; a block without any pairs with nothing. */
    private static Optional<BlockResult> block(List<BlockResult> tier, int round, String target) {
        return tier.stream().filter(b -> b.round() == round && b.target().equals(target) && b.ok() > 0).findFirst();
    }
}
