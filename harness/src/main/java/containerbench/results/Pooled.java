package containerbench.results;

import containerbench.measure.Decimals;
import java.util.Arrays;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * One ratio from several runs of the same comparison: a random-effects pool of their log ratios
 * (DerSimonian-Laird), so that the interval carries the spread between runs as well as the noise
 * inside each, with the Hartung-Knapp interval (t with runs - 1 degrees of freedom, never narrower
 * than the usual one) because a handful of runs says little about that spread. Cochran's Q tests
 * whether the runs disagree beyond their own intervals.
 *
 * @param tau the spread between runs on the log scale: 0.05 is about ±5% from run to run
 * @param p Cochran's Q test: below 0.05 the runs disagree beyond their intervals
 * @param iSquared the share of the runs' variation that is between them, in percent
 */
public record Pooled(double ratio, double low, double high, int runs, double tau, double q, double p, double iSquared) {

    /**
     * @param logs each run's mean log ratio
     * @param variances the variance of each mean (its standard error squared)
     */
    public static Pooled of(double[] logs, double[] variances) {
        int k = logs.length;
        if (k < 2) {
            throw new IllegalArgumentException("a pool of " + k + " run(s)");
        }
        double[] w = Arrays.stream(variances).map(v -> 1 / Math.max(v, 1e-12)).toArray();
        double fixed = weighted(logs, w);
        double q = 0;
        for (int i = 0; i < k; i++) {
            q += w[i] * (logs[i] - fixed) * (logs[i] - fixed);
        }
        double sumW = Arrays.stream(w).sum();
        double sumW2 = Arrays.stream(w).map(x -> x * x).sum();
        double tau2 = Math.max(0, (q - (k - 1)) / (sumW - sumW2 / sumW));
        double[] random = new double[k];
        for (int i = 0; i < k; i++) {
            random[i] = 1 / (Math.max(variances[i], 1e-12) + tau2);
        }
        double mean = weighted(logs, random);
        double sumRandom = Arrays.stream(random).sum();
        double spread = 0;
        for (int i = 0; i < k; i++) {
            spread += random[i] * (logs[i] - mean) * (logs[i] - mean);
        }
        double half = TDistribution.of(k - 1).inverseCumulativeProbability(0.975)
                * Math.sqrt(Math.max(1, spread / (k - 1)) / sumRandom);
        double p = 1 - ChiSquaredDistribution.of(k - 1).cumulativeProbability(q);
        double iSquared = q <= 0 ? 0 : Math.max(0, 100 * (q - (k - 1)) / q);
        return new Pooled(Decimals.four(Math.exp(mean)), Decimals.four(Math.exp(mean - half)), Decimals.four(Math.exp(mean + half)),
                k, Decimals.four(Math.sqrt(tau2)), Decimals.two(q), Decimals.four(p), Decimals.two(iSquared));
    }

    private static double weighted(double[] values, double[] weights) {
        double sum = 0;
        double total = 0;
        for (int i = 0; i < values.length; i++) {
            sum += weights[i] * values[i];
            total += weights[i];
        }
        return sum / total;
    }

    /** Whether the runs disagree beyond their own intervals (Cochran's Q at 5%). */
    public boolean disagree() {
        return p < 0.05;
    }

    public boolean holdsOne() {
        return low <= 1 && 1 <= high;
    }
}
