package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.LaunchFigures;
import containerbench.measure.Tier;
import containerbench.results.Footprints;
import containerbench.results.RunResult;
import containerbench.results.TierComparison;
import java.util.List;
import org.junit.jupiter.api.Test;

class FootprintViewTest {

    private static final double MIB = 1024 * 1024;

    @Test
    void eachFigureIsSaidOnlyWhereItsAdjustedIntervalExcludesOne() {
        Footprints.Comparison jetty = new Footprints.Comparison("tomcat", "jetty",
                new Footprints.Figure(2000.0, 1000.0, ratio(0.5, 0.45, 0.55, 0.4, 0.6)),
                new Footprints.Figure(10 * MIB, 12 * MIB, ratio(1.2, 1.05, 1.3, 0.9, 1.5)),
                new Footprints.Figure(100 * MIB, 110 * MIB, null), new Footprints.Figure(8 * MIB, 4 * MIB, null),
                List.of(new Footprints.TierCost(Tier.users(500), 500, new Footprints.Figure(2048.0, 3072.0, ratio(1.5, 1.4, 1.6, 1.3, 1.7)),
                        new Footprints.Figure(0.1, 0.1, ratio(1.0, 0.8, 1.25, 0.7, 1.4)), false)));
        List<LaunchFigures> launches = List.of(new LaunchFigures("tomcat", 0, 2000L, 1500L, 1900L, null, null, 8L * 1024 * 1024,
                "its JVM could not be attached to"), new LaunchFigures("jetty", 0, 1000L, 800L, 950L, null, null, 4L * 1024 * 1024, null));
        RunResult run = RunResult.builder().footprint(List.of(jetty)).launchFigures(launches).build();
        FootprintView view = FootprintView.of(run).get(0);
        assertEquals(List.of(
                new FootprintView.Row("start-up to first answer", "2000 ms", "1000 ms", "0.50× (0.40-0.60)", "faster"),
                new FootprintView.Row("heap at rest, after a GC", "10.0 MiB", "12.0 MiB", "1.20× (0.90-1.50)", "= (not established once adjusted)"),
                new FootprintView.Row("RSS at rest", "100.0 MiB", "110.0 MiB", "1.10× (no interval)", ""),
                new FootprintView.Row("size on disk", "8.0 MiB", "4.0 MiB", "0.50×", ""),
                new FootprintView.Row("allocated per response at 500 users", "2.0 KiB", "3.0 KiB", "1.50× (1.30-1.70)", "more"),
                new FootprintView.Row("GC pause share at 500 users", "0.10%", "0.10%", "1.00× (0.70-1.40)", "=")), view.rows());
        assertEquals(List.of("tomcat, launch 1: its JVM could not be attached to"), view.why(), "what was not read, and why");
        List<String> lines = view.lines();
        assertEquals("  jetty against tomcat besides CPU per response (medians over launches; ratio with its interval over launches, adjusted"
                + " for these figures' 4):", lines.get(0), "start-up, heap at rest and the tier's two: the RSS has no interval");
        assertEquals("    not read: tomcat, launch 1: its JVM could not be attached to", lines.get(lines.size() - 1));
        StringBuilder html = new StringBuilder();
        view.html(html);
        assertTrue(html.toString().contains("<td>allocated per response at 500 users</td><td>2.0 KiB</td><td>3.0 KiB</td>"), html.toString());
        StringBuilder markdown = new StringBuilder();
        view.markdown(markdown);
        assertTrue(markdown.toString().contains("| start-up to first answer | 2000 ms | 1000 ms | 0.50× (0.40-0.60) | faster |"), markdown.toString());
        assertTrue(FootprintView.of(RunResult.builder().build()).isEmpty(), "results before schema 21 show nothing");
        assertEquals(List.of(), FootprintView.alone(run), "a comparison says it in its table");
        RunResult one = RunResult.builder().launchFigures(List.of(new LaunchFigures("tomcat", 0, 2026L, 1632L, 1966L, 10L * 1024 * 1024,
                160L * 1024 * 1024, 8L * 1024 * 1024, null))).build();
        assertEquals(List.of("tomcat, launch 1: started in 2026 ms (its JVM 1966 ms), 10.0 MiB of heap and 160.0 MiB RSS at rest after a GC,"
                + " 8.0 MiB on disk"), FootprintView.alone(one));
    }

    private static TierComparison.Ratio ratio(double ratio, double low, double high, double adjustedLow, double adjustedHigh) {
        return new TierComparison.Ratio(ratio, low, high, adjustedLow, adjustedHigh, 5, 3, null);
    }
}
