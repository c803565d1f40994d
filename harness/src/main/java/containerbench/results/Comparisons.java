package containerbench.results;

import containerbench.measure.BlockResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
        Map<String, List<BlockResult>> byTier = new LinkedHashMap<>();
        blocks.forEach(block -> byTier.computeIfAbsent(block.tier(), tier -> new ArrayList<>()).add(block));
        List<TierComparison> tiers = new ArrayList<>();
        byTier.forEach((tier, inTier) -> {
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
        int rounds = tier.stream().mapToInt(BlockResult::round).max().orElse(-1) + 1;
        for (int round = 0; round < rounds; round++) {
            Optional<BlockResult> b = block(tier, round, baseline);
            Optional<BlockResult> o = block(tier, round, other);
            if (b.isEmpty() || o.isEmpty()) {
                continue;
            }
            limited |= b.get().injectorLimited() || o.get().injectorLimited();
            baseTps.add(b.get().tps());
            otherTps.add(o.get().tps());
            if (b.get().targetCpuMicrosPerResponse() > 0 && o.get().targetCpuMicrosPerResponse() > 0) {
                baseCpu.add(b.get().targetCpuMicrosPerResponse());
                otherCpu.add(o.get().targetCpuMicrosPerResponse());
            }
        }
        PairedRatio tps = baseTps.isEmpty() ? null : PairedRatio.of(otherTps, baseTps);
        PairedRatio cpu = baseCpu.isEmpty() ? null : PairedRatio.of(otherCpu, baseCpu);
        return new TierComparison.Comparison(baseline, other, tps == null ? -1 : tps.ratio(), tps == null ? -1 : tps.low(),
                tps == null ? -1 : tps.high(), cpu == null ? -1 : cpu.ratio(), cpu == null ? -1 : cpu.low(),
                cpu == null ? -1 : cpu.high(), tps == null ? 0 : tps.pairs(), limited);
    }

    /** A block of the target in the round that completed at least one login; a block without any pairs with nothing. */
    private static Optional<BlockResult> block(List<BlockResult> tier, int round, String target) {
        return tier.stream().filter(b -> b.round() == round && b.target().equals(target) && b.ok() > 0).findFirst();
    }
}
