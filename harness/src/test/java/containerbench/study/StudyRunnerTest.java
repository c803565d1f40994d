package containerbench.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import containerbench.results.ResultsStore;
import containerbench.results.RunStatus;
import containerbench.settings.ProjectRoot;
import containerbench.settings.SettingException;
import containerbench.settings.TargetCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A study is checked whole before its first cell: a knob value a container refuses stops it, naming
 * the cell; and each cell is recorded as its run ended, a failed one with the target's own reason.
 * How failed cells are counted and shown is StudySummaryTest's; StudyIT runs an interleaved study.
 */
class StudyRunnerTest {

    @TempDir
    Path dir;

    @Test
    void aKnobValueTheContainerRefusesStopsTheStudyBeforeAnyCellStarts() throws Exception {
        Path plan = Files.writeString(dir.resolve("bad.properties"), """
                containers = tomcat
                matrix.threads = 8, 0
                repetitions = 2
                run.tiers = 5
                """);
        SettingException error = assertThrows(SettingException.class,
                () -> StudyRunner.prepare(plan, TargetCatalog.read(ProjectRoot.find()), 2));
        assertEquals(plan + ", tomcat threads=0: bad value run.threads=0: tomcat's maxThreads accepts an integer >= 1",
                error.getMessage());
    }

    @Test
    void aCellIsRecordedAsItsRunEndedAndAFailedOneSaysWhyInOneLine() throws Exception {
        StudyPlan.Cell fast = new StudyPlan.Cell("tomcat", Map.of("virtualThreads", "false"), 1);
        StudyPlan.Cell virtual = new StudyPlan.Cell("tomcat", Map.of("virtualThreads", "true"), 1);
        Path log = dir.resolve("mvn.log");
        var complete = StudyRunner.outcome(1, fast, 0, run("complete.json", """
                {"schema": 9, "runId": "tomcat-1", "status": "complete", "container": "tomcat", "tiers": [
                  {"name": "5 users", "users": 5, "requests": 470, "ok": 470, "ko": 0, "seconds": 1.0, "tps": 462.08,
                   "failurePercent": 0.0, "latencyMs": {"mean": 9.5, "p50": 3, "p95": 60, "p99": 94, "max": 120}, "overloaded": false}]}
                """), log, 13.7);
        assertEquals(RunStatus.COMPLETE, complete.status());
        assertEquals(List.of(new StudyResult.CellTier(5, 462.08, 94L, 0.0, false)), complete.tiers());
        assertEquals(null, complete.message());

        // As a run whose target refused its knob records it (the results of StudyIT's failing cell, shortened).
        var refused = StudyRunner.outcome(2, virtual, 1, run("failed.json", """
                {"schema": 9, "runId": "tomcat-2", "status": "failed", "container": "tomcat", "tiers": [],
                 "failure": "the tomcat target exited with status 1 before it was ready. Command: java -Xmx128m ...\\nLast\
                 lines of its log cell-002/tomcat-2.target.log:\\nerror: tomcat failed to start: IllegalArgumentException:\
                 --useVirtualThreads needs a Java 21+ target JVM; this one is Java 17"}
                """), log, 8.8);
        assertEquals(RunStatus.FAILED, refused.status());
        assertEquals("tomcat-2", refused.runId());
        assertEquals("tomcat failed to start: IllegalArgumentException: --useVirtualThreads needs a Java 21+ target JVM;"
                + " this one is Java 17, mvn exit 1", refused.message());
        assertEquals(List.of(), refused.tiers());

        var interrupted = StudyRunner.outcome(3, fast, 0, run("interrupted.json", """
                {"schema": 9, "runId": "tomcat-3", "status": "interrupted", "container": "tomcat", "tiers": []}
                """), log, 2.0);
        assertEquals("run interrupted", interrupted.message());
        var none = StudyRunner.outcome(4, fast, 1, null, log, 1.0);
        assertEquals("no results; see " + log + ", mvn exit 1", none.message());
        assertEquals(null, none.runId());
    }

    private containerbench.results.StoredRun run(String name, String json) throws Exception {
        return ResultsStore.read(Files.writeString(dir.resolve(name), json));
    }
}
