package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The pull request's decision from a results file: the fixture's second target (undertow, the
 * "change") spends 1.5 times the baseline's CPU per response and serves 0.7 times its TPS, Gatling
 * limiting the load at 500 users.
 */
class RegressionCheckTest {

    private static final RunResult RUN = PageFixture.run("four-20261206", "2026-12-06T10:00:00Z", 7);

    @Test
    void aSlowdownWhoseWholeAdjustedIntervalIsBeyondTheThresholdFails() {
        RegressionCheck check = new RegressionCheck(0.05);
        List<RegressionCheck.Finding> findings = check.findings(RUN);
        assertTrue(check.regressed(RUN));
        RegressionCheck.Finding cpu = findings.stream().filter(f -> f.tier().equals("500 users") && f.figure().equals("CPU per response"))
                .findFirst().orElseThrow();
        assertEquals(RegressionCheck.Verdict.REGRESSION, cpu.verdict(), cpu.why());
        var ratio = RUN.comparisons().get(0).comparison().get(0).cpu();
        assertTrue(ratio.adjustedLow() > 1.05, "the fixture's interval lies beyond 5%: " + ratio);
        RegressionCheck.Finding limited = findings.stream().filter(f -> f.tier().equals("500 users") && f.figure().equals("TPS"))
                .findFirst().orElseThrow();
        assertEquals(RegressionCheck.Verdict.NOT_JUDGED, limited.verdict(), "Gatling limited it: " + limited.why());
        assertTrue(limited.why().endsWith("Gatling limited the load"), limited.why());
    }

    @Test
    void aSlowdownWithinTheThresholdOrWhoseIntervalReachesItPasses() {
        var cpu = RUN.comparisons().get(0).comparison().get(0).cpu();
        // A threshold the adjusted interval reaches into: not a regression, however large the ratio itself.
        RegressionCheck lenient = new RegressionCheck(cpu.adjustedLow() - 1 + 0.001);
        assertTrue(lenient.findings(RUN).stream().filter(f -> f.figure().equals("CPU per response"))
                .noneMatch(f -> f.verdict() == RegressionCheck.Verdict.REGRESSION && f.tier().equals("500 users")));
        assertFalse(new RegressionCheck(0.6).regressed(RUN), "1.5x CPU and 0.7x TPS are within 60%");
    }

    @Test
    void aRunOfOneTargetCannotBeChecked() {
        RunResult one = RunResult.builder().runId("tomcat-1").container("tomcat").status(RunStatus.COMPLETE).build();
        assertEquals("tomcat-1 compares no targets: a regression check needs the base's build and the change's as two targets of one run",
                assertThrows(IllegalArgumentException.class, () -> new RegressionCheck(0.05).findings(one)).getMessage());
    }
}
