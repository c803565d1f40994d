package containerbench.run;

import containerbench.measure.BlockResult;
import containerbench.measure.Measurement;
import containerbench.measure.Rotation;
import containerbench.measure.Step;
import containerbench.measure.Tier;
import containerbench.results.Comparisons;
import containerbench.results.TwoStage;
import containerbench.settings.Interleaving;
import containerbench.settings.Precision;
import containerbench.settings.RunProperties;
import containerbench.settings.TierPlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How long each rotation turns, decided at the end of each of its rounds from what was measured so
 * far: an auto warm-up until its target is steady, and with precision on demand a tier for the
 * rounds its pilot asks, or its share of the time.
 */
final class Schedule {

    /**
     * Three windows in a row within ±5% of their mean, after at least 30 s, in TPS and in CPU per
     * response: the JIT has settled. The 30 s are the fixed warm-up's, measured on one core; three
     * agreeing windows alone were seen to stop a warm-up on a plateau that the tiers then left
     * (undertow at 21,000 req/s, then 34,000). TPS alone is blind where the injector is the limit:
     * it stays flat while the target still compiles, as Liberty serving hawtio did ("steady" after
     * 30 s at 320 µs of CPU per response, 153 µs a tier later, 136 µs after a fixed 120 s).
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
    private final Map<Integer, Integer> plannedRounds = new HashMap<>();
    private final Map<Tier, String> stoppedBy = new HashMap<>();
    // Each target's auto warm-ups, one per launch, by target index.
    private final Map<Integer, List<Rotation>> warmups = new HashMap<>();
    // From here the time cap counts: the schedule is made as the load is about to begin.
    private final long loadStart = System.currentTimeMillis();

    /**
     * Decides how long each rotation of the measurement turns: an auto warm-up, and every tier of several targets.
     *
     * @param decides false for an injector that follows another's auto warm-ups: its own turn until the
     *     leader's have ended ({@link Injectors#whenLeaderReady}), at most their longest
     */
    Schedule(TierPlan plan, Interleaving interleaving, List<String> labels, Measurement measurement, boolean decides) {
        this.plan = plan;
        this.interleaving = interleaving;
        this.labels = labels;
        for (Step step : measurement.steps()) {
            if (step.warmup() && step.open()) {
                continue;
            }
            if (step.kind() instanceof Step.Warmup warmup && plan.autoWarmup()) {
                warmups.computeIfAbsent(warmup.target(), t -> new ArrayList<>()).add(step.rotation());
                step.rotation().moreRounds(decides ? rotation -> !steady(rotation.blocks()) : rotation -> true);
            } else if (!step.warmup() && interleaving != null) {
                stoppedBy.put(step.rotation().tier(), ROUNDS);
                step.rotation().moreRounds(this::anotherRound);
            }
        }
    }

    /**
     * A round beyond the pilot's, with precision on demand (Stein's two-stage procedure): at the
     * pilot's end the rounds every ratio needs for ±precision are worked out from its spread, and
     * the tier runs that many, in whole sets of its order, or as many as its share of the time cap
     * allows. Nothing later depends on how narrow the interval happens to look, so that its 95% holds.
     */
    private synchronized boolean anotherRound(Rotation rotation) {
        Precision precision = interleaving.precision();
        if (precision == null) {
            return false;
        }
        int tier = rotation.tierIndex();
        int done = rotation.roundsDone();
        Integer planned = plannedRounds.get(tier);
        if (planned == null) {
            planned = plan(rotation, precision, done);
            plannedRounds.put(tier, planned);
        }
        return done < planned;
    }

    /** The rounds the tier runs: what the pilot says precision needs, within the tier's share of the time. */
    private int plan(Rotation rotation, Precision precision, int pilot) {
        int tier = rotation.tierIndex();
        int sets = rotation.order().setSize();
        long now = System.currentTimeMillis();
        long roundMillis = 1000L * interleaving.blockSeconds() * labels.size();
        long tierStart = now - roundMillis * pilot;
        // The tier's share of the time left: what remains until the cap, over the tiers still to run.
        long deadline = loadStart + precision.maxMinutes() * 60_000L;
        int tiersLeft = plan.tiers().size() - tier;
        long tierDeadline = tierStart + (deadline - tierStart) / tiersLeft;
        int allowed = Math.min(rotation.rounds().most(), (int) ((tierDeadline - tierStart) / roundMillis) / sets * sets);
        List<double[]> pilots = Comparisons.logRatios(rotation.blocks(), labels);
        // The precision asked is of the adjusted interval, the one the verdict's words rest on: sized
        // for the most intervals the run can state, since the pilot cannot know which it will.
        double confidence = 1 - 0.05 / Comparisons.mostIntervals(plan.tiers().size(), labels.size());
        int needed = pilot;
        for (double[] logs : pilots) {
            needed = Math.max(needed, logs.length < 2 ? pilot : TwoStage.pairsFor(logs, precision.percent(), confidence));
        }
        needed = rotation.order().wholeSets(needed);
        int rounds = Math.max(pilot, Math.min(needed, allowed));
        double reached = pilots.stream().filter(logs -> logs.length >= 2)
                .mapToDouble(logs -> TwoStage.percentWith(logs, rounds, confidence)).max().orElse(Double.NaN);
        stoppedBy.put(rotation.tier(), rounds >= needed ? PRECISION : TIME);
        System.out.printf("[run] %s: the pilot's %d rounds ask %d rounds for ±%s%% adjusted for up to %d intervals (%s of load)%s%n",
                rotation.tier(), pilot, needed, precision.percent(), Comparisons.mostIntervals(plan.tiers().size(), labels.size()),
                minutes(needed * roundMillis / 1000), rounds >= needed ? "; running them"
                        : String.format("; the tier's share of %s=%d allows %d: about ±%.1f%%", RunProperties.MAX_MINUTES.name(),
                                precision.maxMinutes(), rounds, reached));
        return rounds;
    }

    private static String minutes(long seconds) {
        return seconds < 120 ? seconds + " s" : String.format("%.1f min", seconds / 60.0);
    }

    /**
     * Whether a warm-up's last windows agree: three in a row within ±5% of their mean, in TPS and,
     * where it was read for each of them, in CPU per response.
     */
    static boolean steady(List<BlockResult> windows) {
        if (windows.size() < Math.max(STEADY_WINDOWS, MIN_WINDOWS)) {
            return false;
        }
        List<BlockResult> last = windows.subList(windows.size() - STEADY_WINDOWS, windows.size());
        List<Double> cpu = last.stream().map(b -> b.cpu().targetMicrosPerResponse()).toList();
        return agree(last.stream().map(BlockResult::tps).toList()) && (cpu.contains(null) || agree(cpu));
    }

    private static boolean agree(List<Double> values) {
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        return mean > 0 && values.stream().allMatch(x -> Math.abs(x - mean) <= STEADY_PERCENT / 100 * mean);
    }

    /** Whether each target's warm-up settled, in every launch, in target order: {@code null} for a fixed warm-up or none. */
    List<Boolean> settled() {
        List<Boolean> settled = new ArrayList<>();
        for (int target = 0; target < labels.size(); target++) {
            List<Rotation> ofTarget = warmups.get(target);
            settled.add(ofTarget == null ? null : ofTarget.stream().allMatch(warmup -> steady(warmup.blocks())));
        }
        return settled;
    }

    /** Why each tier stopped adding rounds, by tier index: rounds, precision or time cap. */
    synchronized Map<Tier, String> stoppedBy() {
        return Map.copyOf(stoppedBy);
    }
}
