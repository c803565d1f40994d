package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.BlockCpu;
import containerbench.measure.BlockResult;
import containerbench.measure.OpenFigures;
import containerbench.measure.Tier;
import containerbench.settings.OpenModel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Capacities from a stair's blocks: per repeat, the highest rate kept below the first missed. */
class CapacitiesTest {

    private static final OpenModel.Slo GOAL = new OpenModel.Slo(10, 1);
    private static final List<String> LABELS = List.of("tomcat", "undertow");

    /** A block of a stair: its step's rate, its repeat (round), its p99 from due time, failures and lateness. */
    private static BlockResult block(int rate, int round, String target, double p99, long ko, boolean late, long start) {
        OpenFigures open = new OpenFigures(rate, rate, new OpenFigures.Corrected(1, 1, 2, p99, p99, p99),
                new OpenFigures.Lateness(0, late ? 20 : 0.5, late ? 30 : 1), 0, 0, late, null);
        return new BlockResult(Tier.rate(rate), rate, round, target, start, start + 2000, 2 * rate, 2 * rate - ko, ko, rate,
                new BlockCpu(50.0, null, 40.0, 15.0, 80.0, 0.0, 1.0), late, null, open);
    }

    /**
     * tomcat keeps 1000 and 2000 and misses 4000 in both repeats; undertow misses 2000 in the first
     * and 4000 in the second.
     */
    private static List<BlockResult> stair() {
        List<BlockResult> blocks = new ArrayList<>();
        long t = 0;
        int[] rates = {1000, 2000, 4000};
        double[][][] p99 = {{{2, 3, 40}, {2, 3, 50}}, {{2, 30, 80}, {2, 4, 60}}};
        for (int step = 0; step < rates.length; step++) {
            for (int round = 0; round < 2; round++) {
                for (int target = 0; target < 2; target++) {
                    blocks.add(block(rates[step], round, LABELS.get(target), p99[target][round][step], 0, false, t += 2000));
                }
            }
        }
        return blocks;
    }

    @Test
    void eachRepeatKeepsTheHighestRateBelowTheFirstItMissed() {
        List<Capacities.Capacity> capacities = Capacities.of(stair(), LABELS, GOAL);
        Capacities.Capacity tomcat = capacities.get(0);
        assertEquals(List.of(2000, 2000), tomcat.kept());
        assertEquals(List.of(4000, 4000), tomcat.missed());
        assertEquals(2000, tomcat.rate());
        assertEquals(2000, tomcat.low(), "the same in both repeats: the interval's ends are the kept and the missed rate");
        assertEquals(4000, tomcat.high());
        Capacities.Capacity undertow = capacities.get(1);
        assertEquals(List.of(1000, 2000), undertow.kept());
        assertEquals(Math.sqrt(1000 * 2000.0), undertow.rate(), 0.01);
        assertTrue(undertow.low() < 1000 && undertow.high() > 4000, "two repeats that differ: a wide interval " + undertow);
        Capacities.Ratio ratio = Capacities.ratios(stair(), LABELS, GOAL).get(0);
        assertEquals(Math.sqrt(0.5), ratio.ratio(), 0.001);
        assertTrue(ratio.low() < ratio.ratio() && ratio.high() > ratio.ratio());
    }

    @Test
    void theStairIsSearchedOnceEveryRepeatOfEveryTargetHasMissed() {
        List<BlockResult> blocks = stair();
        assertTrue(Capacities.searched(blocks, LABELS, GOAL));
        assertFalse(Capacities.searched(blocks.subList(0, 8), LABELS, GOAL), "tomcat still keeps 2000");
        assertFalse(Capacities.searched(List.of(), LABELS, GOAL));
    }

    @Test
    void aRepeatWhoseInjectorFellBehindOrThatNeverMissedBoundsTheCapacityFromBelowOnly() {
        List<BlockResult> blocks = new ArrayList<>(stair().subList(0, 8));
        // p99 40 ms with the injector up to 30 ms late: within twice its delay of the 10 ms goal, untold.
        blocks.add(block(4000, 0, "tomcat", 40, 0, true, 100_000));
        blocks.add(block(4000, 1, "tomcat", 5, 0, false, 100_100));
        List<Capacities.Capacity> found = Capacities.finished(Capacities.of(blocks, List.of("tomcat"), GOAL));
        Capacities.Capacity tomcat = found.get(0);
        assertEquals(List.of(Capacities.End.INJECTOR, Capacities.End.STAIR), tomcat.ends());
        assertNull(tomcat.high(), "no repeat missed: at least, not at most");
        assertEquals(List.of(2000, 4000), tomcat.kept());
    }

    @Test
    void aLateInjectorsBlockCountsWhereItsDelayCannotHaveDecided() {
        // The injector up to 30 ms late in each: kept at 5 ms (sending late never makes an answer
        // sooner), missed at 71 ms (more than 10 + 2 x 30), untold at 70.
        List<BlockResult> blocks = List.of(block(1000, 0, "tomcat", 5, 0, true, 0), block(2000, 0, "tomcat", 71, 0, true, 2000),
                block(1000, 1, "tomcat", 5, 0, false, 4000), block(2000, 1, "tomcat", 70, 0, true, 6000));
        Capacities.Capacity tomcat = Capacities.of(blocks, List.of("tomcat"), GOAL).get(0);
        assertEquals(List.of(1000, 1000), tomcat.kept());
        assertEquals(java.util.Arrays.asList(2000, null), tomcat.missed());
        assertEquals(List.of(Capacities.End.MISSED, Capacities.End.INJECTOR), tomcat.ends());
        assertEquals(Capacities.Outcome.MISSED, Capacities.outcome(block(2000, 0, "tomcat", 50, 0, false, 0), GOAL),
                "an injector on time: any p99 over the goal misses it");
    }

    @Test
    void aBlockWhoseInjectorsDelayIsNotBoundedByItsLatenessIsUntoldUnlessKept() {
        // Short of CPU but on time: the lateness bounds nothing of how late answers were read.
        BlockResult busy = block(2000, 0, "tomcat", 500, 0, false, 0);
        BlockResult shortOfCpu = new BlockResult(busy.tier(), busy.users(), 0, "tomcat", 0, 2000, busy.requests(), busy.ok(), 0,
                busy.tps(), busy.cpu(), true, null, busy.open());
        assertEquals(Capacities.Outcome.UNTOLD, Capacities.outcome(shortOfCpu, GOAL));
        BlockResult keptAnyway = new BlockResult(busy.tier(), busy.users(), 0, "tomcat", 0, 2000, busy.requests(), busy.ok(), 0,
                busy.tps(), busy.cpu(), true, null, block(2000, 0, "tomcat", 5, 0, false, 0).open());
        assertEquals(Capacities.Outcome.KEPT, Capacities.outcome(keptAnyway, GOAL));
        // Late, and no OK response at all: no p99 to take the delay from.
        OpenFigures late = block(2000, 0, "tomcat", 500, 0, true, 0).open();
        OpenFigures none = new OpenFigures(2000, 0, null, late.latenessMs(), late.late(), 0, true, null);
        BlockResult noAnswer = new BlockResult(busy.tier(), busy.users(), 0, "tomcat", 0, 2000, 4000, 0, 4000, 0, busy.cpu(), true,
                null, none);
        assertEquals(Capacities.Outcome.UNTOLD, Capacities.outcome(noAnswer, GOAL));
        // Late, quick, but 5% failed: the failures may be the injector's.
        assertEquals(Capacities.Outcome.UNTOLD, Capacities.outcome(block(2000, 0, "tomcat", 5, 200, true, 0), GOAL));
    }

    @Test
    void aLateBlockThatKeptTheGoalLetsTheStairClimbOn() {
        List<BlockResult> blocks = List.of(block(1000, 0, "tomcat", 5, 0, true, 0));
        assertFalse(Capacities.searched(blocks, List.of("tomcat"), GOAL), "kept, late or not: the next step is still to find");
    }

    @Test
    void failuresOverTheThresholdMissTheGoalWhateverTheLatency() {
        List<BlockResult> blocks = List.of(block(1000, 0, "tomcat", 2, 0, false, 0), block(2000, 0, "tomcat", 2, 100, false, 2000));
        Capacities.Capacity tomcat = Capacities.of(blocks, List.of("tomcat"), GOAL).get(0);
        assertEquals(List.of(1000), tomcat.kept());
        assertEquals(Capacities.End.MISSED, tomcat.ends().get(0), "100 of 4000 failed: 2.5% > 1%");
    }
}
