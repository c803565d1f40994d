package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.Histograms;
import containerbench.measure.OpenFigures;
import containerbench.measure.Tier;
import containerbench.measure.TierResult;
import containerbench.measure.BlockResult;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.results.StoredRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page a reader takes in at a glance: a verdict table first under each comparison's heading,
 * a failed tier and a ratio not judged shown as such, each note said once, forest plots fitted to
 * their ratios, percentile curves from the stored histograms, the repeats of a comparison under its
 * latest run, and summary.md leading with the same tables.
 */
class VerdictPageTest {

    private static final RunResult RUN = PageFixture.run("tomcat-undertow-jetty-wildfly-20261205-210000", "2026-12-05T21:00:00Z", 1);

    @Test
    void eachComparisonsCellsSayWhatTheRunSaysOfIt() {
        List<VerdictTable> tables = VerdictTable.of(RUN);
        assertEquals(List.of("undertow", "jetty", "wildfly"), tables.stream().map(VerdictTable::other).toList());
        VerdictTable.Row undertow500 = tables.get(0).rows().get(0);
        assertEquals(Call.NOT_JUDGED, undertow500.tps().call());
        assertEquals(Caveat.INJECTOR_LIMITED, undertow500.tps().caveat());
        assertEquals(Verdicts.times(RUN.comparisons().get(0).comparison().get(0).tps().ratio()), undertow500.tps().figure(),
                "a ratio not judged is still shown");
        assertTrue(undertow500.tps().figure().matches("0\\.(69|70|71)×"), undertow500.tps().figure());
        assertEquals(Call.WORSE, undertow500.cpu().call());
        assertEquals("more", undertow500.cpu().word());
        assertEquals("▲", undertow500.cpu().glyph());
        VerdictTable.Row undertow2000 = tables.get(0).rows().get(1);
        assertEquals(Call.WORSE, undertow2000.tps().call(), "not limited at 2000 users: judged");
        assertEquals("lower", undertow2000.tps().word());
        assertEquals(Caveat.MACHINE_FULL, undertow2000.tps().caveat());
        assertEquals(Call.WORSE, undertow2000.p99().call(), "3 ms against 2 ms");
        assertEquals(Call.NONE, undertow2000.failures().call());
        VerdictTable.Row jetty2000 = tables.get(1).rows().get(1);
        assertEquals(Call.NO_DIFFERENCE, jetty2000.cpu().call());
        assertEquals("no difference established", jetty2000.cpu().word());
        VerdictTable.Row wildfly2000 = tables.get(2).rows().get(1);
        assertEquals(Call.FAILED, wildfly2000.failures().call());
        assertEquals("failed (blocks failed: wildfly 4, tomcat 0 of 8)", wildfly2000.failures().word());
        assertEquals(Caveat.TIER_FAILED, wildfly2000.tps().caveat());
        assertEquals(Call.NOT_JUDGED, wildfly2000.cpu().call(), "a failed tier's ratios are shown, not judged");
        assertTrue(tables.get(2).caption().startsWith("wildfly against tomcat over 2 tier(s): failed at 2000 users"),
                tables.get(2).caption());
    }

    @Test
    void thePageLeadsEachComparisonWithItsTableAndSaysEachNoteOnce(@TempDir Path dir) throws Exception {
        new ResultsStore(dir).write(RUN);
        String html = HtmlView.render(ComparisonDocument.of(RunSet.read(List.of(dir)), dir));
        for (String other : List.of("undertow", "jetty", "wildfly")) {
            assertTrue(html.contains("<h3>" + other + " against tomcat</h3>\n<table class=\"verdict\">"), "table first: " + other);
        }
        assertTrue(html.indexOf("<table class=\"verdict\">") < html.indexOf("<h2>Runs</h2>"), "verdicts before the runs");
        assertTrue(html.contains("<td class=\"call failed\""), "the failed tier shown");
        assertTrue(html.contains("<td class=\"call unjudged\"") && html.contains("href=\"#note-injector-limited\""),
                "the ratio not judged shown, linked to why");
        assertEquals(1, count(html, "id=\"note-injector-limited\""), "each note once");
        assertEquals(1, count(html, "id=\"note-tier-failed\""));
        assertEquals(3, count(html, "<svg class=\"chart forest\""), "a forest plot per comparison");
        // Two tiers of three ratios each, judged or not; but a p99 where Gatling limited the load (undertow at 500 users) or a
        // target failed (wildfly at 2000) has no ratio.
        assertEquals(List.of("5", "6", "5"), Pattern.compile("<svg class=\"chart forest\"[^>]* data-points=\"(\\d+)\"").matcher(html)
                .results().map(m -> m.group(1)).toList());
        assertEquals(2, count(html, "<svg class=\"chart curve\""), "a percentile panel per tier");
        assertEquals(List.of("16"), Pattern.compile("<svg class=\"chart magnitudes\"[^>]* data-points=\"(\\d+)\"").matcher(html)
                .results().map(m -> m.group(1)).toList(), "beside the ratios, each target's TPS and p99 at each tier: 2 x 4 x 2 bars");
        assertTrue(html.contains("8 pairs: FAILED"), "the tiers in words, on demand");
        assertTrue(html.contains("<details><summary>maxThreads=1024</summary><small>backlog=512<br>maxThreads=1024</small></details>"),
                "the knobs the run set first, every knob on demand");
        assertEquals(3, count(html, "<details><summary>defaults</summary>"), "the others ran on their launchers' defaults");
    }

    @Test
    void theSummaryLeadsWithTheVerdictTable(@TempDir Path dir) throws Exception {
        new ResultsStore(dir).write(RUN);
        String md = MarkdownView.render(ComparisonDocument.of(RunSet.read(List.of(dir)), dir));
        List<String> lines = md.lines().toList();
        int firstTable = lines.indexOf("| tier | TPS | CPU per response | p99 | failures |");
        assertEquals("### Verdicts: tomcat vs undertow vs jetty vs wildfly (`tomcat-undertow-jetty-wildfly-20261205-210000`)",
                lines.get(firstTable - 4));
        assertTrue(lines.get(firstTable - 2).startsWith("**undertow against tomcat**: undertow against tomcat over 2 tier(s)"),
                lines.get(firstTable - 2));
        var undertow500 = RUN.comparisons().get(0).comparison().get(0);
        assertTrue(lines.get(firstTable + 2).startsWith("| 500 users | ○ " + Verdicts.times(undertow500.tps().ratio()) + " ("),
                lines.get(firstTable + 2));
        assertTrue(lines.get(firstTable + 2).contains(" not judged [1] | ▲ " + Verdicts.times(undertow500.cpu().ratio()) + " ("),
                lines.get(firstTable + 2));
        var wildfly2000 = RUN.comparisons().get(1).comparison().get(2).failures();
        assertTrue(md.contains(String.format(Locale.ROOT, "✕ %.2f%% vs 0.00%% failed (blocks failed: wildfly 4, tomcat 0 of 8) |",
                wildfly2000.otherPercent())), md);
        assertTrue(md.indexOf("| tier | TPS |") < md.indexOf("### Runs"), "the table before everything else");
        assertTrue(md.contains("1. **Gatling itself limited the load:** its CPU was at the cores"), md);
    }

    @Test
    void theConsoleLeadsWithTheSameTables() {
        String console = ConsoleTable.verdicts(RUN);
        List<String> lines = console.lines().toList();
        assertEquals("  undertow against tomcat (adjusted intervals; ▲ ▼ a difference, = none established, ○ not judged, ✕ failed):",
                lines.get(1));
        assertEquals("    tier        TPS                      CPU per response         p99                      failures", lines.get(2));
        var undertow500 = RUN.comparisons().get(0).comparison().get(0);
        assertTrue(lines.get(3).startsWith("    500 users   ○ " + Verdicts.times(undertow500.tps().ratio()) + " "), lines.get(3));
        assertTrue(lines.get(3).contains(" [1] "), "the note it needs: " + lines.get(3));
        assertTrue(console.contains("  [1] Gatling itself limited the load: its CPU was at the cores"), console);
        assertTrue(console.indexOf("[1] Gatling itself") < console.indexOf("per tier (95% intervals"), "tables and notes first");
    }

    /**
     * The run with a mix of two requests in every block: "GET /version" alike everywhere, "POST /write" 1.5
     * times as long on undertow as on tomcat, the others alike.
     */
    private static RunResult mixed() {
        return RUN.toBuilder().blocks(RUN.blocks().stream().map(b -> b.withRequests(List.of(
                new BlockResult.Request("GET /version", b.ok() / 2, 0, 2.0 * (1 + 0.01 * b.round())),
                new BlockResult.Request("POST /write", b.ok() - b.ok() / 2, 0,
                        (b.target().equals("undertow") ? 15.0 : 10.0) * (1 + 0.01 * b.round()))))).toList()).build();
    }

    @Test
    void aMixGetsATableOfItsRequestsPerTargetOnThePageTheSummaryAndTheConsole(@TempDir Path dir) throws Exception {
        new ResultsStore(dir).write(mixed());
        ComparisonDocument doc = ComparisonDocument.of(RunSet.read(List.of(dir)), dir);
        String html = HtmlView.render(doc);
        assertEquals(3, count(html, "<table class=\"verdict requests\">"), "one per target against the baseline");
        String undertow = html.substring(html.indexOf("<h3>undertow against tomcat, request by request</h3>"));
        String write = undertow.substring(undertow.indexOf("<th class=\"load\">POST /write</th>"), undertow.indexOf("</tr>",
                undertow.indexOf("<th class=\"load\">POST /write</th>")));
        assertTrue(write.contains("<td class=\"call unjudged\"") && write.contains("href=\"#note-injector-limited\""),
                "at 500 users Gatling limited undertow's blocks: not judged, linked to why: " + write);
        assertTrue(write.contains("<b>1.50×</b>") && write.contains("longer"), "at 2000 users longer: " + write);
        // Two requests: undertow's at 2000 users (500 limited), jetty's at both tiers, wildfly's at 500 (2000 failed).
        assertTrue(undertow.contains("adjusted for the run&#39;s 8 per-request intervals"), undertow.substring(0, 400));
        String md = MarkdownView.render(doc);
        assertTrue(md.contains("**undertow's mean response time per request against tomcat's (adjusted for the run's 8 per-request"
                + " intervals"), md);
        assertTrue(md.contains("| request | 500 users | 2000 users |"), md);
        String console = ConsoleTable.verdicts(mixed());
        assertTrue(console.contains("  undertow's mean response time per request against tomcat's"), console);
        assertTrue(console.lines().anyMatch(line -> line.startsWith("    POST /write  ○ -") && line.contains("▲ 1.50× 1.50-1.50")), console);
        assertTrue(console.contains("    ○ not judged: Gatling itself limited the load"), console);
    }

    @Test
    void theRepeatsOfAComparisonAreListedUnderItsLatestRunWithTheirPool(@TempDir Path dir) throws Exception {
        ResultsStore store = new ResultsStore(dir);
        store.write(PageFixture.run("tomcat-undertow-jetty-wildfly-20261205-200000", "2026-12-05T20:00:00Z", 2));
        store.write(PageFixture.run("tomcat-undertow-jetty-wildfly-20261205-203000", "2026-12-05T20:30:00Z", 3));
        store.write(RUN);
        RunSet set = RunSet.read(List.of(dir));
        assertEquals(1, set.runs().size(), "the latest run shown");
        assertEquals(2, set.earlier().size(), "the earlier ones kept as its repeats");
        ComparisonDocument doc = ComparisonDocument.of(set, dir);
        Repeats repeats = doc.verdicts().get(0).repeats();
        assertEquals(List.of("500 users", "2000 users"), repeats.loads());
        assertEquals(9, repeats.rows().size(), "three runs, three targets against the baseline");
        assertEquals(RUN.runId(), repeats.rows().get(0).run(), "the latest first");
        assertEquals("tomcat-undertow-jetty-wildfly-20261205-200000", repeats.rows().get(8).run());
        assertTrue(repeats.pooled().stream().anyMatch(s -> s.startsWith("undertow against tomcat, CPU per response at 500 users,"
                + " pooled over 3 runs")), String.join("\n", repeats.pooled()));
        String html = HtmlView.render(doc);
        assertTrue(html.contains("<h3>Repeats of this comparison</h3>") && html.contains("<h3>Pooled over repeated runs</h3>"));
        // A run that did not complete is shown as it is, and neither pooled nor given the others' repeats.
        StoredRun failed = new StoredRun(PageFixture.run("tomcat-undertow-jetty-wildfly-20261205-220000", "2026-12-05T22:00:00Z", 4)
                .toBuilder().status(RunStatus.FAILED).build(), dir.resolve("failed.json"));
        assertFalse(Repeats.of(failed, set.all()).any());
    }

    @Test
    void anOpenComparisonsRepeatsArePooledAtTheirRateNotAtUsers() {
        List<StoredRun> runs = new ArrayList<>();
        for (int seed = 2; seed <= 4; seed++) {
            RunResult closed = PageFixture.run("tomcat-undertow-jetty-wildfly-20261205-2" + seed + "0000", "2026-12-05T2" + seed + ":00:00Z",
                    seed);
            List<BlockResult> blocks = closed.blocks().stream().map(b -> new BlockResult(new BlockResult.Place(Tier.rate(b.users()),
                    b.users(), b.round(), b.target()), b.window(), b.answers(), b.cpu(), b.injectorLimited(), b.latencyHistogram(),
                    b.open(), b.launch(), b.byRequest(), b.jvm())).toList();
            RunResult open = closed.toBuilder().blocks(blocks).plan(new RunResult.Plan(List.of(500, 2000), 15, 30, 100, true,
                    new containerbench.settings.OpenModel(List.of(500, 2000), 1000, null), null)).build();
            runs.add(new StoredRun(open, Path.of(open.runId() + ".json")));
        }
        List<String> pooled = Pooling.sentences(runs);
        assertTrue(pooled.stream().anyMatch(s -> s.startsWith("undertow against tomcat, CPU per response at 500 req/s, pooled over 3 runs")),
                String.join("\n", pooled));
        assertTrue(pooled.stream().noneMatch(s -> s.contains(" users, ")), String.join("\n", pooled));
    }

    @Test
    void aForestAxisIsFittedToItsIntervalsWithOneOnIt() {
        ForestPlot.Axis narrow = ForestPlot.Axis.fitted(List.of(cell(0.99, 0.97, 1.02), cell(1.01, 0.98, 1.03)));
        assertTrue(narrow.low() > 0.94 && narrow.high() < 1.06, narrow.toString());
        assertTrue(narrow.ticks().contains(1.0) && narrow.ticks().size() >= 3, narrow.toString());
        ForestPlot.Axis wide = ForestPlot.Axis.fitted(List.of(cell(1.5, 1.4, 1.65), cell(1.6, 1.45, 1.7)));
        assertTrue(wide.low() > 0.9 && wide.low() < 1 && wide.high() > 1.7 && wide.high() < 1.9, wide.toString());
        assertEquals(0.5, narrow.position(1.0), 0.06, "1 near the middle of an A/A axis");
    }

    @Test
    void aCurveGoesAsDeepAsItsCountAllowsOnTheNinesAxis() {
        Histogram histogram = Histograms.empty();
        for (int ms = 1; ms <= 1000; ms++) {
            histogram.recordValue(ms);
        }
        List<LatencyCurves.Point> points = LatencyCurves.points(histogram, 1);
        assertEquals(3.0, points.get(points.size() - 1).nines(), 1e-9, "1,000 responses: down to 99.9%");
        assertEquals(1, points.get(0).ms(), 1e-9);
        assertEquals(900, points.get(20).ms(), 1e-9, "one nine: p90");
        assertEquals(990, points.get(40).ms(), 1e-9, "two nines: p99");
        assertEquals(List.of("0%", "90%", "99%", "99.9%", "99.99%"), List.of(LatencyCurves.percentile(0), LatencyCurves.percentile(1),
                LatencyCurves.percentile(2), LatencyCurves.percentile(3), LatencyCurves.percentile(4)));
        assertNull(VerdictTable.of(RUN).get(1).rows().get(0).failures().caveat());
    }

    @Test
    void anOpenTiersCurveIsItsLatencyFromDueTimeInMilliseconds() {
        Histogram micros = Histograms.empty();
        for (int us = 100; us <= 100_000; us += 100) {
            micros.recordValue(us);
        }
        OpenFigures figures = new OpenFigures(1000, 990, new OpenFigures.Corrected(50, 50, 90, 99, 99.9, 100),
                new OpenFigures.Lateness(0.1, 1, 2), 0, 0, false, Histograms.encode(micros));
        TierResult tier = new TierResult(new TierResult.Load("1000 req/s", "tomcat", 1000), new TierResult.Answers(1000, 1000, 0, 1, 990,
                0), new TierResult.Latency(1, 1, 2, 3, 9), new TierResult.Failures(Map.of(), List.of()), new TierResult.Window(0, 1000),
                null, false, null, figures);
        RunResult open = RUN.toBuilder().targets(RUN.targets().subList(0, 1)).tiers(List.of(tier))
                .plan(new RunResult.Plan(List.of(1000), 1, 0, 0, true, new containerbench.settings.OpenModel(List.of(1000), 1000, null),
                        null)).build();
        List<LatencyCurves.Panel> panels = LatencyCurves.of(open);
        assertEquals(1, panels.size());
        assertEquals("1000 req/s", panels.get(0).load());
        assertTrue(panels.get(0).fromDueTime(), "from due time, not Gatling's own times");
        assertEquals(90.0, panels.get(0).curves().get(0).points().get(20).ms(), 0.1, "p90 of 0.1-100 ms, in ms");
        assertTrue(LatencyCurves.svg(panels.get(0)).contains("1000 req/s: response time (ms from due time) by percentile"));
    }

    private static VerdictTable.Cell cell(double ratio, double low, double high) {
        return new VerdictTable.Cell(new VerdictTable.Estimate(ratio, low, high, low, high, 6), Verdicts.times(ratio), "=",
                "no difference established", Call.NO_DIFFERENCE, null);
    }

    private static int count(String text, String part) {
        return text.split(Pattern.quote(part), -1).length - 1;
    }
}
