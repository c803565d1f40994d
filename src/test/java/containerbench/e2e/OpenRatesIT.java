package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.BlockResult;
import containerbench.results.RunResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Two targets interleaved under arrivals at fixed rates (the open model), over two launches: each
 * launch warms its own targets' open path, and each rate gets a verdict from both launches. That a
 * stall shows in an open tier's corrected percentiles is OpenWorkloadIT's, alone on the machine; a
 * capacity search over two injectors is InjectorsIT's.
 */
class OpenRatesIT {

    private final Path work = Runs.work("open-rates");

    @Test
    void fixedRatesCompareTwoTargetsOverTwoLaunchesEachWarmingItsOwnOpenPath() throws Exception {
        String marker = UUID.randomUUID().toString();
        Path benchmarks = work.resolve("benchmarks");
        Path log = work.resolve("gatling.log");
        List<String> args = List.of("-Dcontainers=tomcat,undertow", "-Dmodel=open", "-Drates=200,400", "-Dlaunches=2",
                "-Drounds=2", "-DblockSeconds=1", "-DwarmupSeconds=1", "-Dtarget.jvmArgs=" + Runs.TARGET_JVM
                        + " -Dcontainerbench.smoke=" + marker);
        assertEquals(0, Runs.gatling(log, benchmarks, args), () -> String.join(" ", args) + " failed:\n" + Runs.tail(log));
        assertFalse(Runs.anyAlive(marker), "no target JVM left");
        RunResult run = Runs.onlyRun(benchmarks).run();
        assertEquals(Set.of(0, 1), run.blocks().stream().map(BlockResult::launch)
                .collect(Collectors.toSet()), "both launches measured");
        assertEquals(2, run.comparisons().size(), "a verdict at each rate");
        for (var rate : run.comparisons()) {
            var cpu = rate.comparison().get(0).cpu();
            assertEquals(2, cpu.launches(), "the CPU per response ratio at " + rate.tier() + " over both launches");
            assertTrue(cpu.ratio() > 0, rate.toString());
        }
    }
}
