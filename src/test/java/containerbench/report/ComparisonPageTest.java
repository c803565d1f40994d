package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.harness.RunResult;
import containerbench.harness.TierResources;
import containerbench.harness.TierResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonPageTest {

    private static TierResult tier(int users, double tps, double cpuMicros) {
        TierResources resources = new TierResources(10, 90, 99, 45, 400, 200, 512, cpuMicros, 100, 190, false, true,
                new containerbench.harness.TcpCounters(0, 0, 0, 0));
        return new TierResult(users + " users", users, 1000, 1000, 0, 10, tps, 0, new TierResult.Latency(2.5, 2, 5, 9, 40),
                Map.of(), List.of(), 0, 10_000, resources, false);
    }

    private static RunResult run(String container, String startedAt, Map<String, String> settings, TierResult... tiers) {
        return new RunResult(RunResult.SCHEMA, container + "-" + startedAt, "complete", container, "1.0", startedAt, startedAt,
                null, new RunResult.Target(true, "http://127.0.0.1:1", "17", "-Xmx1g", settings, Map.of(), null),
                new RunResult.Plan(List.of(500), 15, 30, 500, true), null, null, null, null, List.of(tiers), true);
    }

    @Test
    void statesEachRunAgainstTheBaselineInTheStudysTerms() {
        List<RunResult> runs = List.of(run("tomcat", "2026-01-01T00:00:00Z", Map.of(), tier(500, 50_000, 20)),
                run("undertow", "2026-01-01T00:05:00Z", Map.of(), tier(500, 37_000, 26)));
        assertEquals(List.of("undertow TPS is 74% of tomcat's at 500 users; it uses 30% more CPU per request"
                + " (26.0 vs 20.0 µs); mean response time +0.0 ms."), Findings.sentences(runs));
    }

    @Test
    void everyValueIsEscapedSoThatNothingInAResultRunsInTheBrowser() {
        RunSet set = new RunSet(List.of(run("tomcat", "2026-01-01T00:00:00Z",
                Map.of("maxThreads", "<script>alert(1)</script>"), tier(500, 1, 1))), List.of("x.json: <img src=x onerror=alert(1)>"));
        String html = ComparisonPage.html(set, Path.of("."));
        assertFalse(html.contains("<script>alert(1)"), "a value became markup");
        assertFalse(html.contains("<img src=x"), "a problem became markup");
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    }

    @Test
    void chartDataCannotCloseItsScriptElement() {
        assertEquals("{\"a\":\"\\u003c/script\\u003e\"}", Html.scriptJson("{\"a\":\"</script>\"}"));
    }

    @Test
    void theMarkdownSummaryHasARowPerRunAndTier() {
        String md = ComparisonPage.markdown(new RunSet(List.of(
                run("tomcat", "2026-01-01T00:00:00Z", Map.of(), tier(100, 40_000, 20), tier(500, 50_000, 20)),
                run("undertow", "2026-01-01T00:05:00Z", Map.of(), tier(100, 30_000, 25))), List.of()));
        assertTrue(md.contains("| 100 | tomcat | 40000 | 2 | 5 | 9 | 0.0 | 90.0 | 20.0 | 400 | machine busy |"), md);
        assertTrue(md.contains("| 100 | undertow | 30000 |"), md);
        assertTrue(md.contains("| 500 | tomcat | 50000 |"), md);
        assertFalse(md.contains("| 500 | undertow"), md);
    }
}
