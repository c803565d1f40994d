package containerbench.results;

import containerbench.measure.Decimals;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The ratio of two figures measured in pairs, with its interval: Student's t on the logarithms of
 * the per-pair ratios, turned back into a ratio. Logarithms because a ratio's errors multiply (1.1
 * and 1/1.1 are the same distance from 1), and t because a tier has a handful of pairs, not
 * hundreds. The ratio is the geometric mean of the pairs' ratios.
 *
 * @param low the interval's lower end (equal to ratio with a single pair)
 */
public record PairedRatio(double ratio, double low, double high, int pairs) {

    /** The 95% interval. */
    public static PairedRatio of(List<Double> others, List<Double> baselines) {
        return of(others, baselines, 0.95);
    }

    /** The interval of the given confidence, from the spread of all the pairs. */
    public static PairedRatio of(List<Double> others, List<Double> baselines, double confidence) {
        return of(logs(others, baselines), confidence);
    }

    /**
     * Stein's two-stage interval: the spread comes from the first {@code pilot} pairs only, with their
     * degrees of freedom, and the mean from all. Because the pairs after the pilot were chosen from
     * the pilot's spread, the usual interval would not keep its confidence; this one does, exactly for
     * normal log ratios, however many pairs the pilot asked for.
     */
    public static PairedRatio stein(List<Double> others, List<Double> baselines, int pilot, double confidence) {
        double[] logs = logs(others, baselines);
        int spreadFrom = Math.min(pilot, logs.length);
        // The pilot's spread, widened where its pairs lean on each other (PilotSpread).
        return around(logs, spreadFrom < 2 ? 0 : PilotSpread.of(Arrays.copyOf(logs, spreadFrom)).half(logs.length, confidence));
    }

    /**
     * The ratio over several launches of each target (fresh JVMs): each launch's mean log ratio is
     * one observation, the ratio the geometric mean of theirs, and the interval Student's t over
     * them, exp(mean ± t · s / √launches), with s and its degrees of freedom from {@code spread}: how
     * far a launch mean strays from its tier's mean, pooled over the run's tiers of this figure. Two
     * launches of one container differ for a whole tier (the JIT's decisions, the heap's layout, where
     * the hot threads landed), which the blocks of one launch cannot see; the launch means carry it,
     * and with the same rounds in every launch their variance is σ²(launch) + σ²(block) / rounds,
     * whatever the two are.
     *
     * @param launches each launch's log ratios, round by round
     */
    public static PairedRatio ofLaunches(List<double[]> launches, LaunchSpread spread, double confidence) {
        double[] means = means(launches);
        int pairs = launches.stream().mapToInt(logs -> logs.length).sum();
        double mean = Arrays.stream(means).average().orElseThrow();
        double half = quantile(spread.degrees(), confidence) * Math.sqrt(spread.variance() / means.length);
        return new PairedRatio(Decimals.four(Math.exp(mean)), Decimals.four(Math.exp(mean - half)),
                Decimals.four(Math.exp(mean + half)), pairs);
    }

    /**
     * How far one figure's launch means stray from their tier's mean, pooled over the tiers of a run:
     * the variance of a launch mean's log ratio, and the degrees of freedom it has. Each tier gives
     * launches - 1 where a launch strays at each tier on its own; a launch that strays alike at every
     * tier (a JVM that is slower throughout) carries launches - 1 over all of them. So the squares are
     * split as a two-way table of launch means (tiers by launches): a launch's own term and what is
     * left, and the degrees of freedom are Satterthwaite's over the two, from tiers x (launches - 1)
     * when launches stray tier by tier down to launches - 1 when they stray alike; the variance is the
     * pooled one either way. Where the tiers do not all hold the same launches (a launch without a
     * figure at some tier), launches - 1 of the fewest. Why pooling, and what it assumes: docs/method.md,
     * "Launches: the unit of replication".
     *
     * @param degrees Satterthwaite's degrees of freedom, not a whole number
     * @param tiers how many tiers of two launches or more it was pooled over
     */
    public record LaunchSpread(double variance, double degrees, int tiers) {

        /** @param tiers tier by tier, each launch's log ratios round by round, by launch; tiers of one launch add nothing */
        public static LaunchSpread pooled(List<java.util.SortedMap<Integer, double[]>> tiers) {
            List<java.util.SortedMap<Integer, double[]>> pooled = tiers.stream().filter(t -> t.size() >= 2).toList();
            if (pooled.isEmpty()) {
                return new LaunchSpread(Double.NaN, 0, 0);
            }
            double squares = 0;
            int degrees = 0;
            for (java.util.SortedMap<Integer, double[]> launches : pooled) {
                double[] deviations = deviations(launches);
                squares += Arrays.stream(deviations).map(d -> d * d).sum();
                degrees += deviations.length - 1;
            }
            double variance = squares / degrees;
            boolean balanced = pooled.stream().allMatch(t -> t.keySet().equals(pooled.get(0).keySet()));
            if (!balanced) {
                return new LaunchSpread(variance, pooled.stream().mapToInt(java.util.Map::size).min().orElseThrow() - 1, pooled.size());
            }
            int t = pooled.size();
            int l = pooled.get(0).size();
            if (t == 1) {
                return new LaunchSpread(variance, l - 1, 1);
            }
            // A launch's own term: its deviations' mean over the tiers, t times its square per launch.
            double[] own = new double[l];
            for (java.util.SortedMap<Integer, double[]> launches : pooled) {
                double[] deviations = deviations(launches);
                for (int i = 0; i < l; i++) {
                    own[i] += deviations[i] / t;
                }
            }
            double launchSquares = t * Arrays.stream(own).map(a -> a * a).sum();
            double meanSquareLaunch = launchSquares / (l - 1);
            double meanSquareRest = (squares - launchSquares) / ((t - 1) * (l - 1));
            double total = meanSquareLaunch + (t - 1) * meanSquareRest;
            double satterthwaite = total == 0 ? degrees
                    : (l - 1) * total * total / (meanSquareLaunch * meanSquareLaunch + (t - 1) * meanSquareRest * meanSquareRest);
            return new LaunchSpread(variance, Math.min(degrees, satterthwaite), t);
        }

        /** Each launch mean's deviation from the tier's mean, in launch order. */
        private static double[] deviations(java.util.SortedMap<Integer, double[]> launches) {
            double[] means = means(List.copyOf(launches.values()));
            double mean = Arrays.stream(means).average().orElseThrow();
            return Arrays.stream(means).map(m -> m - mean).toArray();
        }
    }

    private static double[] means(List<double[]> launches) {
        return launches.stream().mapToDouble(logs -> Arrays.stream(logs).average().orElseThrow()).toArray();
    }

    /**
     * How far a ratio moves from block to block inside a launch and from launch to launch, as standard
     * deviations of its logarithm in percent: the block part pooled over the launches' rounds, the
     * launch part what the launch means spread beyond what their blocks explain (ANOVA's estimator,
     * zero when they spread less); {@code null} with one launch, which cannot tell.
     */
    public record Components(double blockPercent, Double launchPercent, LaunchSpread pooled) {

        public Components(double blockPercent, Double launchPercent) {
            this(blockPercent, launchPercent, null);
        }

        /** @param pooled what the interval's spread was pooled from, over several launches */
        public static Components of(List<double[]> launches, LaunchSpread pooled) {
            Components c = of(launches);
            return new Components(c.blockPercent, c.launchPercent, launches.size() < 2 ? null : pooled);
        }

        public static Components of(List<double[]> launches) {
            double within = 0;
            int degrees = 0;
            for (double[] logs : launches) {
                double mean = Arrays.stream(logs).average().orElseThrow();
                within += Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum();
                degrees += logs.length - 1;
            }
            double blockVariance = degrees == 0 ? 0 : within / degrees;
            if (launches.size() < 2) {
                return new Components(Decimals.two(100 * Math.sqrt(blockVariance)), null);
            }
            double[] means = means(launches);
            double rounds = launches.stream().mapToInt(logs -> logs.length).average().orElseThrow();
            double launchVariance = Math.max(0, sd(means) * sd(means) - blockVariance / rounds);
            return new Components(Decimals.two(100 * Math.sqrt(blockVariance)), Decimals.two(100 * Math.sqrt(launchVariance)));
        }
    }

    private static PairedRatio of(double[] logs, double confidence) {
        int n = logs.length;
        return around(logs, n < 2 ? 0 : quantile(n - 1, confidence) * sd(logs) / Math.sqrt(n));
    }

    /** The logs' mean ratio with an interval of {@code half} either side of it on the log scale; 0 where there is no spread to take. */
    private static PairedRatio around(double[] logs, double half) {
        double mean = Arrays.stream(logs).average().orElse(Double.NaN);
        return new PairedRatio(Decimals.four(Math.exp(mean)), Decimals.four(Math.exp(mean - half)),
                Decimals.four(Math.exp(mean + half)), logs.length);
    }

    /** The logarithms of the pairs' ratios. */
    public static double[] logs(List<Double> others, List<Double> baselines) {
        double[] logs = new double[others.size()];
        for (int i = 0; i < logs.length; i++) {
            logs[i] = Math.log(others.get(i) / baselines.get(i));
        }
        return logs;
    }

    /** The sample standard deviation. */
    static double sd(double[] values) {
        double mean = Arrays.stream(values).average().orElse(Double.NaN);
        return Math.sqrt(Arrays.stream(values).map(x -> (x - mean) * (x - mean)).sum() / (values.length - 1));
    }

    /** Student's t quantile for a two-sided interval of {@code confidence}. */
    static double quantile(double degreesOfFreedom, double confidence) {
        return TDistribution.of(degreesOfFreedom).inverseCumulativeProbability(1 - (1 - confidence) / 2);
    }

    /** Whether the interval holds 1: no difference established. */
    public boolean holdsOne() {
        return low <= 1 && 1 <= high;
    }

    /**
     * The precision reached, as "±x%": half the interval's width on the logarithmic scale it was
     * computed on (high = ratio x (1 + x/100), low = ratio / (1 + x/100)).
     */
    public double halfWidthPercent() {
        return low <= 0 ? Double.POSITIVE_INFINITY : 100 * (Math.sqrt(high / low) - 1);
    }
}
