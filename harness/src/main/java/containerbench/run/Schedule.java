package containerbench.run;

import containerbench.measure.BlockResult;
import containerbench.measure.Measurement;
import containerbench.measure.Rotation;
import containerbench.measure.Step;
import containerbench.results.Comparisons;
import containerbench.results.PairedRatio;
import containerbench.results.TierComparison;
import containerbench.settings.Interleaving;
import containerbench.settings.Precision;
import containerbench.settings.TierPlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How long each rotation turns, decided at the end of each of its rounds from what was measured so
 * far: an auto warm-up until its target is steady, and with precision on demand a tier until its
 * intervals are narrow enough or its share of the time is spent.
 */
final class Schedule {

    /**
     * Three windows in a row within ±5% of their mean, after at least 30 s: the JIT has settled. The
     * 30 s are the fixed warm-up's, measured on one core; three agreeing windows alone were seen to
     * stop a warm-up on a plateau that the tiers then left (undertow at 21,000 req/s, then 34,000).
     */
    static final int STEADY_WINDOWS = 3;
    static final double STEADY_PERCENT = 5;
    static final int MIN_WINDOWS = 30 / TierPlan.WARMUP_WINDOW_SECONDS;

    /** Why a tier stopped adding rounds. */
    static final String ROUNDS = "rounds";
    static final String PRECISION = "precision";
    static final String TIME = "time cap";

    private final TierPlan plan;
    private final Interleaving interleaving;
    private final List<String> labels;
    private final Map<Integer, Long> tierStarts = new HashMap<>();
    private final Map<Integer, String> stoppedBy = new HashMap<>();
    private final List<Rotation> warmups = new ArrayList<>();
    // From here the time cap counts: the schedule is made as the load is about to begin.
    private final long loadStart = System.currentTimeMillis();

    /** Decides how long each rotation of the measurement turns: an auto warm-up, and every tier of several targets. */
    Schedule(TierPlan plan, Interleaving interleaving, List<String> labels, Measurement measurement) {
        this.plan = plan;
        this.interleaving = interleaving;
        this.labels = labels;
        for (Step step : measurement.steps()) {
            if (step.warmup() && plan.autoWarmup()) {
                warmups.add(step.rotation());
                step.rotation().moreRounds(rotation -> !steady(rotation));
            } else if (!step.warmup() && interleaving != null) {
                stoppedBy.put(step.tier(), ROUNDS);
                step.rotation().moreRounds(this::anotherRound);
            }
        }
    }

    /** A round beyond the fixed ones: when the intervals are not yet narrow enough and the tier's time allows. */
    private synchronized boolean anotherRound(Rotation rotation) {
        Precision precision = interleaving.precision();
        if (precision == null) {
            return false;
        }
        int tier = rotation.tierIndex();
        long now = System.currentTimeMillis();
        long tierStart = tierStarts.computeIfAbsent(tier,
                t -> now - 1000L * interleaving.blockSeconds() * labels.size() * rotation.roundsDone());
        if (precise(rotation.blocks(), precision.percent())) {
            stoppedBy.put(tier, PRECISION);
            return false;
        }
        // The tier's share of the time left: what remains until the cap, over the tiers still to run.
        long deadline = loadStart + precision.maxMinutes() * 60_000L;
        int tiersLeft = plan.tiers().size() - tier;
        long tierDeadline = tierStart + (deadline - tierStart) / tiersLeft;
        // Until the intervals are narrow enough, what stops the tier is the time: the cap, or the rounds laid out.
        stoppedBy.put(tier, TIME);
        return now + 1000L * interleaving.blockSeconds() * labels.size() <= tierDeadline;
    }

    /** Whether every comparison is within ±percent: its TPS ratio, or its CPU ratio where the injector limited it. */
    private boolean precise(List<BlockResult> blocks, double percent) {
        if (blocks.isEmpty()) {
            return false;
        }
        for (TierComparison.Comparison c : Comparisons.of(blocks, labels).get(0).comparison()) {
            double low = c.injectorLimited() ? c.cpuRatioLow() : c.tpsRatioLow();
            double high = c.injectorLimited() ? c.cpuRatioHigh() : c.tpsRatioHigh();
            if (c.pairs() < 2 || low <= 0 || new PairedRatio(1, low, high, c.pairs()).halfWidthPercent() > percent) {
                return false;
            }
        }
        return true;
    }

    /** Whether a warm-up's last windows agree: three in a row within ±5% of their mean. */
    private static boolean steady(Rotation warmup) {
        List<Double> tps = warmup.blocks().stream().map(BlockResult::tps).toList();
        if (tps.size() < Math.max(STEADY_WINDOWS, MIN_WINDOWS)) {
            return false;
        }
        List<Double> last = tps.subList(tps.size() - STEADY_WINDOWS, tps.size());
        double mean = last.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        return mean > 0 && last.stream().allMatch(x -> Math.abs(x - mean) <= STEADY_PERCENT / 100 * mean);
    }

    /** Whether each target's warm-up settled, in target order: {@code null} for a fixed warm-up or none. */
    List<Boolean> settled() {
        List<Boolean> settled = new ArrayList<>();
        for (int target = 0; target < labels.size(); target++) {
            settled.add(target < warmups.size() ? steady(warmups.get(target)) : null);
        }
        return settled;
    }

    /** Why each tier stopped adding rounds, by tier index: rounds, precision or time cap. */
    synchronized Map<Integer, String> stoppedBy() {
        return Map.copyOf(stoppedBy);
    }
}
