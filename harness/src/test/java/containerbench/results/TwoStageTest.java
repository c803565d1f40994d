package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.settings.BlockOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The precision procedure's coverage, simulated: synthetic tiers whose per-round log ratios are
 * normal around a known ratio, run through the procedure the schedule uses (a pilot, the pairs it
 * asks for in whole sets, a cap, Stein's interval). No server: this checks the statistics, not the machine.
 */
class TwoStageTest {

    private static final double TRUE_RATIO = 0.7;
    private static final int TIERS = 3000;
    private static final int PILOT = 12;
    private static final int CAP = 96;

    @Test
    void theIntervalKeepsItsNinetyFivePercentUnderItsOwnStoppingRule() {
        for (double spread : new double[] {0.04, 0.10}) {
            Simulated run = simulate(spread, 2.0, 42);
            assertEquals(95.0, run.coveragePercent(), 1.5, "spread " + spread + ": " + run);
            assertTrue(run.reachedPercent() > 0, "some tiers reached ±2%: " + run);
        }
    }

    @Test
    void thePilotsSpreadGivesThePairsNeeded() {
        // Pilot logs -0.1, 0, 0.1: sd 0.1, t(0.975, 2 df) = 4.3027; (4.3027 x 0.1 / 0.019803)² = 472.1, so 473 pairs.
        assertEquals(473, TwoStage.pairsFor(new double[] {-0.1, 0, 0.1}, 2));
        assertEquals(3, TwoStage.pairsFor(new double[] {0, 0, 0}, 2), "no spread: the pilot is enough");
        assertEquals(2.0, TwoStage.percentWith(new double[] {-0.1, 0, 0.1}, 473), 0.01);
    }

    private record Simulated(int tiers, int covered, int reached, double meanPairs) {

        double coveragePercent() {
            return 100.0 * covered / tiers;
        }

        double reachedPercent() {
            return 100.0 * reached / tiers;
        }
    }

    private static Simulated simulate(double spread, double percent, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        BlockOrder order = new BlockOrder(2);
        int covered = 0;
        int reached = 0;
        long pairs = 0;
        for (int tier = 0; tier < TIERS; tier++) {
            List<Double> others = new ArrayList<>();
            List<Double> ones = new ArrayList<>();
            for (int i = 0; i < PILOT; i++) {
                others.add(Math.exp(Math.log(TRUE_RATIO) + spread * random.nextGaussian()));
                ones.add(1.0);
            }
            int needed = order.wholeSets(TwoStage.pairsFor(PairedRatio.logs(others, ones), percent));
            int rounds = Math.min(needed, CAP);
            reached += rounds == needed ? 1 : 0;
            while (others.size() < rounds) {
                others.add(Math.exp(Math.log(TRUE_RATIO) + spread * random.nextGaussian()));
                ones.add(1.0);
            }
            PairedRatio ratio = PairedRatio.stein(others, ones, PILOT, 0.95);
            covered += ratio.low() <= TRUE_RATIO && TRUE_RATIO <= ratio.high() ? 1 : 0;
            pairs += others.size();
        }
        return new Simulated(TIERS, covered, reached, (double) pairs / TIERS);
    }
}
