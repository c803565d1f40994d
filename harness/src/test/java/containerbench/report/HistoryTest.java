package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import containerbench.results.ChangePoints;
import containerbench.results.ResultsStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Twelve runs alike in two CI artifacts' folders, the last six on another JDK and with Tomcat's TPS
 * 20% higher, and two runs of another plan: two series, the JDK's change marked at the seventh run,
 * Tomcat's TPS found to change there, and the page drawing both.
 */
class HistoryTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void runsAlikeFormASeriesWithItsChangePointsAndTheEnvironmentsChanges() throws Exception {
        for (int r = 0; r < 12; r++) {
            write(dir.resolve("artifact-" + (r / 6)), r, r >= 6 ? "25" : "17", r >= 6 ? 1.2 : 1.0, "[ 500, 2000 ]");
        }
        for (int r = 12; r < 14; r++) {
            write(dir.resolve("artifact-2"), r, "17", 1.0, "[ 500 ]");
        }
        Files.createDirectories(dir.resolve("artifact-0/gatling"));
        Files.writeString(dir.resolve("artifact-0/gatling/stats.json"), "{\"runId\": \"not a run\"}");

        History history = History.read(List.of(dir), ChangePoints.DEFAULT);
        assertEquals(List.of(), history.problems());
        assertEquals(2, history.tracks().size(), "two plans, two series");
        History.Track track = history.tracks().get(0);
        assertEquals(12, track.runs().size());
        assertEquals("tomcat, undertow, jetty, wildfly", track.configuration().get("targets"));
        assertEquals(List.of(6, 6, 6, 6), track.marks().stream().map(History.Mark::run).toList());
        assertEquals("tomcat JDK 17 → 25", track.marks().get(0).what());

        History.Line tps = track.lines().stream().filter(line -> line.figure().equals("tomcat 500 users TPS")).findFirst().orElseThrow();
        assertEquals(12, tps.points().size());
        assertEquals(1, tps.changes().size(), tps.changes().toString());
        assertEquals(6, tps.changes().get(0).run());
        assertEquals(0.2, tps.changes().get(0).magnitude(), 1e-9);
        assertTrue(!tps.changes().get(0).worse(), "more TPS is better");
        History.Line undertow = track.lines().stream().filter(line -> line.figure().equals("undertow 500 users TPS")).findFirst().orElseThrow();
        assertEquals(List.of(), undertow.changes(), "undertow did not change");
        History.Line ratio = track.lines().stream().filter(line -> line.figure().equals("undertow against tomcat 500 users TPS ratio"))
                .findFirst().orElseThrow();
        assertTrue(ratio.ratio() && ratio.points().get(0).low() < ratio.points().get(0).value(), "a ratio keeps its interval");

        String page = HistoryPage.render(history, ChangePoints.DEFAULT);
        assertEquals(track.lines().size() + history.tracks().get(1).lines().size(), count(page, "<svg "), "a chart per figure");
        assertTrue(count(page, "class=\"change-point\"") >= 1, "the change point is drawn");
        assertEquals(4 * track.lines().size(), count(page, "class=\"environment\""), "each JDK change on each chart of the series");
        assertTrue(page.contains("tomcat JDK 17 → 25"), "and named");
    }

    /** A fixture run in {@code folder}, its targets on {@code java}, Tomcat's tier TPS times {@code tomcatFactor}, its plan's tiers as given. */
    private static void write(Path folder, int index, String java, double tomcatFactor, String tiers) throws Exception {
        ResultsStore store = new ResultsStore(folder);
        Instant at = Instant.parse("2026-12-01T00:00:00Z").plusSeconds(3600L * index);
        String runId = store.claim("tomcat", at);
        store.write(PageFixture.run(runId, at.toString(), index));
        Path file = store.fileOf(runId);
        ObjectNode run = (ObjectNode) JSON.readTree(file.toFile());
        run.withArray("targets").forEach(target -> ((ObjectNode) target).put("java", java));
        run.withArray("tiers").forEach(tier -> {
            if (tier.get("target").asText().equals("tomcat")) {
                ((ObjectNode) tier).put("tps", tier.get("tps").asDouble() * tomcatFactor);
            }
        });
        ((ObjectNode) run.get("plan")).set("tiers", JSON.readTree(tiers));
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), run);
    }

    private static int count(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
            count++;
        }
        return count;
    }
}
