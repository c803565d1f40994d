package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The GitHub workflow, checked against GitHub's schema by action-validator, since no runner here can
 * execute it: the file as committed passes, and a broken copy of it does not. What its steps decide is
 * tested where it is made: {@code RegressionCheckTest} and {@code BenchTest} (./bench gate), {@code
 * ExportsTest}, {@code HistoryTest}.
 */
class WorkflowIT {

    private static final String VALIDATOR = "@action-validator/cli@0.6.0";
    private static final Path WORKFLOW = Runs.ROOT.resolve(".github/workflows/benchmark.yml");

    @Test
    void theWorkflowMatchesGitHubsSchemaAndABrokenOneDoesNot() throws Exception {
        Path npx = Stream.of(System.getenv().getOrDefault("PATH", "").split(":")).map(dir -> Path.of(dir, "npx"))
                .filter(Files::isExecutable).findFirst().orElse(null);
        // CI has Node.js (.ci/run) and must not skip this; a developer without it is told.
        assumeTrue(npx != null || "true".equals(System.getenv("CI")), "no npx here: install Node.js");
        assertNotNull(npx, "npx is on the PATH in CI");
        Path work = Files.createDirectories(Runs.work("workflow"));
        assertEquals(0, validate(npx, WORKFLOW, work.resolve("validate.log")), () -> Runs.tail(work.resolve("validate.log")));

        String workflow = Files.readString(WORKFLOW);
        // The tools its jobs call are this project's: the gate on a pull request, the exports and the history on a push.
        for (String tool : List.of("./bench gate --threshold", "./bench export \"$run\"", "./bench history --out", "app.war=$RUNNER_TEMP/base.war",
                "app.war=$RUNNER_TEMP/change.war")) {
            assertTrue(workflow.contains(tool), tool + " in the workflow");
        }
        assertTrue(workflow.contains("    steps:"), "the workflow has steps to break");
        Path broken = Files.writeString(work.resolve("broken.yml"), workflow.replaceFirst("    steps:", "    stepz:"));
        assertNotEquals(0, validate(npx, broken, work.resolve("broken.log")), "a misspelt key is caught");
        assertTrue(Files.readString(work.resolve("broken.log")).contains("Additional property 'stepz' is not allowed"));
    }

    private static int validate(Path npx, Path file, Path log) throws Exception {
        Process validator = new ProcessBuilder(List.of(npx.toString(), "--yes", VALIDATOR, file.toString()))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!validator.waitFor(3, TimeUnit.MINUTES)) {
            validator.destroyForcibly();
            throw new AssertionError("action-validator did not finish within 3 minutes");
        }
        return validator.exitValue();
    }
}
