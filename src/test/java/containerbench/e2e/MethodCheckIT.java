package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.BlockResult;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.results.TierComparison;
import containerbench.settings.BlockOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The method's own check, end to end: three identical targets in the balanced order with precision
 * on demand. What it asserts is the design (the order, whole sets, the pilot's plan, the A/A line),
 * not how many intervals held 1 in one short run. A loose precision (±100%), so that the pilot's six
 * rounds usually suffice: at ±50% a pilot measured beside another test asked twelve, 18 s more load.
 */
class MethodCheckIT {

    private final Path work = Runs.work("method");

    @Test
    void threeIdenticalTargetsTurnInTheBalancedOrderWithAPilotAndSayHowManyIntervalsHeldOne() throws Exception {
        String marker = UUID.randomUUID().toString();
        Path benchmarks = work.resolve("benchmarks");
        Path log = work.resolve("aa-gatling.log");
        List<String> args = List.of("-Dcontainers=tomcat,tomcat,tomcat", "-Dtiers=5",
                "-DblockSeconds=1", "-Drounds=2", "-Dprecision=100", "-DmaxMinutes=1", "-DwarmupSeconds=1",
                "-Dtarget.jvmArgs=" + Runs.TARGET_JVM + " -Dcontainerbench.smoke=" + marker);
        assertEquals(0, Runs.gatling(log, benchmarks, args), () -> String.join(" ", args) + " failed:\n" + Runs.tail(log));

        RunResult run = Runs.onlyRun(benchmarks).run();
        assertEquals(RunStatus.COMPLETE, run.status());
        assertEquals(List.of("tomcat", "tomcat#2", "tomcat#3"), run.targets().stream().map(RunResult.Target::label).toList());
        assertEquals(6, run.interleaving().rounds(), "two rounds asked, a whole set of three targets' order is six");
        List<BlockResult> blocks = run.blocks();
        assertEquals(0, blocks.size() % 18, "rounds only in whole sets of six: " + blocks.size() + " blocks");
        BlockOrder order = new BlockOrder(3);
        for (int i = 0; i < blocks.size(); i++) {
            String expected = run.targets().get(order.round(i / 3).get(i % 3)).label();
            assertEquals(expected, blocks.get(i).target(), "block " + i + " in the balanced order");
        }
        TierComparison tier = run.comparisons().get(0);
        assertEquals(6, tier.pilotPairs(), "the intervals take their spread from the pilot");
        assertTrue(List.of("precision", "time cap").contains(tier.stoppedBy()), tier.stoppedBy());
        int family = tier.comparison().get(0).tps().adjustedFor();
        assertTrue(family >= 4 && family == tier.comparison().get(1).tps().adjustedFor(), "one family for the run: TPS and CPU"
                + " of both other targets at least, the same for each: " + tier.comparison());
        String output = Files.readString(log);
        assertTrue(output.contains("5 users: the pilot's 6 rounds ask"), "the pilot's plan is printed before the load goes on");
        assertTrue(output.contains("verdict (ratios to tomcat from the paired rounds):"), "the run-level verdict leads");
        assertTrue(output.matches("(?s).*A/A check: \\d+ of \\d+ 95% intervals hold 1.*"), "the A/A run checks itself");
        assertFalse(Runs.anyAlive(marker), "no target JVM left");
    }
}
