package containerbench.results;

import containerbench.measure.BlockResult;
import containerbench.measure.Tier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Each ratio of an interleaved run as a pool of repeated runs needs it ({@link Pooled}). */
public final class Estimates {

    private Estimates() {
    }

    /**
     * One ratio of one run as a pool of runs needs it: the mean of its per-round log ratios and that
     * mean's variance (from the pilot's spread with precision, as its interval; from the launch
     * means' spread over several launches).
     *
     * @param df the degrees of freedom the variance was estimated with
     */
    public record Estimate(int users, String other, Metric metric, double log, double variance, int df) {
    }

    /** What a pooled ratio is of; TPS where Gatling limited the load is pooled apart, under its own name. */
    public enum Metric {
        TPS("TPS"),
        INJECTOR_LIMITED_TPS("TPS (injector-limited)"),
        CPU_PER_RESPONSE("CPU per response");

        private final String name;

        Metric(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * Every ratio of an interleaved run, tier by tier and target by target, with two pairs or more; none
     * of a tier that either failed: a failure is a run's verdict, not a ratio to pool.
     */
    public static List<Estimate> of(RunResult run) {
        List<String> labels = run.targets().stream().map(RunResult.Target::label).toList();
        int pilot = run.pilotPairs();
        List<Estimate> estimates = new ArrayList<>();
        Map<Tier, List<BlockResult>> byTier = Paired.byTier(run.blocks());
        for (String other : labels.subList(1, labels.size())) {
            List<Paired> tiers = byTier.values().stream().map(inTier -> Paired.of(inTier, labels.get(0), other)).toList();
            Paired.Spreads spreads = Paired.Spreads.of(tiers);
            for (Paired paired : tiers) {
                if (paired.failed()) {
                    continue;
                }
                int users = paired.rounds().get(0)[0].users();
                // Pooled apart from judged ones, and named so: the injector's ratio as much as the containers'.
                if (paired.tpsJudged()) {
                    estimate(users, other, paired.injectorLimited() ? Metric.INJECTOR_LIMITED_TPS : Metric.TPS, paired.tps(), pilot,
                            spreads.tps(paired)).ifPresent(estimates::add);
                }
                estimate(users, other, Metric.CPU_PER_RESPONSE, paired.cpu(), pilot, spreads.cpu(paired)).ifPresent(estimates::add);
            }
        }
        return estimates;
    }

    private static Optional<Estimate> estimate(int users, String other, Metric metric, List<Paired.Round> rounds, int pilot,
            PairedRatio.LaunchSpread spread) {
        java.util.SortedMap<Integer, double[]> launches = Paired.Round.byLaunch(rounds);
        if (launches.size() >= 2) {
            double mean = launches.values().stream().mapToDouble(logs -> Arrays.stream(logs).average().orElseThrow()).average()
                    .orElseThrow();
            // A pool of runs draws each run's variance again from whole degrees of freedom: Satterthwaite's, rounded down.
            return Optional.of(new Estimate(users, other, metric, mean, spread.variance() / launches.size(),
                    Math.max(1, (int) Math.floor(spread.degrees()))));
        }
        double[] logs = Paired.Round.logs(rounds);
        int spreadFrom = pilot > 0 ? Math.min(pilot, logs.length) : logs.length;
        if (spreadFrom < 2) {
            return Optional.empty();
        }
        if (pilot > 0) {
            // As the run's own interval: the pilot's spread, widened where its pairs lean on each other.
            PilotSpread ofPilot = PilotSpread.of(Arrays.copyOf(logs, spreadFrom));
            return Optional.of(new Estimate(users, other, metric, Arrays.stream(logs).average().orElseThrow(),
                    ofPilot.variance() / logs.length, ofPilot.degrees()));
        }
        double sd = PairedRatio.sd(logs);
        return Optional.of(new Estimate(users, other, metric, Arrays.stream(logs).average().orElseThrow(),
                sd * sd / logs.length, logs.length - 1));
    }
}
