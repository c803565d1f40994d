package containerbench.study;

import containerbench.measure.Decimals;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How much repetitions of one figure agree: mean, sample standard deviation, coefficient of
 * variation (sd / mean, in percent) and the 95% confidence interval of the mean (Student's t).
 */
public record Spread(int n, double mean, double sd, double cvPercent, double ci95Low, double ci95High) {

    public static Spread of(List<Double> values) {
        int n = values.size();
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
        if (n < 2) {
            return new Spread(n, Decimals.two(mean), 0, 0, Decimals.two(mean), Decimals.two(mean));
        }
        double sd = Math.sqrt(values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / (n - 1));
        double half = TDistribution.of(n - 1).inverseCumulativeProbability(0.975) * sd / Math.sqrt(n);
        return new Spread(n, Decimals.two(mean), Decimals.two(sd), mean == 0 ? 0 : Decimals.two(100 * sd / mean),
                Decimals.two(mean - half), Decimals.two(mean + half));
    }
}
