package containerbench.results;

import containerbench.measure.Decimals;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * The ratio of two figures measured in pairs, with its 95% interval: Student's t on the logarithms
 * of the per-pair ratios, turned back into a ratio. Logarithms because a ratio's errors multiply
 * (1.1 and 1/1.1 are the same distance from 1), and t because a tier has a handful of pairs, not
 * hundreds. The ratio is the geometric mean of the pairs' ratios.
 *
 * @param low the interval's lower end (equal to ratio with a single pair)
 */
public record PairedRatio(double ratio, double low, double high, int pairs) {

    public static PairedRatio of(List<Double> others, List<Double> baselines) {
        int n = others.size();
        double[] logs = new double[n];
        for (int i = 0; i < n; i++) {
            logs[i] = Math.log(others.get(i) / baselines.get(i));
        }
        double mean = java.util.Arrays.stream(logs).average().orElse(Double.NaN);
        if (n < 2) {
            double ratio = Decimals.four(Math.exp(mean));
            return new PairedRatio(ratio, ratio, ratio, n);
        }
        double sd = Math.sqrt(java.util.Arrays.stream(logs).map(x -> (x - mean) * (x - mean)).sum() / (n - 1));
        double half = TDistribution.of(n - 1).inverseCumulativeProbability(0.975) * sd / Math.sqrt(n);
        return new PairedRatio(Decimals.four(Math.exp(mean)), Decimals.four(Math.exp(mean - half)),
                Decimals.four(Math.exp(mean + half)), n);
    }

    /**
     * The precision reached, as "±x%": half the interval's width on the logarithmic scale it was
     * computed on (high = ratio x (1 + x/100), low = ratio / (1 + x/100)).
     */
    public double halfWidthPercent() {
        return low <= 0 ? Double.POSITIVE_INFINITY : 100 * (Math.sqrt(high / low) - 1);
    }
}
