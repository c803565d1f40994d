package containerbench.results;

import containerbench.measure.BlockResult;
import containerbench.measure.Decimals;
import containerbench.measure.Histograms;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.apache.commons.statistics.distribution.BinomialDistribution;

/** The paired comparisons of an interleaved run: per tier, every target against the baseline, round by round. */
public final class Comparisons {

    private Comparisons() {
    }

    /** @param labels the targets' labels, the baseline first */
    public static List<TierComparison> of(List<BlockResult> blocks, List<String> labels) {
        return of(blocks, labels, Map.of(), 0);
    }

    /**
     * @param labels the targets' labels, the baseline first
     * @param stoppedBy per tier name, what ended it; "rounds" where not given
     * @param pilot with precision, the pairs of each tier's pilot (Stein's intervals); 0 otherwise
     */
    public static List<TierComparison> of(List<BlockResult> blocks, List<String> labels, Map<String, String> stoppedBy, int pilot) {
        Map<String, List<BlockResult>> blocksByTier = byTier(blocks);
        Map<String, List<Paired>> byTier = new LinkedHashMap<>();
        blocksByTier.forEach((tier, inTier) -> byTier.put(tier, labels.subList(1, labels.size()).stream()
                .map(other -> Paired.of(inTier, labels.get(0), other)).toList()));
        // Per other target: every interval the run states about it, for the adjustment.
        int[] family = new int[labels.size() - 1];
        byTier.values().forEach(paired -> {
            for (int o = 0; o < family.length; o++) {
                family[o] += paired.get(o).intervals();
            }
        });
        List<TierComparison> tiers = new ArrayList<>();
        byTier.forEach((tier, paired) -> {
            List<TierComparison.Comparison> comparison = new ArrayList<>();
            for (int o = 0; o < family.length; o++) {
                comparison.add(paired.get(o).compare(Math.max(1, family[o]), pilot));
            }
            tiers.add(new TierComparison(tier, blocksByTier.get(tier).get(0).users(), stoppedBy.getOrDefault(tier, "rounds"),
                    pilot > 0 ? pilot : null, comparison));
        });
        return tiers;
    }

    /**
     * The logarithms of each tier's per-round ratios so far, for every target against the baseline:
     * TPS, then CPU per response where it was read. What a precision pilot measures its spread from.
     */
    public static List<double[]> logRatios(List<BlockResult> tier, List<String> labels) {
        List<double[]> logs = new ArrayList<>();
        for (String other : labels.subList(1, labels.size())) {
            Paired paired = Paired.of(tier, labels.get(0), other);
            logs.add(PairedRatio.logs(paired.otherTps, paired.baseTps));
            if (paired.baseCpu.size() >= 2) {
                logs.add(PairedRatio.logs(paired.otherCpu, paired.baseCpu));
            }
        }
        return logs;
    }

    /**
     * One ratio of one run as a pool of runs needs it: the mean of its per-round log ratios and that
     * mean's variance (from the pilot's spread with precision, as its interval).
     *
     * @param metric "TPS", "TPS (injector-limited)" or "CPU per response"
     */
    public record Estimate(int users, String other, String metric, double log, double variance) {
    }

    /**
     * Every ratio of an interleaved run, tier by tier and target by target, with two pairs or more; none
     * of a tier that either failed: a failure is a run's verdict, not a ratio to pool.
     */
    public static List<Estimate> estimates(RunResult run) {
        List<String> labels = run.targets().stream().map(RunResult.Target::label).toList();
        int pilot = run.pilotPairs();
        List<Estimate> estimates = new ArrayList<>();
        byTier(run.blocks()).forEach((tier, inTier) -> {
            for (String other : labels.subList(1, labels.size())) {
                Paired paired = Paired.of(inTier, labels.get(0), other);
                if (paired.failed()) {
                    continue;
                }
                // Pooled apart from judged ones, and named so: the injector's ratio as much as the containers'.
                estimate(inTier.get(0).users(), other, paired.injectorLimited() ? "TPS (injector-limited)" : "TPS",
                        PairedRatio.logs(paired.otherTps, paired.baseTps), pilot).ifPresent(estimates::add);
                estimate(inTier.get(0).users(), other, "CPU per response", PairedRatio.logs(paired.otherCpu, paired.baseCpu), pilot)
                        .ifPresent(estimates::add);
            }
        });
        return estimates;
    }

    private static Optional<Estimate> estimate(int users, String other, String metric, double[] logs, int pilot) {
        int spreadFrom = pilot > 0 ? Math.min(pilot, logs.length) : logs.length;
        if (spreadFrom < 2) {
            return Optional.empty();
        }
        double sd = PairedRatio.sd(Arrays.copyOf(logs, spreadFrom));
        return Optional.of(new Estimate(users, other, metric, Arrays.stream(logs).average().orElseThrow(),
                sd * sd / logs.length));
    }

    /**
     * One tier's rounds of the baseline and one other target, as paired figures: TPS from the rounds in
     * which both answered a request OK, CPU per response from those in which both were read too.
     */
    private record Paired(String baseline, String other, List<Double> baseTps, List<Double> otherTps, List<Double> baseCpu,
            List<Double> otherCpu, List<BlockResult[]> rounds) {

        static Paired of(List<BlockResult> tier, String baseline, String other) {
            Paired p = new Paired(baseline, other, new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                    pairs(tier, baseline, other));
            for (BlockResult[] pair : p.rounds) {
                // A block without an OK response in its time has no TPS to take a logarithm of: its round is
                // left out, and the failure it shows is the tier's verdict (failures()), not a ratio of -11 in the logs.
                if (pair[0].tps() > 0 && pair[1].tps() > 0) {
                    p.baseTps.add(pair[0].tps());
                    p.otherTps.add(pair[1].tps());
                }
                if (pair[0].targetCpuMicrosPerResponse() > 0 && pair[1].targetCpuMicrosPerResponse() > 0) {
                    p.baseCpu.add(pair[0].targetCpuMicrosPerResponse());
                    p.otherCpu.add(pair[1].targetCpuMicrosPerResponse());
                }
            }
            return p;
        }

        /** Whether Gatling used nearly all the CPU it could have had in a block of either. */
        boolean injectorLimited() {
            return rounds.stream().anyMatch(pair -> pair[0].injectorLimited() || pair[1].injectorLimited());
        }

        /** The intervals the run states about this pair at this tier: none where either failed it. */
        int intervals() {
            if (failed()) {
                return 0;
            }
            return (baseTps.size() >= 2 ? 1 : 0) + (baseCpu.size() >= 2 ? 1 : 0);
        }

        boolean failed() {
            TierComparison.Failures f = failures();
            return f.baselineFailed() || f.otherFailed();
        }

        TierComparison.Comparison compare(int family, int pilot) {
            return new TierComparison.Comparison(baseline, other, baseTps.isEmpty() ? null : ratio(otherTps, baseTps, family, pilot),
                    baseCpu.size() < 2 ? null : ratio(otherCpu, baseCpu, family, pilot), failures(), rounds.size(),
                    rounds.size() - baseTps.size(), rounds.size() - baseCpu.size(), injectorLimited());
        }

        private static TierComparison.Ratio ratio(List<Double> others, List<Double> bases, int family, int pilot) {
            double adjusted = 1 - 0.05 / family;
            PairedRatio plain = pilot > 0 ? PairedRatio.stein(others, bases, pilot, 0.95) : PairedRatio.of(others, bases, 0.95);
            PairedRatio wide = pilot > 0 ? PairedRatio.stein(others, bases, pilot, adjusted) : PairedRatio.of(others, bases, adjusted);
            return new TierComparison.Ratio(plain.ratio(), plain.low(), plain.high(), wide.low(), wide.high(), family);
        }

        /**
         * Each one's failed share of the tier and its failed blocks, whether it failed the tier
         * ({@link TierComparison#FAILED_PERCENT}), and the sign test of the rounds in which their shares differed.
         */
        private TierComparison.Failures failures() {
            long baseKo = 0;
            long baseAll = 0;
            long otherKo = 0;
            long otherAll = 0;
            int worse = 0;
            int better = 0;
            int baseFailed = 0;
            int otherFailed = 0;
            boolean baseUnanswered = false;
            boolean otherUnanswered = false;
            for (BlockResult[] pair : rounds) {
                baseKo += pair[0].ko();
                baseAll += pair[0].requests();
                otherKo += pair[1].ko();
                otherAll += pair[1].requests();
                int sign = Double.compare(share(pair[1]), share(pair[0]));
                worse += sign > 0 ? 1 : 0;
                better += sign < 0 ? 1 : 0;
                baseFailed += failed(pair[0]) ? 1 : 0;
                otherFailed += failed(pair[1]) ? 1 : 0;
                baseUnanswered |= pair[0].ok() == 0;
                otherUnanswered |= pair[1].ok() == 0;
            }
            double basePercent = percent(baseKo, baseAll);
            double otherPercent = percent(otherKo, otherAll);
            return new TierComparison.Failures(basePercent, otherPercent, worse, better, Decimals.four(signTest(worse, better)),
                    baseFailed, otherFailed, baseUnanswered || basePercent > TierComparison.FAILED_PERCENT,
                    otherUnanswered || otherPercent > TierComparison.FAILED_PERCENT);
        }

        private static boolean failed(BlockResult block) {
            return block.ok() == 0 || 100.0 * block.ko() / block.requests() > TierComparison.FAILED_PERCENT;
        }

        private static double share(BlockResult block) {
            return block.requests() == 0 ? 1 : (double) block.ko() / block.requests();
        }

        private static double percent(long ko, long all) {
            return all == 0 ? 0 : Decimals.two(100.0 * ko / all);
        }
    }

    /** The exact two-sided p of a sign test: {@code a} rounds one way and {@code b} the other, each way equally likely. */
    static double signTest(int a, int b) {
        int n = a + b;
        if (n == 0) {
            return 1;
        }
        return Math.min(1, 2 * BinomialDistribution.of(n, 0.5).cumulativeProbability(Math.min(a, b)));
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
                if (pair[0].latencyHistogram() == null || pair[1].latencyHistogram() == null || pair[0].ok() == 0
                        || pair[1].ok() == 0) {
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
                .toList(), stoppedBy, run.pilotPairs())).build();
    }

    private static Map<String, List<BlockResult>> byTier(List<BlockResult> blocks) {
        Map<String, List<BlockResult>> byTier = new LinkedHashMap<>();
        blocks.forEach(block -> byTier.computeIfAbsent(block.tier(), tier -> new ArrayList<>()).add(block));
        return byTier;
    }

    /** Round by round, the baseline's block and the other's, in the rounds in which both ran. */
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

    private static Optional<BlockResult> block(List<BlockResult> tier, int round, String target) {
        return tier.stream().filter(b -> b.round() == round && b.target().equals(target)).findFirst();
    }
}
