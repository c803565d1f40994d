package containerbench.results;

import java.util.Arrays;

/**
 * A precision pilot's spread of one pair's log ratio, as Stein's procedure uses it: the variance
 * per pair and its degrees of freedom. Rounds run back to back, and where one round's ratio leans
 * the way the last one leaned (the machine's drift, a collector's rhythm) the pairs' variance
 * understates the mean's, and a pilot that looks tight asks for too few rounds. So the pilot's lag-1
 * autocorrelation is checked: above what independent pairs show one time in twenty (1.645 / √n, the
 * one-sided 5% point of its null spread), the spread comes from batch means instead, batches of
 * {@link #BATCH} consecutive pairs, each batch mean's variance times the batch length, on batches - 1
 * degrees of freedom: wider and less certain, as a correlated pilot is.
 *
 * @param variance one pair's variance of the log ratio, as the mean's variance times the pairs
 * @param lag1 the pilot's lag-1 autocorrelation
 * @param batch 1 where the pairs' own spread is used, else the batch length
 */
public record PilotSpread(double variance, int degrees, double lag1, int batch) {

    /** Four pairs a batch: a pilot of 20 gives 5 batches, 4 degrees of freedom. */
    static final int BATCH = 4;

    /** @param logs the pilot's log ratios, in the order their rounds ran; two at least */
    public static PilotSpread of(double[] logs) {
        int n = logs.length;
        if (n < 2) {
            throw new IllegalArgumentException("a pilot of " + n + " pairs has no spread");
        }
        double sd = PairedRatio.sd(logs);
        double lag1 = lag1(logs);
        int batches = n / BATCH;
        if (n < 3 || lag1 <= 1.645 / Math.sqrt(n) || batches < 3) {
            return new PilotSpread(sd * sd, n - 1, lag1, 1);
        }
        double[] means = new double[batches];
        for (int b = 0; b < batches; b++) {
            means[b] = Arrays.stream(logs, b * BATCH, (b + 1) * BATCH).average().orElseThrow();
        }
        double batchSd = PairedRatio.sd(means);
        return new PilotSpread(BATCH * batchSd * batchSd, batches - 1, lag1, BATCH);
    }

    /** The half width, on the log scale, of an interval of {@code confidence} over {@code pairs} pairs. */
    public double half(int pairs, double confidence) {
        return PairedRatio.quantile(degrees, confidence) * Math.sqrt(variance / pairs);
    }

    /** The lag-1 autocorrelation: the products of consecutive deviations over the sum of squares. */
    static double lag1(double[] logs) {
        double mean = Arrays.stream(logs).average().orElseThrow();
        double squares = 0;
        double products = 0;
        for (int i = 0; i < logs.length; i++) {
            squares += (logs[i] - mean) * (logs[i] - mean);
            if (i > 0) {
                products += (logs[i] - mean) * (logs[i - 1] - mean);
            }
        }
        return squares == 0 ? 0 : products / squares;
    }
}
