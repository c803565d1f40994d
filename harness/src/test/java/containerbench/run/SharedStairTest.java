package containerbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.BlockCpu;
import containerbench.measure.BlockResult;
import containerbench.measure.Histograms;
import containerbench.measure.OpenFigures;
import containerbench.measure.Tier;
import containerbench.results.BlockMerge;
import containerbench.results.Capacities;
import containerbench.settings.OpenModel;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A capacity search two injectors share: injector 1 writes its blocks of each step, injector 0 waits
 * for them, judges the blocks joined (the target's p99 over both, each one's lateness its own) and
 * says when the stair is done.
 */
class SharedStairTest {

    private static final OpenModel.Slo GOAL = new OpenModel.Slo(10, 1);
    private static final List<String> LABELS = List.of("tomcat");

    /** One injector's block at half the step's rate: 100 responses, {@code slow} of them at {@code slowMs} from due time, the rest at 2 ms. */
    private static BlockResult half(int rate, int slow, double slowMs, boolean late) {
        double usual = 2;
        Histogram micros = Histograms.empty();
        micros.recordValueWithCount((long) (usual * 1000), 100 - slow);
        micros.recordValueWithCount((long) (slowMs * 1000), slow);
        OpenFigures open = new OpenFigures(rate / 2.0, rate / 2.0, new OpenFigures.Corrected(usual, usual, usual,
                micros.getValueAtPercentile(99) / 1000.0, slowMs, slowMs), new OpenFigures.Lateness(0.2, late ? 20 : 1, late ? 30 : 2),
                late ? 50 : 0, 0, late, Histograms.encode(micros));
        return new BlockResult(Tier.rate(rate), rate / 2, 0, "tomcat", 1_000, 3_000, 100, 100, 0, rate / 2.0,
                BlockCpu.unknown(), late, null, open);
    }

    @Test
    void injectorZeroJudgesEveryInjectorsBlocksJoinedAndTellsTheOthersToStop(@TempDir Path folder) {
        SharedStair zero = new SharedStair(folder, 0, 2, index -> false);
        SharedStair one = new SharedStair(folder, 1, 2, index -> false);
        assertTrue(zero.decides());
        assertFalse(one.decides());

        List<BlockResult> own = List.of(half(1000, 1, 3, false));
        assertNull(zero.collect(0, own), "injector 1 has not written its step yet");
        one.publish(0, List.of(half(1000, 5, 40, false)));
        List<List<BlockResult>> both = zero.collect(0, own);
        assertEquals(2, both.size());
        assertEquals(own, both.get(0));
        assertEquals(List.of(half(1000, 5, 40, false)), both.get(1), "read back as written");

        List<BlockResult> joined = BlockMerge.joined(both);
        BlockResult block = joined.get(0);
        assertEquals(1000, block.users(), "each injector's half of the rate, together the step's");
        assertEquals(1000, block.open().offeredRate());
        // 194 responses at 2 ms, 1 at 3 ms and 5 at 40 ms: the 99th percentile is injector 1's slow ones, which injector 0 never saw.
        assertEquals(40, block.open().correctedMs().p99(), 0.1);
        assertFalse(Capacities.of(List.of(own.get(0)), LABELS, GOAL).get(0).ends().contains(Capacities.End.MISSED),
                "injector 0's blocks alone keep the goal");
        assertTrue(Capacities.searched(joined, LABELS, GOAL), "the blocks joined miss it: the stair is done");

        assertFalse(one.stopped());
        zero.stop();
        assertTrue(one.stopped(), "the other stops when injector 0 says so");
    }

    @Test
    void anInjectorLateOnItsOwnLimitsTheJoinedBlockAndOneThatEndedIsNotWaitedFor(@TempDir Path folder) {
        SharedStair zero = new SharedStair(folder, 0, 3, index -> index == 2);
        new SharedStair(folder, 1, 3, index -> false).publish(4, List.of(half(2000, 2, 60, true)));
        List<List<BlockResult>> all = zero.collect(4, List.of(half(2000, 2, 60, false)));
        assertEquals(2, all.size(), "injector 2 ended: left out, not waited for");
        BlockResult block = BlockMerge.joined(all).get(0);
        assertTrue(block.open().injectorLate(), "injector 1 fell behind its own schedule");
        assertTrue(block.injectorLimited());
        assertEquals(20, block.open().latenessMs().p99(), "the latest injector's lateness");
        assertEquals(50, block.open().late());
        // p99 60 ms: within twice the latest injector's longest lateness (30 ms) of the goal, untold;
        // the on-time injector's 2 ms would have made it a miss.
        assertEquals(Capacities.End.INJECTOR, Capacities.of(List.of(block), LABELS, GOAL).get(0).ends().get(0));
    }
}
