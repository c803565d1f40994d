package containerbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The command line's help and its answers to bad usage; nothing here starts a run. */
class BenchTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int bench(String... args) {
        return Bench.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theListOfCommands() {
        assertEquals(0, bench("--help"));
        for (String command : List.of("run", "compare", "study", "calibrate", "merge", "export", "history", "gate")) {
            assertTrue(out().contains("\n  " + command + " "), command + " in:\n" + out());
        }
        assertEquals(2, bench(), "no command is bad usage");
    }

    @ParameterizedTest
    @ValueSource(strings = {"run", "compare", "study", "calibrate", "merge", "export", "history", "gate"})
    void everyCommandsHelpGivesItsUsageOptionsAndAnExample(String command) {
        assertEquals(0, bench(command, "--help"));
        assertTrue(out().startsWith("usage: ./bench " + command), out());
        assertTrue(out().contains("\noptions:\n"), out());
        assertTrue(out().contains("\nexample:\n  ./bench " + command), out());
    }

    @Test
    void mergeRefusesOneFileAndRunsThatAreNoInjectorsNamingWhy(@TempDir Path dir) {
        assertEquals(2, bench("merge", "only.json"));
        assertTrue(err().contains("at least two injectors"), err());
        containerbench.results.ResultsStore store = new containerbench.results.ResultsStore(dir);
        List<String> files = new java.util.ArrayList<>();
        for (String container : List.of("tomcat", "undertow")) {
            String runId = store.claim(container, java.time.Instant.parse("2026-12-02T05:00:00Z"));
            store.write(containerbench.results.RunResult.builder().runId(runId).container(container).description(container)
                    .status(containerbench.results.RunStatus.FAILED).failure("no answer").build());
            files.add(store.fileOf(runId).toString());
        }
        assertEquals(1, bench("merge", files.get(0), files.get(1)));
        assertTrue(err().contains("is not one injector's run of several (-Dinjectors=N)"), err());
    }

    @Test
    void exportWritesItsThreeFilesBesideTheRunAndRefusesAnythingButOneFile(@TempDir Path dir) throws Exception {
        assertEquals(2, bench("export"));
        assertTrue(err().contains("export takes one results file, not 0"), err());
        containerbench.results.ResultsStore store = new containerbench.results.ResultsStore(dir);
        String runId = store.claim("tomcat", java.time.Instant.parse("2026-12-06T05:00:00Z"));
        store.write(containerbench.results.RunResult.builder().runId(runId).container("tomcat").description("tomcat")
                .status(containerbench.results.RunStatus.FAILED).failure("no answer").build());
        assertEquals(0, bench("export", store.fileOf(runId).toString()));
        Path exported = dir.resolve("export").resolve(runId);
        for (String file : List.of(containerbench.report.Exports.BIGGER, containerbench.report.Exports.SMALLER,
                containerbench.report.Exports.BENCHER)) {
            assertTrue(java.nio.file.Files.isRegularFile(exported.resolve(file)), file + " in " + exported + ": " + out());
        }
        assertEquals("[ ]", java.nio.file.Files.readString(exported.resolve(containerbench.report.Exports.BIGGER)).trim(),
                "a run with no tier exports no figure");
        assertEquals(1, bench("export", dir.resolve("missing.json").toString()));
    }

    @Test
    void gateFailsOnARegressionBeyondItsThresholdOnlyAndRefusesABadThreshold(@TempDir Path dir) {
        containerbench.results.ResultsStore store = new containerbench.results.ResultsStore(dir);
        String runId = store.claim("tomcat", java.time.Instant.parse("2026-12-06T05:00:00Z"));
        store.write(containerbench.report.PageFixture.run(runId, "2026-12-06T05:00:00Z", 7));
        String file = store.fileOf(runId).toString();
        assertEquals(1, bench("gate", file), "1.5 times the CPU per response is beyond 5%");
        assertTrue(out().startsWith("### undertow (change) against tomcat (base), regression threshold 5%\n"), out());
        assertTrue(out().contains("| 2000 users | CPU per response | regression | 1.4"), out());
        assertTrue(out().contains("**Regression**"), out());
        assertEquals(0, bench("gate", "--threshold", "60", file));
        assertTrue(out().endsWith("No regression beyond the threshold.\n"), out());
        assertEquals(2, bench("gate", "--threshold", "many", file));
        assertTrue(err().contains("bad value --threshold=many: it accepts a percentage >= 0, such as 5"), err());
        assertEquals(1, bench("gate", dir.resolve("missing.json").toString()));
    }

    @Test
    void historyDrawsTheRunsOfAFolderAndSaysWhenThereAreNone(@TempDir Path dir) throws Exception {
        assertEquals(1, bench("history", dir.toString()));
        assertTrue(err().contains("error: no complete run under [" + dir + "]"), err());
        containerbench.results.ResultsStore store = new containerbench.results.ResultsStore(dir);
        for (int r = 0; r < 3; r++) {
            java.time.Instant at = java.time.Instant.parse("2026-12-06T05:00:00Z").plusSeconds(3600L * r);
            String runId = store.claim("tomcat", at);
            store.write(containerbench.report.PageFixture.run(runId, at.toString(), r));
        }
        assertEquals(0, bench("history", dir.toString()));
        assertTrue(out().startsWith("container-bench: tomcat, undertow, jetty, wildfly: 3 runs\n"), out());
        assertTrue(java.nio.file.Files.readString(dir.resolve("history/history.html")).contains("<svg "));
        assertTrue(java.nio.file.Files.isRegularFile(dir.resolve("history/history.json")));
    }

    @Test
    void runsHelpListsEveryPropertyWithItsDefaultAndEveryContainersKnobs() {
        assertEquals(0, bench("run", "--help"));
        assertTrue(out().contains("  --tierSeconds            how long each tier lasts, with one container\n"
                + "                           accepts a whole number of seconds >= 1; default 15\n"), out());
        assertTrue(out().contains("  --warmupUsers            concurrent users of the warm-up, a closed one with model=open too (the JIT"
                + " needs load, not a schedule)\n                           accepts a number of users >= 1; default (the first tier's;"
                + " 50 with model=open)\n"), out());
        assertTrue(out().contains("  tomcat:   protocol=nio, maxThreads=512, acceptCount=512"), out());
        assertTrue(out().contains("  undertow: ioThreads=(undertow's), workerThreads=512"), out());
    }

    @Test
    void anUnknownCommandOrOptionIsBadUsageNamingTheNearestOne() {
        assertEquals(2, bench("studdy"));
        assertTrue(err().contains("unknown command 'studdy'; the commands are run, compare, study, calibrate"), err());
        assertEquals(2, bench("run", "--container", "tomcat", "--tierSecond", "3"));
        assertTrue(err().contains("error: unknown option --tierSecond for run: did you mean --tierSeconds?"), err());
        assertEquals(2, bench("run", "-DtierSeconds=3"));
        assertTrue(err().contains("-DtierSeconds=3: ./bench takes options as --name value, for example --tierSeconds 3"), err());
    }

    @Test
    void aRunWithoutAContainerOrWithABadValueStartsNothing() {
        assertEquals(2, bench("run", "--tiers", "100"));
        String containers = String.join(", ", containerbench.settings.TargetCatalog.read(containerbench.settings.ProjectRoot.find()).names());
        assertTrue(err().contains("run needs --container NAME, one of " + containers), err());
        assertEquals(2, bench("run", "--container", "tomcat", "--tiers", "many"));
        assertTrue(err().contains("bad value --tiers=many: tiers accepts a comma-separated list"), err());
        assertEquals(2, bench("calibrate", "--container", "tomcat", "--target.url", "http://127.0.0.1:1"));
        assertTrue(err().contains("unknown option --target.url for calibrate"), err());
    }

    @Test
    void aStudyFileThatDoesNotParseStartsNoCell(@TempDir Path dir) throws Exception {
        Path study = Files.writeString(dir.resolve("bad.properties"), "containers = tomcat\nrun.tierSecond = 3\n");
        assertEquals(2, bench("study", study.toString()));
        assertTrue(err().contains("unknown property run.tierSecond: did you mean run.tierSeconds?"), err());
        assertEquals(2, bench("study", dir.resolve("missing.properties").toString()));
    }

    @Test
    void compareWithNothingToReadFails(@TempDir Path dir) {
        assertEquals(1, bench("compare", "--out", dir.toString(), dir.toString()));
        assertTrue(err().contains("error: no run to compare in [" + dir + "]"), err());
    }
}
