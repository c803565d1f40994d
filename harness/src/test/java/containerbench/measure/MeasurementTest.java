package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import containerbench.settings.Interleaving;
import containerbench.settings.TierPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeasurementTest {

    @Test
    void oneTargetRunsAWarmUpThenEachTier() {
        try (Measurement m = new Measurement(new TierPlan(List.of(100, 500, 100), 15, 30, 100), null, List.of("tomcat"),
                List.of(-1L), false, 2)) {
            assertEquals(List.of("warm-up", "100 users", "500 users", "100 users #2"), m.steps().stream().map(Step::name).toList());
            assertEquals(List.of(30, 15, 15, 15), m.steps().stream().map(Step::seconds).toList());
        }
    }

    @Test
    void severalTargetsWarmUpInTurnThenAlternateBlocksRoundByRound() {
        try (Measurement m = new Measurement(new TierPlan(List.of(100, 500), 15, 10, 100), new Interleaving(3, 5),
                List.of("tomcat", "undertow"), List.of(-1L, -1L), false, 2)) {
            assertEquals(List.of("warm-up tomcat", "warm-up undertow",
                    "100 users tomcat, round 1", "100 users undertow, round 1",
                    "100 users undertow, round 2", "100 users tomcat, round 2",
                    "100 users tomcat, round 3", "100 users undertow, round 3",
                    "500 users tomcat, round 1", "500 users undertow, round 1",
                    "500 users undertow, round 2", "500 users tomcat, round 2",
                    "500 users tomcat, round 3", "500 users undertow, round 3"), m.steps().stream().map(Step::scenario).toList());
            assertEquals("100 users tomcat", m.steps().get(2).name(), "one request name per tier and target, for Gatling's report");
        }
    }

    @Test
    void eachBlockEndsWhenTheNextBegins() {
        try (Measurement m = new Measurement(new TierPlan(List.of(100), 15, 0, 100), new Interleaving(2, 5),
                List.of("a", "b"), List.of(-1L, -1L), false, 2)) {
            List<Step> steps = m.steps();
            long now = System.currentTimeMillis();
            for (Step step : steps) {
                m.enter(step);
                m.enter(step);
                step.recorder().ok(now, 2);
                step.recorder().ok(now + 1000, 2);
            }
            List<BlockResult> blocks = m.blocks();
            assertEquals(List.of("a", "b", "b", "a"), blocks.stream().map(BlockResult::target).toList());
            assertEquals(List.of(0, 0, 1, 1), blocks.stream().map(BlockResult::round).toList());
            assertEquals(2, blocks.get(0).ok());
            assertEquals(-1, blocks.get(0).targetCpuMicrosPerResponse(), "no process to read");
            assertEquals(2, m.tierResults().size(), "one tier per target, its blocks combined");
            assertEquals(4, m.tierResults().get(0).ok());
        }
    }
}
