package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.BlockResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparisonsTest {

    @Test
    void theRatioIsTheGeometricMeanOfThePairsWithAStudentTIntervalOnTheirLogarithms() {
        // Ratios 0.8, 0.9, 1.0: logs -0.2231, -0.1054, 0; mean -0.1095, sd 0.1116;
        // t(0.975, 2 df) = 4.3027, half width 4.3027 * 0.1116 / sqrt(3) = 0.2773: exp(-0.1095 -/+ 0.2773).
        PairedRatio ratio = PairedRatio.of(List.of(80.0, 90.0, 100.0), List.of(100.0, 100.0, 100.0));
        assertEquals(new PairedRatio(0.8963, 0.6792, 1.1827, 3), ratio);
        assertEquals(31.96, ratio.halfWidthPercent(), 0.01, "exp(0.2773) - 1");
    }

    @Test
    void identicalPairsGiveAnIntervalOfNoWidthAndOnePairNone() {
        assertEquals(new PairedRatio(0.5, 0.5, 0.5, 2), PairedRatio.of(List.of(50.0, 60.0), List.of(100.0, 120.0)));
        assertEquals(new PairedRatio(2.0, 2.0, 2.0, 1), PairedRatio.of(List.of(2.0), List.of(1.0)));
    }

    @Test
    void eachTargetIsPairedWithTheBaselineRoundByRound() {
        List<BlockResult> blocks = List.of(
                block(0, "tomcat", 1000, 20), block(0, "undertow", 800, 26),
                block(1, "undertow", 900, 27), block(1, "tomcat", 1000, 20),
                block(2, "tomcat", 1000, 20), block(2, "undertow", 1000, 28));
        TierComparison tier = Comparisons.of(blocks, List.of("tomcat", "undertow")).get(0);
        assertEquals("100 users", tier.tier());
        TierComparison.Comparison c = tier.comparison().get(0);
        assertEquals("tomcat", c.baseline());
        assertEquals("undertow", c.other());
        assertEquals(3, c.pairs());
        assertEquals(new PairedRatio(0.8963, 0.6792, 1.1827, 3),
                new PairedRatio(c.tpsRatio(), c.tpsRatioLow(), c.tpsRatioHigh(), c.pairs()));
        assertTrue(c.tpsIndistinguishable(), "0.68 to 1.18 holds 1");
        assertTrue(c.cpuRatio() > 1.3 && c.cpuRatioLow() > 1 && !c.cpuIndistinguishable(), c.toString());
        assertFalse(c.injectorLimited());
    }

    @Test
    void aBlockTheInjectorLimitedMarksItsTierAndABlockWithoutResponsesPairsWithNothing() {
        List<BlockResult> blocks = List.of(
                block(0, "tomcat", 1000, 20), limited(block(0, "tomcat#2", 1000, 20)),
                block(1, "tomcat#2", 0, -1), block(1, "tomcat", 1000, 20));
        TierComparison.Comparison c = Comparisons.of(blocks, List.of("tomcat", "tomcat#2")).get(0).comparison().get(0);
        assertTrue(c.injectorLimited());
        assertEquals(1, c.pairs());
    }

    private static BlockResult block(int round, String target, double tps, double cpu) {
        long ok = (long) (tps * 5);
        return new BlockResult("100 users", 100, round, target, 0, 5000, ok, ok, 0, tps, cpu, 90, false, null);
    }

    private static BlockResult limited(BlockResult b) {
        return new BlockResult(b.tier(), b.users(), b.round(), b.target(), b.startMillis(), b.endMillis(), b.requests(), b.ok(),
                b.ko(), b.tps(), b.targetCpuMicrosPerResponse(), 195, true, b.latencyHistogram());
    }
}
