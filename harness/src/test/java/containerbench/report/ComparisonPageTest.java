package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.Environment;
import containerbench.measure.TcpCounters;
import containerbench.measure.TierResources;
import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.results.StoredRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonPageTest {

    private static TierResult tier(int users, double tps, double cpuMicros) {
        TierResources resources = new TierResources(10, new TierResources.TargetCpu(90.0, 99.0, 45.0),
                new TierResources.TargetMemory(400L, 200L, 512L), cpuMicros, 100, 190, false, true,
                new TcpCounters(0, 0, 0, 0, 0L));
        return new TierResult(new TierResult.Load(users + " users", null, users), new TierResult.Answers(1000, 1000, 0, 10, tps, 0),
                new TierResult.Latency(2.5, 2, 5, 9, 40), new TierResult.Failures(Map.of(), List.of()), new TierResult.Window(0, 10_000),
                resources, false, null, null);
    }

    private static RunResult run(String container, String startedAt, Map<String, String> settings, String report,
            TierResult... tiers) {
        List<TierResult> labelled = java.util.Arrays.stream(tiers).map(t -> new TierResult(new TierResult.Load(t.name(), container,
                t.users()), t.answers(), t.latencyMs(), t.failed(), t.window(), t.resources(), t.overloaded(), null, null)).toList();
        return RunResult.builder().runId(container + "-" + startedAt).status(RunStatus.COMPLETE).description(container)
                .startedAt(startedAt).finishedAt(startedAt).gatlingReport(report)
                .targets(List.of(new RunResult.Target(container, container, "1.0",
                        new RunResult.Target.Started(true, "http://127.0.0.1:1", container + ".target.log"),
                        new RunResult.Target.Jvm("17", "-Xmx1g"), new RunResult.Target.Knobs(settings, Map.of(), null), null, null)))
                .plan(new RunResult.Plan(List.of(500), 15, 30, 500, true)).environment(ENVIRONMENT).tiers(labelled)
                .answeredAfterRun(true).build();
    }

    private static final Environment ENVIRONMENT = new Environment("Linux", "EPYC", 2, 24_000, 65_536, 65_536L, 4096,
            "32768-60999", "0,1", "0,1");

    private static String page(RunSet set, Path dir) {
        return HtmlView.render(ComparisonDocument.of(set, dir));
    }

    private static String summary(RunSet set) {
        return MarkdownView.render(ComparisonDocument.of(set, Path.of(".")));
    }

    private static StoredRun stored(RunResult run) {
        return new StoredRun(run, Path.of("results", run.runId() + ".json"));
    }

    /** An open tier of {@code target}: its rate, its p50 and p99 from due time, and whether its injector was late. */
    private static TierResult open(String target, int rate, double p50, double p99, boolean late) {
        containerbench.measure.OpenFigures figures = new containerbench.measure.OpenFigures(rate, rate * 0.99,
                new containerbench.measure.OpenFigures.Corrected(p50, p50, p99 / 2, p99, p99 * 1.5, p99 * 2),
                new containerbench.measure.OpenFigures.Lateness(0, late ? 12 : 0.4, late ? 20 : 1), late ? 300 : 0, 7, late, null);
        return new TierResult(new TierResult.Load(rate + " req/s", target, rate), new TierResult.Answers(rate * 10L, rate * 10L - 7, 7,
                10, rate * 0.99, 0.01), new TierResult.Latency(1, 1, 2, 3, 9), new TierResult.Failures(Map.of("not sent (maxInFlight)", 7L),
                List.of()), new TierResult.Window(0, 10_000), null, true, null, figures);
    }

    @Test
    void anOpenRunDrawsEachTargetsCpuPerResponseAgainstTheRateItAchieved() {
        TierResources cheap = tier(1, 1, 91).resources();
        TierResources cheaper = tier(1, 1, 46.5).resources();
        RunResult run = run("tomcat", "2026-12-06T20:53:53Z", Map.of(), null, tier(500, 40_000, 20)).toBuilder()
                .tiers(List.of(open("tomcat", 4000, 0.4, 12, false).explained(Map.of(), List.of(), cheap),
                        open("tomcat", 20000, 4.9, 47, true).explained(Map.of(), List.of(), cheaper)))
                .build();
        String html = page(new RunSet(List.of(stored(run)), List.of()), Path.of("."));
        assertTrue(html.contains("<svg class=\"efficiency\""), "the efficiency curve beside the hockey stick");
        assertTrue(html.contains("<title>tomcat 4000 req/s: 3960/s, 91.0 µs a response</title>")
                && html.contains("<title>tomcat 20000 req/s: 19800/s, 46.5 µs a response</title>"), html);
        RunResult oneTier = run.toBuilder().tiers(run.tiers().subList(0, 1)).build();
        assertEquals("", EfficiencyCurve.svg(oneTier), "a point is no curve");
    }

    @Test
    void anOpenRunShowsLatencyFromDueTimeTheCapacitiesAndTheHockeyStick() {
        RunResult run = run("tomcat", "2026-12-03T07:00:00Z", Map.of(), null, tier(500, 40_000, 20)).toBuilder()
                .tiers(List.of(open("tomcat", 1000, 0.3, 2.5, false), open("tomcat", 2000, 0.4, 40, true)))
                .capacity(new RunResult.CapacitySearch(new containerbench.settings.OpenModel.Slo(10, 1),
                        List.of(new containerbench.results.Capacities.Capacity("tomcat", 1414.21, 700, 3100.0, List.of(1000, 2000),
                                List.of(2000, 4000), List.of(containerbench.results.Capacities.End.MISSED,
                                        containerbench.results.Capacities.End.MISSED))), List.of()))
                .build();
        String html = page(new RunSet(List.of(stored(run)), List.of()), Path.of("."));
        assertTrue(html.contains("Latency against load"), html);
        assertTrue(html.contains("capacity of tomcat at p99 &lt;= 10.0 ms from due time, failures &lt;= 1.00%: 1414 req/s"
                + " (95% interval 700-3100 over 2 repeats); each repeat kept: 1000 (missed 2000), 2000 (missed 4000)"), html);
        assertTrue(html.contains("1000 req/s tomcat: achieved 990/s; from due time p50 0.30, p99 2.50"), html);
        assertTrue(html.contains("2000 req/s tomcat: achieved 1980/s; from due time p50 0.40, p99 40.0, p99.9 60.0, max 80.0 ms;"
                + " injector late p99 12.00 ms (300 left &gt; 5 ms late); 7 unsent [INJECTOR LATE"), html);
        String svg = html.substring(html.indexOf("<svg class=\"hockey\""), html.indexOf("</svg>") + 6);
        assertEquals(2, svg.split("<polyline", -1).length - 1, "p99 and p50 of the one target");
        assertEquals(4, svg.split("<circle", -1).length - 1, "two tiers, two percentiles");
        assertEquals(2, svg.split("fill=\"none\"><title>", -1).length - 1, "the late tier's two points hollow");
        assertTrue(svg.contains(">goal</text>"), "the goal drawn");
        assertTrue(summary(new RunSet(List.of(stored(run)), List.of())).contains("- capacity of tomcat at p99 <= 10.0 ms"));
    }

    @Test
    void aUserApplicationsRunShowsWhatItServedTheCheckAndEachRequestsFigures() {
        TierResult whole = tier(500, 40_000, 20);
        TierResult version = new TierResult(new TierResult.Load("version", "tomcat", 500), new TierResult.Answers(750, 750, 0, 10,
                30_000, 0), new TierResult.Latency(2.0, 2, 4, 8, 30), new TierResult.Failures(Map.of(), List.of()),
                new TierResult.Window(0, 10_000), null, false, null, null);
        TierResult readHeap = new TierResult(new TierResult.Load("read heap", "tomcat", 500), new TierResult.Answers(250, 250, 0, 10,
                10_000, 0), new TierResult.Latency(3.0, 3, 6, 11, 40), new TierResult.Failures(Map.of(), List.of()),
                new TierResult.Window(0, 10_000), null, false, null, null);
        RunResult plain = run("tomcat", "2026-01-01T00:00:00Z", Map.of(), null, whole);
        TierResult mixed = new TierResult(new TierResult.Load(whole.name(), "tomcat", whole.users()), whole.answers(), whole.latencyMs(),
                whole.failed(), whole.window(), whole.resources(), whole.overloaded(), List.of(version, readHeap), null);
        RunResult run = plain.toBuilder().tiers(List.of(mixed)).app(new RunResult.App("/m2/hawtio-war-4.2.0.war", null,
                "io.hawt:hawtio-war:4.2.0", "/", "examples/hawtio-jolokia.json",
                List.of(new RunResult.Request("version", "GET", "/jolokia/version", 200, 3),
                        new RunResult.Request("read heap", "POST", "/jolokia", 200, 1)),
                List.of(new RunResult.Check("version", List.of(200), List.of(460), null)))).build();
        RunSet set = new RunSet(List.of(stored(run)), List.of());
        String html = page(set, Path.of("."));
        String md = summary(set);
        for (String view : List.of(html.replace("&#39;", "'").replace("&quot;", "\""), md)) {
            assertTrue(view.contains("tomcat-2026-01-01T00:00:00Z served io.hawt:hawtio-war:4.2.0 at /, requests from"
                    + " examples/hawtio-jolokia.json: 'version' GET /jolokia/version (200, weight 3.0), 'read heap' POST /jolokia"
                    + " (200, weight 1.0). Before the load 'version' answered 200 on every target, the same body."), view);
            assertTrue(view.contains("tomcat: version") && view.contains("tomcat: read heap"), "a row per request");
        }
        assertTrue(md.contains("| 500 | tomcat: read heap | 250 | 250 | 0 | 10000 |"), md);
    }

    @Test
    void statesEachRunAgainstTheBaselineInTheStudysTerms() {
        List<StoredRun> runs = List.of(stored(run("tomcat", "2026-01-01T00:00:00Z", Map.of(), null, tier(500, 50_000, 20))),
                stored(run("undertow", "2026-01-01T00:05:00Z", Map.of(), null, tier(500, 37_000, 26))));
        assertEquals(List.of("undertow TPS is 74% of tomcat's at 500 users (the machine was full: container and Gatling together); it"
                + " uses 30% more CPU per request (26.0 vs 20.0 µs); mean response time +0.0 ms (separate runs: no interval)."),
                Findings.sentences(Series.of(runs)));
    }

    @Test
    void aTpsShareBetweenSeparateRunsSaysWhenTheInjectorLimitedEither() {
        TierResult limited = tier(500, 37_000, 26);
        TierResources r = limited.resources();
        limited = limited.explained(Map.of(), List.of(), new TierResources(r.samples(), r.targetCpu(),
                r.targetMemory(), r.targetCpuMicrosPerRequest(), r.injectorCpuMeanPercent(), r.machineCpuMeanPercent(),
                true, true, r.kernelTcp()));
        List<StoredRun> runs = List.of(stored(run("tomcat", "2026-01-01T00:00:00Z", Map.of(), null, tier(500, 50_000, 20))),
                stored(run("undertow", "2026-01-01T00:05:00Z", Map.of(), null, limited)));
        assertEquals(List.of("undertow TPS is 74% of tomcat's at 500 users (Gatling itself limited the load); it uses 30% more CPU"
                + " per request (26.0 vs 20.0 µs); mean response time +0.0 ms (separate runs: no interval)."),
                Findings.sentences(Series.of(runs)));
    }

    @Test
    void everyValueIsEscapedSoThatNothingInAResultRunsInTheBrowser() {
        RunSet set = new RunSet(List.of(stored(run("tomcat", "2026-01-01T00:00:00Z",
                Map.of("maxThreads", "<script>alert(1)</script>"), null, tier(500, 1, 1)))), List.of("x.json: <img src=x onerror=alert(1)>"));
        String html = page(set, Path.of("."));
        assertFalse(html.contains("<script>alert(1)"), "a value became markup");
        assertFalse(html.contains("<img src=x"), "a problem became markup");
        assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    }

    @Test
    void chartDataCannotCloseItsScriptElement() {
        assertEquals("{\"a\":\"\\u003c/script\\u003e\"}", Html.scriptJson("{\"a\":\"</script>\"}"));
    }

    @Test
    void theMarkdownSummaryHasARowPerRunAndTierAndShowsNoMinusOne() {
        TierResult unknownCpu = new TierResult(new TierResult.Load("100 users", null, 100), new TierResult.Answers(1000, 1000, 0, 10,
                30_000, 0), new TierResult.Latency(2.5, 2, 5, 9, 40), new TierResult.Failures(Map.of(), List.of()),
                new TierResult.Window(0, 10_000), new TierResources(10, new TierResources.TargetCpu(null, null, null),
                new TierResources.TargetMemory(null, null, null), null, 100, 190, false, false, null), false, null, null);
        String md = summary(new RunSet(List.of(
                stored(run("tomcat", "2026-01-01T00:00:00Z", Map.of(), null, tier(100, 40_000, 20), tier(500, 50_000, 20))),
                stored(run("undertow", "2026-01-01T00:05:00Z", Map.of(), null, unknownCpu))), List.of()));
        assertTrue(md.contains("| 100 | tomcat | 1000 | 1000 | 0 | 40000 | 2.50 | 2 | 5 | 9 | 40 | 0.00 | 90 | 99 | 20.0 | 400 | 200 | 100 | machine full |"), md);
        assertTrue(md.contains("| 100 | undertow | 1000 | 1000 | 0 | 30000 | 2.50 | 2 | 5 | 9 | 40 | 0.00 | – | – | – | – | – | 100 |  |"), md);
        assertTrue(md.contains("| 500 | tomcat | 1000 | 1000 | 0 | 50000 |"), md);
        assertFalse(md.contains("| 500 | undertow"), md);
        assertFalse(md.contains("-1"), md);
    }

    @Test
    void linksAreRelativeToThePageAndAMissingReportIsNamedNotLinked(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        Path report = Files.createDirectories(results.resolve("gatling/loginsimulation-1")).resolve("index.html");
        Files.writeString(report, "report");
        Files.writeString(results.resolve("tomcat.target.log"), "log");
        StoredRun present = new StoredRun(run("tomcat", "2026-01-01T00:00:00Z", Map.of(), "gatling/loginsimulation-1/index.html",
                tier(500, 1, 1)), results.resolve("tomcat-1.json"));
        StoredRun absent = new StoredRun(run("undertow", "2026-01-01T00:05:00Z", Map.of(), "gatling/loginsimulation-2/index.html",
                tier(500, 1, 1)), results.resolve("undertow-1.json"));
        String html = page(new RunSet(List.of(present, absent), List.of()), dir.resolve("page"));
        assertTrue(html.contains("<a href=\"../results/gatling/loginsimulation-1/index.html\">loginsimulation-1</a>"), html);
        assertTrue(html.contains("<a href=\"../results/tomcat.target.log\">tomcat.target.log</a>"), html);
        assertTrue(html.contains("loginsimulation-2 <small>(not here)</small>"), html);
        assertFalse(html.contains(dir.toString()), "no absolute path on the page");
    }

    @Test
    void runsMeasuredDifferentlyAreListedApartWithNoFindingBetweenThem() {
        RunResult tomcat = run("tomcat", "2026-01-01T00:00:00Z", Map.of(), null, tier(500, 50_000, 20));
        RunResult shorter = run("undertow", "2026-01-01T00:05:00Z", Map.of(), null, tier(500, 37_000, 26));
        RunResult undertow = shorter.toBuilder().gatlingReport(null).plan(new RunResult.Plan(List.of(500), 5, 5, 500, true)).build();
        RunSet set = new RunSet(List.of(stored(tomcat), stored(undertow)), List.of());
        String html = page(set, Path.of("."));
        assertFalse(html.contains("TPS is 74%"), "no finding between unlike runs");
        assertFalse(html.contains("class=\"findings\""), "no findings at all");
        assertTrue(html.contains("plan: [500] users, 5 s per tier vs [500] users, 15 s per tier; warm-up: 5 s at 500 users vs"
                + " 30 s at 500 users. No finding is made between runs measured differently."), html);
        String md = summary(set);
        assertFalse(md.contains("TPS is 74%"), md);
        assertTrue(md.contains("### Not compared"), md);
    }

    @Test
    void thePageAndTheSummarySayTheSameThingsInTheSameOrder() {
        RunResult tomcat = run("tomcat", "2026-01-01T00:00:00Z", Map.of(), null, tier(500, 50_000, 20));
        RunResult undertow = run("undertow", "2026-01-01T00:05:00Z", Map.of(), null, tier(500, 37_000, 26));
        RunResult shorter = run("jetty", "2026-01-01T00:10:00Z", Map.of(), null, tier(500, 45_000, 22)).toBuilder()
                .plan(new RunResult.Plan(List.of(500), 5, 5, 500, true)).build();
        RunSet set = new RunSet(List.of(stored(tomcat), stored(undertow), stored(shorter)), List.of("broken.json: not JSON"));
        List<String> fromPage = java.util.regex.Pattern.compile("<h2>(.*?)( <small>.*)?</h2>").matcher(page(set, Path.of(".")))
                .results().map(m -> m.group(1)).filter(heading -> !heading.equals("Charts")).toList();
        List<String> fromSummary = summary(set).lines().filter(line -> line.startsWith("### "))
                .map(line -> line.substring(4).replace("`", "")).toList();
        assertEquals(List.of("Left out", "Runs", "Figures of runs measured alike: tomcat-2026-01-01T00:00:00Z,"
                + " undertow-2026-01-01T00:05:00Z", "Figures: jetty-2026-01-01T00:10:00Z", "Not compared"), fromPage);
        assertEquals(fromPage, fromSummary);
        String md = summary(set);
        assertTrue(md.indexOf("undertow TPS is 74% of tomcat's") < md.indexOf("### Figures: jetty"), "findings within their group");
        assertTrue(md.contains("| `jetty-2026-01-01T00:10:00Z` | jetty 1.0 |"), "every target in the runs table: " + md);
    }
}
