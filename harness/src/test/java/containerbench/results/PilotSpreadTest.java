package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A precision pilot's spread: its pairs' own where they are independent, batch means where they lean on each other. */
class PilotSpreadTest {

    @Test
    void aPilotWhosePairsLeanOnTheirNeighboursTakesItsSpreadFromBatchMeans() {
        // Four rounds up, four down, ...: lag-1 autocorrelation 0.55, above 1.645 / sqrt(20) = 0.368.
        double[] runs = new double[20];
        for (int i = 0; i < runs.length; i++) {
            runs[i] = (i / 4 % 2 == 0 ? 1 : -1) * 0.01;
        }
        PilotSpread leaning = PilotSpread.of(runs);
        assertEquals(0.55, leaning.lag1(), 1e-9);
        assertEquals(4, leaning.batch());
        assertEquals(4, leaning.degrees(), "five batches of four");
        assertEquals(4.8e-4, leaning.variance(), 1e-12, "batch means ±0.01: their variance 1.2e-4, times 4 pairs a batch");
        // Up, down, up, down: lag-1 -0.95, its pairs' own spread on 19 degrees of freedom.
        double[] alternating = new double[20];
        for (int i = 0; i < alternating.length; i++) {
            alternating[i] = (i % 2 == 0 ? 1 : -1) * 0.01;
        }
        PilotSpread plain = PilotSpread.of(alternating);
        assertEquals(1, plain.batch());
        assertEquals(19, plain.degrees());
        assertEquals(1.0526e-4, plain.variance(), 1e-8);
    }

    @Test
    void onCorrelatedPairsBatchMeansKeepMostOfTheIntervalsThatThePairsOwnSpreadLoses() {
        // Pairs as an AR(1) series with coefficient 0.6 (sd 5%), as a drifting machine would give them; the truth is 0.
        SplittableRandom random = new SplittableRandom(5);
        int runs = 4000;
        int heldPlain = 0;
        int heldChecked = 0;
        for (int run = 0; run < runs; run++) {
            double[] logs = new double[20];
            double previous = 0.05 * random.nextGaussian();
            for (int i = 0; i < logs.length; i++) {
                previous = 0.6 * previous + 0.05 * Math.sqrt(1 - 0.36) * random.nextGaussian();
                logs[i] = previous;
            }
            double mean = java.util.Arrays.stream(logs).average().orElseThrow();
            double sd = PairedRatio.sd(logs);
            heldPlain += Math.abs(mean) <= PairedRatio.quantile(19, 0.95) * sd / Math.sqrt(20) ? 1 : 0;
            heldChecked += Math.abs(mean) <= PilotSpread.of(logs).half(20, 0.95) ? 1 : 0;
        }
        double plain = 100.0 * heldPlain / runs;
        double checked = 100.0 * heldChecked / runs;
        System.out.printf("AR(1) 0.6, 20 pairs: the pairs' own spread held %.1f%%, with the lag-1 check %.1f%%%n", plain, checked);
        assertTrue(plain < 85, "the pairs' own spread is too narrow for correlated pairs: " + plain);
        assertTrue(checked > plain + 5, "batch means where the pilot is correlated: " + checked + " against " + plain);
    }
}
