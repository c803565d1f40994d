package containerbench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.BlockCpu;
import containerbench.measure.BlockResult;
import containerbench.measure.Histograms;
import containerbench.measure.Injector;
import containerbench.measure.OpenFigures;
import containerbench.measure.Tier;
import containerbench.measure.TierResult;
import containerbench.settings.OpenModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * An interleaved run whose tiers two injectors shared: its blocks joined block by block, and its
 * verdicts worked out from the joined blocks; blocks that did not turn together refused.
 */
class BlockMergeTest {

    private static final String START = "2026-12-05T23:00:00Z";
    private static final List<String> LABELS = List.of("tomcat", "undertow");

    private static String histogram(long ok, long ms) {
        Histogram histogram = Histograms.empty();
        histogram.recordValueWithCount(ms, ok);
        return Histograms.encode(histogram);
    }

    /**
     * Injector {@code index}'s blocks: two launches of three rounds of 2 s blocks at 500 users; undertow
     * answers 1.25 times tomcat's rate at 0.8 times its CPU per response, injector 1 a third of the load.
     * Only injector 0 launched the targets and read their CPU.
     */
    private static List<BlockResult> blocks(int index, long shiftMillis) {
        List<BlockResult> blocks = new ArrayList<>();
        long at = 10_000;
        for (int launch = 0; launch < 2; launch++) {
            for (int round = 0; round < 3; round++) {
                for (String target : round % 2 == 0 ? LABELS : List.of("undertow", "tomcat")) {
                    double rate = (target.equals("tomcat") ? 1000 : 1250) * (1 + 0.01 * round + 0.02 * launch) * (index == 0 ? 2 : 1);
                    long ok = Math.round(rate * 2);
                    Double cpu = index == 0 ? (target.equals("tomcat") ? 300.0 : 240.0) * (1 + 0.01 * launch) : null;
                    blocks.add(new BlockResult(Tier.users(500), 250, round, target, at + shiftMillis,
                            at + shiftMillis + 2_000, ok, ok, 0, rate, new BlockCpu(cpu, cpu, index == 0 ? 60.0 : 30.0,
                                    index == 0 ? 20.0 : 12.0, 97.0, 0.1, 1.0), index == 1 && round == 2, histogram(ok, 2 + index), null,
                            launch));
                    at += 2_000;
                }
            }
        }
        return blocks;
    }

    private static StoredRun run(int index, List<BlockResult> blocks) {
        return run(index, blocks, null);
    }

    /** @param injectorCores the cores the injectors share, as {@code -Dinjector.cpus} gave them; {@code null} for unknown */
    private static StoredRun run(int index, List<BlockResult> blocks, Integer injectorCores) {
        List<RunResult.Target> targets = LABELS.stream().map(label -> new RunResult.Target(label, label, "1",
                new RunResult.Target.Started(index == 0, "http://127.0.0.1:1", null), new RunResult.Target.Jvm("17", ""),
                new RunResult.Target.Knobs(Map.of(), Map.of(), null), null, null)).toList();
        List<TierResult> tiers = LABELS.stream().map(label -> new TierResult(new TierResult.Load("500 users", label, 250),
                new TierResult.Answers(10, 10, 0, 1, 10, 0), Histograms.latency(Histograms.decode(histogram(10, 2))),
                new TierResult.Failures(Map.of(), List.of()), new TierResult.Window(10_000, 11_000), null, false, null, null)).toList();
        RunResult run = RunResult.builder().runId("tomcat-undertow-injector" + index).status(RunStatus.COMPLETE)
                .description("tomcat vs undertow").startedAt(START).finishedAt(START).targets(targets)
                .plan(new RunResult.Plan(List.of(500), 15, 0, 100, true)).interleaving(new RunResult.Interleaving(3, 2, null, null, 2))
                .tiers(tiers).blocks(blocks).answeredAfterRun(true).injection(new Injection(2, index, START, null))
                .injector(injectorCores == null ? null : new Injector("3.15.1", "17", injectorCores, "", "io_uring", 4)).build();
        return new StoredRun(run, Path.of(run.runId() + ".json"));
    }

    private static RunResult merged(UnaryOperator<List<BlockResult>> second) {
        return RunMerge.merge(List.of(run(1, second.apply(blocks(1, 30))), run(0, blocks(0, 0))), "tomcat-undertow-merged",
                RunMerge.DEFAULT_TOLERANCE_MILLIS);
    }

    @Test
    void eachBlockIsJoinedWithTheSameBlockOfTheOtherInjectorAndTheVerdictComesFromTheJoinedBlocks() {
        RunResult merged = merged(blocks -> blocks);
        List<BlockResult> zero = blocks(0, 0);
        List<BlockResult> one = blocks(1, 30);
        assertEquals(zero.size(), merged.blocks().size());
        for (int i = 0; i < zero.size(); i++) {
            BlockResult block = merged.blocks().get(i);
            assertEquals(zero.get(i).ok() + one.get(i).ok(), block.ok(), "responses summed");
            assertEquals(zero.get(i).tps() + one.get(i).tps(), block.tps(), 0.01, "rates summed");
            assertEquals(500, block.users());
            assertEquals(zero.get(i).startMillis(), block.startMillis());
            assertEquals(one.get(i).endMillis(), block.endMillis());
            assertEquals(zero.get(i).cpu().targetMicrosPerResponse() * zero.get(i).tps() / block.tps(),
                    block.cpu().targetMicrosPerResponse(), 0.01, "the target's CPU over every injector's responses, by their rates");
            assertEquals(90.0, block.cpu().injectorPercent(), "Gatling's CPU summed");
            assertEquals(20.0, block.cpu().injectorBusiestThreadPercent(), "the busiest thread of any");
            assertEquals(one.get(i).injectorLimited(), block.injectorLimited(), "limited where any injector was");
            assertEquals(block.ok(), Histograms.decode(block.latencyHistogram()).getTotalCount(), "one latency per response");
        }
        TierComparison.Comparison comparison = merged.comparisons().get(0).comparison().get(0);
        assertEquals("undertow", comparison.other());
        assertEquals(1.25, comparison.tps().ratio(), 0.001, "the TPS ratio of the joined blocks");
        assertEquals(0.8, comparison.cpu().ratio(), 0.001, "the CPU ratio of the joined blocks");
        assertEquals(2, comparison.cpu().launches(), "the launch is the unit, as on one machine");
        assertTrue(comparison.injectorLimited(), "a third of undertow's and tomcat's blocks were limited by injector 1");
        assertFalse(merged.interleaving() == null);
        assertEquals(20, merged.tiers().get(0).tps(), "a tier's rates summed, each injector's over its own blocks");
    }

    @Test
    void eachRequestOfAMixIsJoinedItsMeanWeightedByEachInjectorsResponses() {
        UnaryOperator<List<BlockResult>> mix = blocks -> blocks.stream().map(b -> b.withRequests(List.of(
                new BlockResult.Request("version", b.ok() - 10, 0, b.tps() > 1500 ? 2.0 : 3.0),
                new BlockResult.Request("write", 0, 1, null)))).toList();
        RunResult merged = RunMerge.merge(List.of(run(1, mix.apply(blocks(1, 30))), run(0, mix.apply(blocks(0, 0)))),
                "tomcat-undertow-merged", RunMerge.DEFAULT_TOLERANCE_MILLIS);
        BlockResult.Request version = merged.blocks().get(0).byRequest().get(0);
        // The first block, tomcat's: injector 0 4000 OK responses (3990 of them to version, at 2 ms: its rate above 1500),
        // injector 1 2000 (1990 at 3 ms): 5980 in all, (3990 x 2 + 1990 x 3) / 5980 = 2.3328 ms.
        assertEquals(5980, version.ok(), "summed");
        assertEquals(2.33, version.meanMs(), "weighted by each injector's OK responses");
        assertEquals(new BlockResult.Request("write", 0, 2, null), merged.blocks().get(0).byRequest().get(1), "no OK response: no mean");
        assertEquals(null, merged(blocks -> blocks).blocks().get(0).byRequest(), "one request: none");
    }

    /**
     * Injector {@code index}'s blocks of a capacity search at 1000, 2000 and 4000 req/s, each its half:
     * tomcat misses 4000 (its p99 over 10 ms) in both rounds, undertow 2000; injector 1 ran one more
     * step's first block before it heard the stair was done.
     */
    private static List<BlockResult> stair(int index) {
        List<BlockResult> blocks = new ArrayList<>();
        long at = 10_000;
        int[] rates = index == 1 ? new int[] {1000, 2000, 4000, 8000} : new int[] {1000, 2000, 4000};
        for (int rate : rates) {
            for (int round = 0; round < 2; round++) {
                for (String target : LABELS) {
                    if (rate == 8000 && (round > 0 || !target.equals("tomcat"))) {
                        continue;
                    }
                    boolean missed = target.equals("tomcat") ? rate >= 4000 : rate >= 2000;
                    Histogram micros = Histograms.empty();
                    micros.recordValueWithCount(2_000, 95);
                    micros.recordValueWithCount(missed ? 30_000 : 3_000, 5);
                    OpenFigures open = new OpenFigures(rate / 2.0, rate / 2.0, new OpenFigures.Corrected(2, 2, 2,
                            micros.getValueAtPercentile(99) / 1000.0, 30, 30), new OpenFigures.Lateness(0.2, 1, 2), 0, 0, false,
                            Histograms.encode(micros));
                    blocks.add(new BlockResult(Tier.rate(rate), rate / 2, round, target, at, at + 2_000, 100, 100, 0, 50,
                            new BlockCpu(index == 0 ? 40.0 : null, null, 30.0, 10.0, 70.0, 0.0, 1.0), false, histogram(100, 2), open));
                    at += 2_000;
                }
            }
        }
        return blocks;
    }

    @Test
    void aCapacitySearchsInjectorsThatStoppedAMomentApartAreJoinedOverTheStepsAllRanAndItsCapacitiesFoundAgain() {
        OpenModel.Slo goal = new OpenModel.Slo(10, 1);
        List<StoredRun> parts = new ArrayList<>();
        for (int index = 0; index < 2; index++) {
            RunResult run = run(index, stair(index)).run().toBuilder()
                    .plan(new RunResult.Plan(List.of(1000, 2000, 4000), 15, 0, 100, true))
                    .interleaving(new RunResult.Interleaving(2, 2, null, null, 1))
                    .tiers(List.of()).capacity(new RunResult.CapacitySearch(goal, List.of(), List.of())).build();
            parts.add(new StoredRun(run, Path.of(run.runId() + ".json")));
        }
        RunResult merged = RunMerge.merge(parts, "tomcat-undertow-merged", RunMerge.DEFAULT_TOLERANCE_MILLIS);
        assertEquals(3 * 2 * 2, merged.blocks().size(), "the steps both ran; injector 1's block of 8000 req/s left out");
        BlockResult first = merged.blocks().get(0);
        assertEquals(1000, first.users());
        assertEquals(1000, first.open().offeredRate(), "the rates summed");
        Capacities.Capacity tomcat = merged.capacity().capacities().get(0);
        assertEquals(List.of(2000, 2000), tomcat.kept());
        assertEquals(List.of(4000, 4000), tomcat.missed(), "both ends, from the joined blocks");
        Capacities.Ratio ratio = merged.capacity().ratios().get(0);
        assertEquals(0.5, ratio.ratio(), 1e-9, "undertow kept 1000 where tomcat kept 2000");
    }

    @Test
    void aCapacitySearchMayLackOnlyItsLastBlocks() {
        OpenModel.Slo goal = new OpenModel.Slo(10, 1);
        List<StoredRun> parts = new ArrayList<>();
        for (int index = 0; index < 2; index++) {
            List<BlockResult> blocks = new ArrayList<>(stair(index));
            if (index == 1) {
                blocks.remove(2);
            }
            RunResult run = run(index, blocks).run().toBuilder().plan(new RunResult.Plan(List.of(1000, 2000, 4000), 15, 0, 100, true))
                    .interleaving(new RunResult.Interleaving(2, 2, null, null, 1)).tiers(List.of())
                    .capacity(new RunResult.CapacitySearch(goal, List.of(), List.of())).build();
            parts.add(new StoredRun(run, Path.of(run.runId() + ".json")));
        }
        RunMerge.MismatchException gap = assertThrows(RunMerge.MismatchException.class,
                () -> RunMerge.merge(parts, "tomcat-undertow-merged", RunMerge.DEFAULT_TOLERANCE_MILLIS));
        assertEquals("tomcat-undertow-injector1 has no block 1000 req/s launch 1 round 2 tomcat but has the later 1000 req/s launch 1"
                + " round 2 undertow: only a capacity search's last blocks may be left out", gap.getMessage());
    }

    @Test
    void blocksThatDidNotTurnTogetherAreRefusedAndNamed() {
        RunMerge.MismatchException late = assertThrows(RunMerge.MismatchException.class, () -> merged(blocks -> blocks.stream()
                .map(b -> b.round() == 1 && b.launch() == 1 && b.target().equals("undertow") ? shifted(b, 400) : b).toList()));
        assertEquals("1 block(s) out of step, their injectors' first requests more than 200 ms apart: 500 users launch 2 round 2"
                + " undertow (430 ms)", late.getMessage());
        RunMerge.MismatchException missing = assertThrows(RunMerge.MismatchException.class, () -> merged(blocks -> blocks.subList(0, blocks.size() - 1)));
        assertEquals("tomcat-undertow-injector1 has no block 500 users launch 2 round 3 undertow", missing.getMessage());
    }

    @Test
    void aBlockThatHadNoResponseByItsTurnHasNoStartAndIsNotOutOfStep() {
        RunResult merged = merged(blocks -> blocks.stream().map(b -> b.round() == 1 && b.launch() == 0 ? new BlockResult(b.tier(),
                b.users(), b.round(), b.target(), 0, 0, 3, 0, 3, 0, BlockCpu.unknown(), false, null, null, b.launch()) : b).toList());
        BlockResult joined = merged.blocks().stream().filter(b -> b.round() == 1 && b.launch() == 0).findFirst().orElseThrow();
        assertEquals(blocks(0, 0).stream().filter(b -> b.round() == 1 && b.launch() == 0).findFirst().orElseThrow().startMillis(),
                joined.startMillis(), "the start of the injector that had one");
        assertEquals(3, joined.ko(), "its requests still counted, as failed");
    }

    @Test
    void injectorsThatTogetherFillTheCoresTheyShareLimitTheBlock() {
        // 60% and 30% of one core each: on one core shared, 90% of it together; on two, not.
        RunResult oneCore = RunMerge.merge(List.of(run(1, blocks(1, 30), 1), run(0, blocks(0, 0), 1)), "merged", 1000);
        RunResult twoCores = RunMerge.merge(List.of(run(1, blocks(1, 30), 2), run(0, blocks(0, 0), 2)), "merged", 1000);
        assertTrue(oneCore.blocks().stream().allMatch(BlockResult::injectorLimited));
        assertEquals(twoCores.blocks().stream().filter(b -> b.round() == 2).count(),
                twoCores.blocks().stream().filter(BlockResult::injectorLimited).count(), "only where injector 1 was, alone");
    }

    private static BlockResult shifted(BlockResult b, long millis) {
        return new BlockResult(b.tier(), b.users(), b.round(), b.target(), b.startMillis() + millis, b.endMillis() + millis,
                b.requests(), b.ok(), b.ko(), b.tps(), b.cpu(), b.injectorLimited(), b.latencyHistogram(), b.open(), b.launch());
    }
}
