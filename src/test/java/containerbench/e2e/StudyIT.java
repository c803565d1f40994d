package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.results.AaCalibration;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.study.InterleavedStudy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ./bench study end to end, once: configurations as the targets of interleaved runs, the runs pooled.
 * A separate study's cells take the same path, one `mvn gatling:test` each with its settings handed on;
 * how a cell is recorded as its run ended (a failed one with the target's reason) is StudyRunnerTest's,
 * how failed cells are counted and shown per configuration StudySummaryTest's.
 */
class StudyIT {

    @Test
    void aStudyOfSeveralConfigurationsRunsThemAsTheTargetsOfInterleavedRunsAndPoolsTheRepetitions() throws Exception {
        String output = study("study-interleaved", "tiny-interleaved.properties");
        assertTrue(output.contains("[study] tiny-interleaved: 2 configurations as the targets of 1 interleaved run(s), 2"
                + " repetition(s): about "), output);
        assertTrue(output.contains("[study] run 2 of 2 (repetition 2): complete"), output);
        // On 2 cores Gatling fills what the targets leave it: the TPS ratio is read under its own name. Two
        // repetitions are side by side, too few to pool (three at least).
        assertTrue(output.matches("(?s).*tomcat\\[threads=16] against tomcat\\[threads=8], TPS( \\(injector-limited\\))? at 5"
                + " users, repeated in 2 runs .*too few to pool.*"), output);

        Path studyJson = Path.of(output.lines().filter(l -> l.startsWith("[study] ") && l.contains("study.json"))
                .findFirst().orElseThrow().substring("[study] ".length()).split(";")[0]);
        InterleavedStudy.Record study = ResultsStore.readJson(studyJson, InterleavedStudy.Record.class);
        assertEquals("interleaved", study.design());
        assertEquals(2, study.runs().size(), study.toString());
        for (String run : study.runs()) {
            RunResult result = ResultsStore.read(studyJson.resolveSibling(run)).run();
            assertEquals(List.of("tomcat[threads=8]", "tomcat[threads=16]"), result.targets().stream()
                    .map(RunResult.Target::label).toList());
        }
        assertTrue(Files.readString(studyJson.resolveSibling("index.html")).contains("Pooled over repeated runs"));
    }

    @Test
    void anAaCalibrationRunsOneContainerAgainstItselfRunAfterRunAndAPageOnTheSameMachineNamesIt() throws Exception {
        Path dir = Runs.work("aa");
        Path log = dir.resolve("bench.log");
        // One launch a run: what aa adds is runs after runs and their tally; launches within a run are BenchmarkSmokeIT's.
        int exit = Runs.bench(log, "aa", "--container", "tomcat", "--runs", "2", "--out", dir.toString(),
                "--tiers", "5", "--rounds", "2", "--launches", "1", "--blockSeconds", "1", "--warmupSeconds", "1",
                "--target.jvmArgs", Runs.TARGET_JVM);
        String output = Files.readString(log);
        assertEquals(0, exit, "exit of ./bench aa:\n" + output);
        assertTrue(output.contains("[aa] tomcat against itself, 2 runs of 1 launch(es) of 2 rounds of 1 s blocks, 1 tier(s): about"),
                output);
        assertTrue(output.contains("[aa] run 2 of 2: complete"), output);
        Path folder;
        try (var folders = Files.list(dir.resolve("calibrations"))) {
            folder = folders.findFirst().orElseThrow();
        }
        AaCalibration calibration = ResultsStore.readJson(folder.resolve(AaCalibration.FILE), AaCalibration.class);
        assertEquals(2, calibration.tally().runs());
        assertTrue(calibration.tally().intervals() >= 2, "a CPU per response interval at least in each run: " + calibration);
        assertTrue(output.contains("[aa] " + calibration.sentence() + "."), output);
        for (String run : calibration.runs()) {
            RunResult result = ResultsStore.read(folder.resolve(run)).run();
            assertEquals(List.of("tomcat", "tomcat#2"), result.targets().stream().map(RunResult.Target::label).toList());
            assertEquals(1, result.interleaving().launches(), "the launches asked for, handed on to each run");
        }

        // A page elsewhere, of a run of that results folder on the same machine, names it.
        assertEquals(0, Runs.bench(dir.resolve("compare.log"), "compare", "--out", dir.resolve("page").toString(),
                folder.resolve(calibration.runs().get(0)).toString()), () -> Runs.tail(dir.resolve("compare.log")));
        assertTrue(Files.readString(dir.resolve("page/index.html")).contains("The method last checked on this kind of machine: "
                + calibration.sentence()), "the page cites the calibration");
    }

    /** Runs ./bench study on a file of src/test/resources/studies into a folder of its own; its output, having exited 0. */
    private static String study(String work, String file) throws Exception {
        Path dir = Runs.work(work);
        Path log = dir.resolve("bench.log");
        int exit = Runs.bench(log, "study", "--out", dir.resolve("studies").toString(),
                Runs.ROOT.resolve("src/test/resources/studies").resolve(file).toString());
        String output = Files.readString(log);
        assertEquals(0, exit, "exit of ./bench study " + file + ":\n" + output);
        return output;
    }
}
