package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PooledTest {

    @Test
    void runsThatDisagreeWidenThePoolAndSaySo() {
        // Logs 0 and 0.1, each ±1% (variance 0.0001): weights 10,000; Q = 2 x 10,000 x 0.05² = 50;
        // tau² = (50 - 1) / (20,000 - 10,000) = 0.0049; random weights 200; t(0.975, 1 df) = 12.706,
        // half width 12.706 x sqrt(1 / 400) = 0.6353: exp(0.05 -/+ 0.6353).
        Pooled pool = Pooled.of(new double[] {0, 0.1}, new double[] {0.0001, 0.0001});
        assertEquals(1.0513, pool.ratio());
        assertEquals(0.5569, pool.low(), 1e-4);
        assertEquals(1.9844, pool.high(), 2e-4);
        assertEquals(0.07, pool.tau());
        assertEquals(50, pool.agreement().q());
        assertEquals(98, pool.agreement().iSquared());
        assertTrue(pool.disagree() && pool.agreement().p() < 1e-6, pool.toString());
    }

    @Test
    void runsThatAgreeKeepAnIntervalNoNarrowerThanTheirOwnNoise() {
        // Logs 0, 0.01, 0.005, each variance 0.0001: Q = 10,000 x (0.005² + 0.005²) = 0.5 < 2, so tau² = 0;
        // the spread's 0.25 is raised to 1: half width t(0.975, 2 df) 4.3027 x sqrt(1 / 30,000) = 0.02484.
        Pooled pool = Pooled.of(new double[] {0, 0.01, 0.005}, new double[] {0.0001, 0.0001, 0.0001});
        assertEquals(1.005, pool.ratio(), 1e-4);
        assertEquals(0.9804, pool.low(), 1e-4);
        assertEquals(1.0303, pool.high(), 1e-4);
        assertEquals(0, pool.tau());
        assertEquals(0.7788, pool.agreement().p(), 1e-4, "exp(-0.5 / 2): chi-squared with 2 df");
        assertFalse(pool.disagree());
    }

    @Test
    void threeRunsOrMoreGiveWhereTheNextRunShouldFall() {
        // Logs 0, 0.01, 0.005, variances 0.0001: tau² = 0, the pool's variance 1 / 30,000; t(0.975, 1 df) = 12.706,
        // 12.706 x sqrt(1 / 30,000) = 0.07336: exp(0.005 -/+ 0.07336).
        Pooled pool = Pooled.of(new double[] {0, 0.01, 0.005}, new double[] {0.0001, 0.0001, 0.0001});
        assertEquals(0.9338, pool.predictionLow(), 1e-4);
        assertEquals(1.0814, pool.predictionHigh(), 1e-4);
        assertEquals(null, Pooled.of(new double[] {0, 0.1}, new double[] {0.0001, 0.0001}).predictionLow(), "two runs: none");
    }

    @Test
    void runsThatAgreeAreSaidToDisagreeInFivePercentOfPoolsOnceEachRunsVarianceIsAnEstimate() {
        // Pairs of agreeing runs of 12 pairs each (variances estimated on 11 df): chi-squared Q, which takes
        // them as known, says "disagree" too often; the bootstrap, which draws them again, about 5% of the time.
        SplittableRandom random = new SplittableRandom(3);
        int pools = 2000;
        int chiSquared = 0;
        int bootstrap = 0;
        for (int i = 0; i < pools; i++) {
            double[] logs = new double[2];
            double[] variances = new double[2];
            for (int run = 0; run < 2; run++) {
                double[] pairs = new double[12];
                for (int pair = 0; pair < pairs.length; pair++) {
                    pairs[pair] = 0.08 * random.nextGaussian();
                }
                double mean = java.util.Arrays.stream(pairs).average().orElseThrow();
                logs[run] = mean;
                variances[run] = java.util.Arrays.stream(pairs).map(x -> (x - mean) * (x - mean)).sum() / 11 / 12;
            }
            Pooled pool = Pooled.of(logs, variances, new int[] {11, 11});
            chiSquared += pool.agreement().p() < 0.05 ? 1 : 0;
            bootstrap += pool.disagree() ? 1 : 0;
        }
        double chiPercent = 100.0 * chiSquared / pools;
        double bootstrapPercent = 100.0 * bootstrap / pools;
        System.out.printf("agreeing pairs of runs said to disagree: chi-squared %.1f%%, bootstrap %.1f%%%n", chiPercent, bootstrapPercent);
        assertTrue(chiPercent > 5.5, "chi-squared says disagree in " + chiPercent + "%");
        assertEquals(5.0, bootstrapPercent, 1.5, "the bootstrap says disagree in " + bootstrapPercent + "%, chi-squared in " + chiPercent + "%");
    }
}
