package containerbench.results;

import containerbench.measure.BlockResult;
import containerbench.measure.Tier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
     * @param stoppedBy per tier, what ended it; "rounds" where not given
     * @param pilot with precision, the pairs of each tier's pilot (Stein's intervals); 0 otherwise
     */
    public static List<TierComparison> of(List<BlockResult> blocks, List<String> labels, Map<Tier, String> stoppedBy, int pilot) {
        Map<Tier, List<BlockResult>> blocksByTier = Paired.byTier(blocks);
        Map<Tier, List<Paired>> byTier = new LinkedHashMap<>();
        blocksByTier.forEach((tier, inTier) -> byTier.put(tier, labels.subList(1, labels.size()).stream()
                .map(other -> Paired.of(inTier, labels.get(0), other)).toList()));
        int family = Math.max(1, family(blocks, labels));
        List<Paired.Spreads> spreads = new ArrayList<>();
        for (int other = 0; other < labels.size() - 1; other++) {
            int index = other;
            List<Paired> ofOther = byTier.values().stream().map(paired -> paired.get(index)).toList();
            spreads.add(Paired.Spreads.of(ofOther));
        }
        List<TierComparison> tiers = new ArrayList<>();
        byTier.forEach((tier, paired) -> {
            List<TierComparison.Comparison> comparisons = new ArrayList<>();
            for (int other = 0; other < paired.size(); other++) {
                comparisons.add(paired.get(other).compare(family, pilot, spreads.get(other)));
            }
            tiers.add(new TierComparison(tier, blocksByTier.get(tier).get(0).users(), stoppedBy.getOrDefault(tier, "rounds"),
                    pilot > 0 ? pilot : null, comparisons));
        });
        return tiers;
    }

    /**
     * Every interval a run states about any of its targets, the one family all of them are adjusted
     * for (Bonferroni): TPS and CPU per response per tier and target, and the response times' mean
     * and 99th percentile wherever they are compared. Adjusting per pair of targets instead let a
     * four-target run hold three families at 5% each, up to 15% of runs with a false finding.
     */
    public static int family(List<BlockResult> blocks, List<String> labels) {
        int family = 0;
        for (List<BlockResult> inTier : Paired.byTier(blocks).values()) {
            for (String other : labels.subList(1, labels.size())) {
                family += Paired.of(inTier, labels.get(0), other).intervals();
            }
        }
        for (String other : labels.subList(1, labels.size())) {
            family += 2 * (int) LatencyComparisons.latencies(blocks, labels.get(0), other, 1).stream().filter(l -> l.mean().pairs() >= 2).count();
        }
        return family;
    }

    /** The load's family of a run ({@link #family(List, List)}), what its load's intervals are adjusted for. */
    public static int family(RunResult run) {
        return family(run.blocks(), run.targets().stream().map(RunResult.Target::label).toList());
    }

    /**
     * The most intervals a run of these tiers and targets can state, known before its load: TPS, CPU
     * per response and the two response-time ratios per tier and target. What precision on demand
     * sizes the adjusted interval with.
     */
    public static int mostIntervals(int tiers, int targets) {
        return 4 * tiers * (targets - 1);
    }

    /**
     * The logarithms of each tier's per-round ratios so far, for every target against the baseline:
     * TPS, then CPU per response where it was read. What a precision pilot measures its spread from.
     */
    public static List<double[]> logRatios(List<BlockResult> tier, List<String> labels) {
        List<double[]> logs = new ArrayList<>();
        for (String other : labels.subList(1, labels.size())) {
            Paired paired = Paired.of(tier, labels.get(0), other);
            logs.add(Paired.Round.logs(paired.tps()));
            if (paired.cpu().size() >= 2) {
                logs.add(Paired.Round.logs(paired.cpu()));
            }
        }
        return logs;
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
        Map<Tier, String> stoppedBy = new LinkedHashMap<>();
        run.comparisons().forEach(tier -> stoppedBy.put(tier.tier(), tier.stoppedBy()));
        List<String> labels = targets.stream().map(RunResult.Target::label).toList();
        // A part of a shared run states no costs (RunRecord): it keeps none when rebased either.
        return run.toBuilder().targets(targets).comparisons(of(run.blocks(), labels, stoppedBy, run.pilotPairs()))
                .footprint(run.footprint().isEmpty() ? List.of() : Footprints.of(run.launchFigures(), run.blocks(), labels))
                .build();
    }

}
