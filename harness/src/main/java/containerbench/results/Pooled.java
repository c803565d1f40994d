package containerbench.results;

import containerbench.measure.Decimals;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.statistics.distribution.ChiSquaredDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * One ratio from several runs of the same comparison: a random-effects pool of their log ratios
 * (DerSimonian-Laird), so that the interval carries the spread between runs as well as the noise
 * inside each, with the Hartung-Knapp interval (t with runs - 1 degrees of freedom, never narrower
 * than the usual one) because a handful of runs says little about that spread. Beside it the
 * prediction interval, where the next run's ratio should fall (Higgins, Thompson and Spiegelhalter
 * 2009: t with runs - 2 degrees of freedom on tau² plus the pool's variance; three runs at least).
 * Cochran's Q tests whether the runs disagree beyond their own intervals; its chi-squared p treats
 * each run's variance as known, which a run of a dozen pairs does not know (said "disagree" in 6-10%
 * of simulated agreeing pairs of runs), so the p the verdict uses is a parametric bootstrap of Q
 * under agreement, each run's variance drawn again from its own degrees of freedom.
 *
 * @param tau the spread between runs on the log scale: 0.05 is about ±5% from run to run
 * @param predictionLow where the next run's ratio should fall, 95%; {@code null} under three runs
 * @param agreement whether the runs agree within their own intervals: Cochran's Q
 */
public record Pooled(double ratio, double low, double high, int runs, double tau, Double predictionLow, Double predictionHigh,
        Agreement agreement) {

    /**
     * Cochran's Q of the runs' log ratios.
     *
     * @param p Q's chi-squared p (each run's variance taken as known)
     * @param iSquared the share of the runs' variation that is between them, in percent
     * @param calibratedP Q's p from the parametric bootstrap: what {@link #disagree} rests on
     */
    public record Agreement(double q, double p, double iSquared, double calibratedP) {
    }

    /** Draws of the bootstrap of Q for one reading: its p to about ±0.005 at 0.05. */
    static final int DRAWS = 2000;

    /** The most draws, for a reading among many (a p of 1 / (draws + 1) must be able to clear 0.05 / readings). */
    static final int MOST_DRAWS = 100_000;

    /**
     * @param logs each run's mean log ratio
     * @param variances the variance of each mean (its standard error squared), taken as known
     */
    public static Pooled of(double[] logs, double[] variances) {
        int[] known = new int[logs.length];
        Arrays.fill(known, Integer.MAX_VALUE);
        return of(logs, variances, known);
    }

    /**
     * @param logs each run's mean log ratio
     * @param variances the variance of each mean (its standard error squared)
     * @param degrees the degrees of freedom each variance was estimated with
     */
    public static Pooled of(double[] logs, double[] variances, int[] degrees) {
        return of(logs, variances, degrees, 1);
    }

    /**
     * The same, its Q's bootstrap with draws enough for {@code readings} readings adjusted together:
     * 40 per the smallest p that can still say "disagree" (0.05 / readings), 2,000 at least.
     */
    public static Pooled of(double[] logs, double[] variances, int[] degrees, int readings) {
        int draws = (int) Math.min(MOST_DRAWS, Math.max(DRAWS, 40L * 20 * Math.max(1, readings)));
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
        Double predictionLow = null;
        Double predictionHigh = null;
        if (k >= 3) {
            double predicted = TDistribution.of(k - 2).inverseCumulativeProbability(0.975) * Math.sqrt(tau2 + 1 / sumRandom);
            predictionLow = Decimals.four(Math.exp(mean - predicted));
            predictionHigh = Decimals.four(Math.exp(mean + predicted));
        }
        return new Pooled(Decimals.four(Math.exp(mean)), Decimals.four(Math.exp(mean - half)), Decimals.four(Math.exp(mean + half)),
                k, Decimals.four(Math.sqrt(tau2)), predictionLow, predictionHigh, new Agreement(Decimals.two(q), Decimals.four(p),
                        Decimals.two(iSquared), bootstrapP(fixed, variances, degrees, q, draws)));
    }

    /** Cochran's Q of these runs' logs with weights from their variances. */
    private static double q(double[] logs, double[] variances) {
        double[] w = Arrays.stream(variances).map(v -> 1 / Math.max(v, 1e-12)).toArray();
        double fixed = weighted(logs, w);
        double q = 0;
        for (int i = 0; i < logs.length; i++) {
            q += w[i] * (logs[i] - fixed) * (logs[i] - fixed);
        }
        return q;
    }

    /**
     * How often runs that agree (all at {@code mean}, each with its own variance) show a Q at least
     * {@code observed}, each run's variance estimated again from its degrees of freedom as a run
     * estimates it. Seeded from the figures, so that the same runs always read the same p.
     */
    private static double bootstrapP(double mean, double[] variances, int[] degrees, double observed, int draws) {
        int k = variances.length;
        SplittableRandom random = new SplittableRandom(Double.doubleToLongBits(observed) ^ Arrays.hashCode(variances));
        double[] logs = new double[k];
        double[] estimated = new double[k];
        int atLeast = 0;
        for (int draw = 0; draw < draws; draw++) {
            for (int i = 0; i < k; i++) {
                logs[i] = mean + Math.sqrt(variances[i]) * random.nextGaussian();
                estimated[i] = degrees[i] == Integer.MAX_VALUE ? variances[i] : variances[i] * chiSquared(degrees[i], random) / degrees[i];
            }
            atLeast += q(logs, estimated) >= observed ? 1 : 0;
        }
        return (atLeast + 1.0) / (draws + 1);
    }

    /** A chi-squared draw with {@code degrees} degrees of freedom, as a sum of squared normals. */
    private static double chiSquared(int degrees, SplittableRandom random) {
        double sum = 0;
        for (int i = 0; i < degrees; i++) {
            double z = random.nextGaussian();
            sum += z * z;
        }
        return sum;
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

    /** Whether the runs disagree beyond their own intervals: Q's bootstrap p below 5%. */
    public boolean disagree() {
        return disagree(1);
    }

    /** The same among {@code statements} such readings of one pool of runs, adjusted together (Bonferroni). */
    public boolean disagree(int statements) {
        return agreement.calibratedP() < 0.05 / Math.max(1, statements);
    }

    public boolean holdsOne() {
        return low <= 1 && 1 <= high;
    }
}
