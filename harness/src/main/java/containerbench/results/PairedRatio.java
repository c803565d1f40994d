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
        return of(logs(others, baselines), others.size(), confidence);
    }

    /**
     * Stein's two-stage interval: the spread comes from the first {@code pilot} pairs only, with their
     * degrees of freedom, and the mean from all. Because the pairs after the pilot were chosen from
     * the pilot's spread, the usual interval would not keep its confidence; this one does, exactly for
     * normal log ratios, however many pairs the pilot asked for.
     */
    public static PairedRatio stein(List<Double> others, List<Double> baselines, int pilot, double confidence) {
        double[] logs = logs(others, baselines);
        return of(logs, Math.min(pilot, logs.length), confidence);
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
     * the variance of a launch mean's log ratio, with (launches - 1) degrees of freedom from each tier.
     * One tier alone gives Student's t on launches - 1, exact for normal effects but wide at the few
     * launches a run can afford (t = 4.30 at three, 22 once adjusted for 24 intervals); six tiers of
     * three launches give 12 (t = 2.18, and 4.3 adjusted). Pooling assumes a launch mean strays about
     * as far at every tier: simulated with launch offsets shared by all tiers (the worst case for the
     * degrees of freedom) and block noise from 6% at one tier to 10% at another, 94% of the 95%
     * intervals held the truth (LaunchIntervalTest); with a single tier in a run, nothing is pooled.
     *
     * @param tiers tier by tier, each launch's log ratios round by round; tiers of one launch add nothing
     */
    public record LaunchSpread(double variance, int degrees, int tiers) {

        public static LaunchSpread pooled(List<List<double[]>> tiers) {
            double squares = 0;
            int degrees = 0;
            int pooled = 0;
            for (List<double[]> launches : tiers) {
                if (launches.size() < 2) {
                    continue;
                }
                double[] means = means(launches);
                double mean = Arrays.stream(means).average().orElseThrow();
                squares += Arrays.stream(means).map(m -> (m - mean) * (m - mean)).sum();
                degrees += means.length - 1;
                pooled++;
            }
            return new LaunchSpread(degrees == 0 ? Double.NaN : squares / degrees, degrees, pooled);
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

    private static PairedRatio of(double[] logs, int spreadFrom, double confidence) {
        int n = logs.length;
        double mean = Arrays.stream(logs).average().orElse(Double.NaN);
        if (n < 2 || spreadFrom < 2) {
            double ratio = Decimals.four(Math.exp(mean));
            return new PairedRatio(ratio, ratio, ratio, n);
        }
        double half = quantile(spreadFrom - 1, confidence) * sd(Arrays.copyOf(logs, spreadFrom)) / Math.sqrt(n);
        return new PairedRatio(Decimals.four(Math.exp(mean)), Decimals.four(Math.exp(mean - half)),
                Decimals.four(Math.exp(mean + half)), n);
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
    static double quantile(int degreesOfFreedom, double confidence) {
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
