package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.study.InterleavedStudy;
import containerbench.study.StudyResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ./bench study end to end: cells in turn, a failed cell recorded and the study going on, runs pooled; how
 * failed cells are counted and shown per configuration is StudySummaryTest's.
 */
class StudyIT {

    @Test
    void aStudyRunsEveryCellRecordsTheFailedOneSummarizesTheRestAndExits1() throws Exception {
        // CI builds with Java 17 (.ci/run) and must not skip this; a developer on a newer Java is told.
        assumeTrue(Runtime.version().feature() < 21 || "true".equals(System.getenv("CI")),
                "the failing cell needs a target JVM older than Java 21; this is " + Runtime.version());
        assertTrue(Runtime.version().feature() < 21, "CI runs the tests on Java 17, whose target refuses virtual threads");
        String output = study("study", "tiny.properties", 1);
        assertTrue(output.contains("error: 1 of 2 cells failed"), output);
        assertTrue(output.contains("[study] cell 1 of 2: tomcat virtualThreads=false (repetition 1): complete"), output);
        assertTrue(output.matches("(?s).*\\[study] cell 2 of 2: tomcat virtualThreads=true \\(repetition 1\\): failed"
                + " \\(tomcat failed to start: [^\n]*--useVirtualThreads needs a Java 21\\+ target JVM.*"), output);
        assertTrue(output.contains("about"), "an estimate of the time left");

        Path studyJson = Path.of(output.lines().filter(l -> l.startsWith("[study] ") && l.contains("study.json"))
                .findFirst().orElseThrow().substring("[study] ".length()).split(" and ")[0]);
        StudyResult study = ResultsStore.readJson(studyJson, StudyResult.class);
        assertEquals(2, study.cells().size());
        assertEquals(1, study.failedCells());
        StudyResult.Summary good = study.summary().stream().filter(s -> s.configuration().equals("tomcat virtualThreads=false"))
                .findFirst().orElseThrow();
        assertEquals(1, good.completed());
        assertTrue(good.tiers().get(0).tps().mean() > 0, good.toString());
        assertTrue(Files.isRegularFile(studyJson.resolveSibling("summary.md")));
        assertTrue(Files.readString(studyJson.resolveSibling("study.html")).contains("tomcat virtualThreads=true: 1 cell(s) failed."));
    }

    @Test
    void aStudyOfSeveralConfigurationsRunsThemAsTheTargetsOfInterleavedRunsAndPoolsTheRepetitions() throws Exception {
        String output = study("study-interleaved", "tiny-interleaved.properties", 0);
        assertTrue(output.contains("[study] tiny-interleaved: 2 configurations as the targets of 1 interleaved run(s), 2"
                + " repetition(s): about "), output);
        assertTrue(output.contains("[study] run 2 of 2 (repetition 2): complete"), output);
        // On 2 cores Gatling fills what the targets leave it: the TPS ratio is pooled under its own name.
        assertTrue(output.matches("(?s).*tomcat\\[threads=16] against tomcat\\[threads=8], TPS( \\(injector-limited\\))? at 5"
                + " users, pooled over 2 runs.*"), output);

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

    /** Runs ./bench study on a file of src/test/resources/studies into a folder of its own; its output, the exit as expected. */
    private static String study(String work, String file, int expectedExit) throws Exception {
        Path dir = Runs.work(work);
        Path log = dir.resolve("bench.log");
        int exit = Runs.bench(log, "study", "--out", dir.resolve("studies").toString(),
                Runs.ROOT.resolve("src/test/resources/studies").resolve(file).toString());
        String output = Files.readString(log);
        assertEquals(expectedExit, exit, "exit of ./bench study " + file + ":\n" + output);
        return output;
    }
}
