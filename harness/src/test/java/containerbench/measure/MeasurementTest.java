package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.settings.InjectorShare;
import containerbench.settings.Interleaving;
import containerbench.settings.TierPlan;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeasurementTest {

    /** Targets whose process this test has none of: their CPU unknown. */
    private static List<Measurement.Target> elsewhere(String... labels) {
        return Arrays.stream(labels).map(label -> Measurement.Target.launched(label, null)).toList();
    }

    @Test
    void oneTargetRunsAWarmUpThenEachTier() {
        try (Measurement m = new Measurement(new TierPlan(List.of(100, 500, 100), 15, 30, 100, false), null, elsewhere("tomcat"), false, 2)) {
            assertEquals(List.of("warm-up", "100 users", "500 users", "100 users #2"), m.steps().stream().map(Step::scenario).toList());
            assertEquals(List.of(30, 15, 15, 15), m.steps().stream().map(step -> step.rotation().mostSeconds()).toList());
            assertTrue(m.steps().stream().allMatch(step -> step.rotation().rounds().equals(Rotation.Rounds.once(
                    step.rotation().rounds().blockSeconds()))), "one block of a fixed time each");
            assertEquals(List.of(0), m.warmupSeconds(), "no warm-up ran yet");
            assertEquals(List.of("warm-up"), m.steps().get(0).requests());
            assertEquals(List.of("100 users #2"), m.steps().get(3).requests(), "one target: the tier's name is the request's");
        }
        try (Measurement m = new Measurement(new TierPlan(List.of(100), 15, 0, 100, false), null, elsewhere("tomcat"), false, 2)) {
            assertEquals(List.of(0), m.warmupSeconds(), "no warm-up: none for each target");
        }
    }

    @Test
    void severalTargetsWarmUpInTurnThenEachTierTurnsBetweenThem() {
        try (Measurement m = new Measurement(new TierPlan(List.of(100, 500), 15, 10, 100, false), new Interleaving(3, 5, null),
                elsewhere("tomcat", "undertow"), false, 2)) {
            assertEquals(List.of("warm-up tomcat", "warm-up undertow", "100 users", "500 users"),
                    m.steps().stream().map(Step::scenario).toList());
            assertEquals(List.of("100 users tomcat", "100 users undertow"), m.steps().get(2).requests(),
                    "one request name per tier and target, for Gatling's report");
        }
    }

    @Test
    void eachLaunchRunsTheTiersRotatedSoThatNoTierAlwaysRunsFirstOrLast() {
        assertEquals(List.of(List.of(0, 1, 2, 3, 4, 5), List.of(2, 3, 4, 5, 0, 1), List.of(4, 5, 0, 1, 2, 3)),
                List.of(Measurement.tierOrder(6, 0, 3), Measurement.tierOrder(6, 1, 3), Measurement.tierOrder(6, 2, 3)));
        double[] meanPlace = new double[6];
        for (int launch = 0; launch < 3; launch++) {
            List<Integer> order = Measurement.tierOrder(6, launch, 3);
            for (int place = 0; place < 6; place++) {
                meanPlace[order.get(place)] += place / 3.0;
            }
        }
        for (double place : meanPlace) {
            assertEquals(2.5, place, 0.5 + 1e-9, "each tier's mean place in its launch, against 0 to 5 in the plan's order every time");
        }
        assertEquals(List.of(0, 1, 2), Measurement.tierOrder(3, 0, 1), "one launch: the plan's order");
        TierPlan plan = new TierPlan(List.of(100, 500, 2000), 15, 0, 10, false);
        try (Measurement m = new Measurement(plan, new Interleaving(2, 2, null, 3), elsewhere("a", "b"), false, 2)) {
            assertEquals(List.of("100 users", "500 users", "2000 users", "500 users (launch 2)", "2000 users (launch 2)",
                    "100 users (launch 2)", "2000 users (launch 3)", "100 users (launch 3)", "500 users (launch 3)"),
                    m.steps().stream().map(Step::scenario).toList());
            assertEquals(List.of(0, 1, 2, 1, 2, 0, 2, 0, 1), m.steps().stream().map(step -> ((Step.Measured) step.kind()).index())
                    .toList(), "each step knows its tier's place in the plan");
        }
    }

    @Test
    void openTiersOverSeveralLaunchesWarmEachLaunchsOpenPathUnderANameOfItsOwn() {
        TierPlan plan = new TierPlan(List.of(4000, 12000), 15, 10, 100, false, new containerbench.settings.OpenModel(
                List.of(4000, 12000), 1000, null));
        try (Measurement m = new Measurement(plan, new Interleaving(2, 2, null, 3), elsewhere("tomcat", "undertow"), false, 2)) {
            List<String> names = m.steps().stream().map(Step::scenario).toList();
            assertEquals(List.of("warm-up tomcat", "warm-up undertow", "warm-up arrivals", "4000 req/s", "12000 req/s",
                    "warm-up tomcat (launch 2)", "warm-up undertow (launch 2)", "warm-up arrivals (launch 2)", "4000 req/s (launch 2)",
                    "12000 req/s (launch 2)", "warm-up tomcat (launch 3)", "warm-up undertow (launch 3)",
                    "warm-up arrivals (launch 3)", "4000 req/s (launch 3)", "12000 req/s (launch 3)"), names,
                    "Gatling refuses a simulation whose scenarios share a name");
            assertEquals(List.of(0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2), m.steps().stream().map(Step::launch).toList(),
                    "each launch's open warm-up loads that launch's JVMs");
        }
    }

    @Test
    void injectorsSharingARunLayEachPhaseOutFromItsOwnInstantANewOneAtEachLaunchAndAfterEachAutoWarmUp() {
        Phases phases = new Phases(LoadStart.later());
        InjectorShare second = new InjectorShare(2, 1, null, false);
        try (Measurement m = new Measurement(new TierPlan(List.of(10, 20), 15, 60, 10, true), new Interleaving(2, 2, null, 2),
                elsewhere("a", "b"), false, 2, second, phases, List.of("login"))) {
            assertEquals(List.of("warm-up a", "warm-up b", "10 users", "20 users", "warm-up a (launch 2)", "warm-up b (launch 2)",
                    "20 users (launch 2)", "10 users (launch 2)"), m.steps().stream().map(Step::scenario).toList(),
                    "the second launch runs the tiers from the other end");
            assertEquals(List.of(0, 1, 2, 2, 3, 4, 5, 5), m.steps().stream().map(Step::phase).toList(),
                    "each auto warm-up ends a phase (its length is decided as it runs), and so does each launch");
            assertEquals(List.of(0L, 0L, 0L, ((1 + 2) * 2 * 2 + 2) * 1000L, 0L, 0L, 0L, ((1 + 2) * 2 * 2 + 2) * 1000L),
                    m.steps().stream().map(Step::offsetMillis).toList(), "a tier after a tier of its phase: its lead-in round and two rounds of"
                            + " two 2 s blocks and the gap later");
            assertTrue(m.steps().stream().allMatch(step -> step.start() == phases.of(step.phase())), "each step from its phase's instant");
            assertEquals(List.of(5, 10), List.of(m.steps().get(0).users(), m.steps().get(3).users()), "injector 1's share of each tier");
        }
    }

    @Test
    void aRotationTurnsBlockByBlockInAlternatingOrderAndEndsAfterItsRounds() throws Exception {
        try (Measurement m = new Measurement(new TierPlan(List.of(10), 15, 0, 10, false), new Interleaving(2, 1, null),
                elsewhere("a", "b"), false, 2)) {
            Rotation rotation = m.steps().get(0).rotation();
            turn(rotation, () -> sleep(20));
            assertNull(rotation.current(), "over: no block to send to");
            List<BlockResult> blocks = m.blocks();
            assertEquals(List.of("a", "b", "b", "a"), blocks.stream().map(BlockResult::target).toList(), "A B, then B A");
            assertEquals(List.of(0, 0, 1, 1), blocks.stream().map(BlockResult::round).toList());
            assertTrue(blocks.stream().allMatch(b -> b.ok() > 0), "every block recorded: " + blocks);
            assertEquals(null, blocks.get(0).cpu().targetMicrosPerResponse(), "no process to read");
            assertEquals(null, blocks.get(0).cpu().withWaitsMicrosPerResponse());
            List<TierResult> tiers = m.tierResults();
            assertEquals(2, tiers.size(), "one tier per target, its blocks combined");
            assertEquals(blocks.get(0).ok() + blocks.get(3).ok(), tiers.get(0).ok());
        }
    }

    @Test
    void theWaitBeforeABlockIsChargedToItAndGatlingsBusiestThreadIsRead() throws Exception {
        // Both targets are this JVM, kept busy by the loop: whatever it spends while the other is loaded is a wait.
        long self = ProcessHandle.current().pid();
        try (Measurement m = new Measurement(new TierPlan(List.of(10), 15, 0, 10, false), new Interleaving(2, 1, null),
                List.of(Measurement.Target.launched("a", self), Measurement.Target.launched("b", self)), false, 2)) {
            turn(m.steps().get(0).rotation(), () -> {
                for (long until = System.nanoTime() + 5_000_000; System.nanoTime() < until; ) {
                    Thread.onSpinWait();
                }
            });
            List<BlockResult> blocks = m.blocks();
            assertEquals(List.of("a", "b", "b", "a"), blocks.stream().map(BlockResult::target).toList());
            for (BlockResult block : blocks) {
                assertTrue(block.cpu().withWaitsMicrosPerResponse() >= block.cpu().targetMicrosPerResponse(), block.toString());
                assertTrue(block.cpu().injectorBusiestThreadPercent() > 0, "this loop's thread, at least: " + block);
            }
            assertTrue(blocks.get(1).cpu().withWaitsMicrosPerResponse() > blocks.get(1).cpu().targetMicrosPerResponse(),
                    "b's first block after a's: a's block is b's wait " + blocks.get(1));
            assertEquals(blocks.get(2).cpu().targetMicrosPerResponse(), blocks.get(2).cpu().withWaitsMicrosPerResponse(),
                    "b right after b: no wait between");
            assertTrue(blocks.get(3).cpu().withWaitsMicrosPerResponse() > blocks.get(3).cpu().targetMicrosPerResponse(),
                    "a after two blocks of b " + blocks.get(3));
        }
    }

    @Test
    void eachTargetsAutoWarmUpLoadsThatTarget() {
        try (Measurement m = new Measurement(new TierPlan(List.of(100), 15, 30, 100, true), new Interleaving(2, 5, null),
                elsewhere("tomcat", "undertow"), false, 2)) {
            Step undertow = m.steps().get(1);
            assertEquals("warm-up undertow", undertow.scenario());
            undertow.rotation().moreRounds(rotation -> true);
            assertEquals(1, undertow.rotation().current().target(), "the second target's warm-up goes to the second target");
            assertEquals("undertow", undertow.rotation().current().recorder().counts().target());
        }
    }

    @Test
    void oneTargetsTierIsOneBlockOfItsTimeRecordedAsTheTier() throws Exception {
        try (Measurement m = new Measurement(new TierPlan(List.of(10), 1, 0, 10, false), null, elsewhere("tomcat"),
                false, 2)) {
            Rotation tier = m.steps().get(0).rotation();
            Rotation.Block first = tier.current();
            long deadline = System.nanoTime() + 30_000_000_000L;
            int recorded = 0;
            while (!tier.over() && System.nanoTime() < deadline) {
                Rotation.Block block = tier.current();
                if (block != null) {
                    assertEquals(first, block, "the same block for the whole tier");
                    block.recorder().ok(System.currentTimeMillis(), 1);
                    recorded++;
                }
                Thread.sleep(20);
            }
            assertTrue(tier.over(), "over after its time");
            assertEquals(List.of(), m.blocks(), "one target: no blocks in the results");
            TierResult result = m.tierResults().get(0);
            assertEquals("10 users", result.name());
            assertEquals(recorded, result.ok(), "the tier's figures are its one block's");
        }
    }

    @Test
    void anAutoWarmUpIsARotationOfOneTargetsWindows() {
        try (Measurement m = new Measurement(new TierPlan(List.of(100), 15, 30, 100, true), null, elsewhere("tomcat"), false, 2)) {
            Step warmup = m.steps().get(0);
            assertTrue(warmup.warmup() && warmup.rotation() != null);
            assertEquals(List.of("warm-up"), warmup.requests());
            assertEquals(List.of(0), m.warmupSeconds(), "no window ran yet");
        }
    }

    /** Sends one OK response to the current block, then does {@code between}, until the rotation is over (30 s at most). */
    private static void turn(Rotation rotation, Runnable between) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!rotation.over() && System.nanoTime() < deadline) {
            Rotation.Block block = rotation.current();
            if (block != null) {
                block.recorder().ok(System.currentTimeMillis(), 1);
            }
            between.run();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
