package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.BlockCpu;
import containerbench.measure.BlockResult;
import containerbench.measure.Environment;
import containerbench.measure.Tier;
import containerbench.results.AaCalibration;
import containerbench.results.AaTally;
import containerbench.results.Comparisons;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.results.StoredRun;
import containerbench.settings.SettingException;
import containerbench.study.AaCheck;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The method checked on a machine: A/A runs tallied (how many 95% intervals held 1, which runs said a
 * difference), stored as a calibration, and named by the page of a run on the same kind of machine.
 */
class AaCalibrationTest {

    private static final Environment EPYC = new Environment("Linux", "AMD EPYC", 2, 24_000, 65_536, 65_536L, 4096, "32768-60999",
            "0,1", "0,1");

    @Test
    void aRunThatSaysADifferenceBetweenIdenticalTargetsIsCountedAndNamed() {
        RunResult clean = aa("tomcat-tomcat-20261205-150000", 1.0);
        RunResult leaning = aa("tomcat-tomcat-20261205-151500", 1.3);
        AaTally tally = AaTally.of(List.of(clean, leaning));
        assertEquals(8, tally.intervals(), "TPS and CPU per response at two tiers in each of two runs");
        assertEquals(7, tally.held(), "the leaning run's CPU per response at 500 users, 1.30x, holds no 1");
        assertEquals(1, tally.runsWithFalseVerdict());
        assertEquals(List.of("tomcat-tomcat-20261205-151500: tomcat#2 at 500 users: CPU per response 1.30×"), tally.falseVerdicts());
        RunResult mixed = aa("tomcat-undertow-20261205-153000", 1.0).toBuilder().targets(List.of(target("tomcat"), target("undertow")))
                .build();
        assertEquals("tomcat-undertow-20261205-153000 is not an A/A run: its targets are tomcat, undertow, where one container with"
                + " the same knobs and JVM twice or more is needed", assertThrows(IllegalArgumentException.class,
                        () -> AaTally.of(List.of(clean, mixed))).getMessage());
    }

    @Test
    void thePageOfARunNamesTheLatestCalibrationOfItsKindOfMachine(@TempDir Path dir) throws Exception {
        ResultsStore store = new ResultsStore(dir);
        List<StoredRun> runs = new ArrayList<>();
        for (RunResult run : List.of(aa("tomcat-tomcat-20261205-150000", 1.0), aa("tomcat-tomcat-20261205-151500", 1.3))) {
            runs.add(ResultsStore.read(store.write(run)));
        }
        RunResult other = aa("tomcat-tomcat-20261205-160000", 1.0);
        assertTrue(ComparisonDocument.calibration(other, List.of(dir)).startsWith("The method has not been checked on this kind of machine"
                + " here: ./bench aa --container tomcat runs an A/A calibration"));

        Path folder = AaCheck.newFolder(dir, "tomcat", Instant.parse("2026-12-05T16:00:00Z"));
        AaCalibration calibration = AaCheck.record(runs, List.of(), folder);
        assertEquals(List.of("../../tomcat-tomcat-20261205-150000.json", "../../tomcat-tomcat-20261205-151500.json"),
                calibration.runs(), "the runs, relative to the calibration's folder");
        assertEquals("The method last checked on this kind of machine: 2026-12-05, tomcat against itself, 2 run(s) (3 launch(es) of 4"
                + " rounds of 2 s blocks, 2 tier(s)): 7 of 8 95% intervals held 1 (87.5%, 95% promised), 1 of 2 runs said a difference"
                + " on an adjusted interval (95% CI 1-99%; at most 5% promised).", ComparisonDocument.calibration(other, List.of(dir)),
                "one of two: Clopper-Pearson's 1 - sqrt(0.975) to sqrt(0.975)");
        assertEquals("2026-12-05T15:00:00Z", calibration.startedAt(), "when the first run started");
        RunResult elsewhere = other.toBuilder().environment(new Environment("Linux", "Intel Xeon", 8, 32_000, 65_536, 65_536L, 4096,
                "32768-60999", "0-7", "0-7")).build();
        assertTrue(ComparisonDocument.calibration(elsewhere, List.of(dir)).startsWith("The method has not been checked"),
                "another CPU model is another kind of machine");

        RunResult mixed = aa("tomcat-jetty-20261205-153000", 1.0).toBuilder().targets(List.of(target("tomcat"), target("jetty")))
                .build();
        StoredRun mixedRun = ResultsStore.read(store.write(mixed));
        assertEquals("tomcat-jetty-20261205-153000 is not an A/A run: its targets are tomcat, jetty, where one container with the"
                + " same knobs and JVM twice or more is needed", assertThrows(SettingException.class,
                        () -> AaCheck.record(List.of(runs.get(0), mixedRun), List.of(), folder)).getMessage());
    }

    /**
     * An A/A run of three launches of four rounds at 100 and 500 users: tomcat#2 off by +1%, -1% and 0 in
     * its three launches, and at 500 users its CPU per response also times {@code cpuAt500}.
     */
    private static RunResult aa(String runId, double cpuAt500) {
        double[] byLaunch = {1.01, 0.99, 1.00};
        List<BlockResult> blocks = new ArrayList<>();
        for (int launch = 0; launch < 3; launch++) {
            for (int users : new int[] {100, 500}) {
                for (int round = 0; round < 4; round++) {
                    double cpu = 20 * byLaunch[launch] * (users == 500 ? cpuAt500 : 1);
                    blocks.add(block(users, launch, round, "tomcat", 10_000, 20));
                    blocks.add(block(users, launch, round, "tomcat#2", 10_000 * byLaunch[launch], cpu));
                }
            }
        }
        List<String> labels = List.of("tomcat", "tomcat#2");
        return RunResult.builder().runId(runId).status(RunStatus.COMPLETE).container("tomcat").description("tomcat vs tomcat#2")
                .startedAt("2026-12-05T15:00:00Z").finishedAt("2026-12-05T15:12:00Z")
                .targets(labels.stream().map(AaCalibrationTest::target).toList())
                .plan(new RunResult.Plan(List.of(100, 500), 15, 30, 100, true))
                .interleaving(new RunResult.Interleaving(4, 2, null, null, 3)).environment(EPYC)
                .tiers(List.of()).blocks(blocks).comparisons(Comparisons.of(blocks, labels)).build();
    }

    /** "tomcat" or its copies "tomcat#2", "tomcat#3", as a run of the same container again records them. */
    private static RunResult.Target target(String label) {
        int hash = label.indexOf('#');
        return new RunResult.Target(label, hash < 0 ? label : label.substring(0, hash), "11",
                new RunResult.Target.Started(true, "http://127.0.0.1:1", null), new RunResult.Target.Jvm("17", ""),
                new RunResult.Target.Knobs(Map.of(), Map.of(), null), null, null).asCopy(hash < 0 ? 1 : Integer.parseInt(label.substring(hash + 1)));
    }

    private static BlockResult block(int users, int launch, int round, String target, double tps, double cpu) {
        long ok = Math.round(tps * 2);
        return new BlockResult(Tier.users(users), users, round, target, 0, 2000, ok, ok, 0, tps, new BlockCpu(cpu, null, 50.0, 20.0, 90.0,
                0.0, 1.0), false, null, null, launch);
    }
}
