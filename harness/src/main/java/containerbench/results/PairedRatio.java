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
     * one observation, the ratio the geometric mean of theirs, and the interval Student's t on
     * launches - 1 over them, exp(mean ± t · s / √launches). Two launches of one container differ for
     * a whole tier (the JIT's decisions, the heap's layout, where the hot threads landed), which the
     * blocks of one launch cannot see; the launch means carry it. With the same rounds in every
     * launch this is the balanced one-way random-effects interval: their variance estimates
     * σ²(launch) + σ²(block) / rounds, whatever the two are, so the interval keeps its confidence for
     * normal effects at any number of launches from two; it is wide at few (t = 4.30 at three).
     *
     * @param launches each launch's log ratios, round by round
     */
    public static PairedRatio ofLaunches(List<double[]> launches, double confidence) {
        double[] means = launches.stream().mapToDouble(logs -> Arrays.stream(logs).average().orElseThrow()).toArray();
        int pairs = launches.stream().mapToInt(logs -> logs.length).sum();
        PairedRatio overLaunches = of(means, means.length, confidence);
        return new PairedRatio(overLaunches.ratio(), overLaunches.low(), overLaunches.high(), pairs);
    }

    /**
     * How far a ratio moves from block to block inside a launch and from launch to launch, as standard
     * deviations of its logarithm in percent: the block part pooled over the launches' rounds, the
     * launch part what the launch means spread beyond what their blocks explain (ANOVA's estimator,
     * zero when they spread less); {@code null} with one launch, which cannot tell.
     */
    public record Components(double blockPercent, Double launchPercent) {

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
            double[] means = launches.stream().mapToDouble(logs -> Arrays.stream(logs).average().orElseThrow()).toArray();
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
