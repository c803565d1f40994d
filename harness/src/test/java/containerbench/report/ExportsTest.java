package containerbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run exported for github-action-benchmark and Bencher, written and read back as those tools read it:
 * arrays of {name, unit, value[, range, extra]}, and Bencher's {benchmark: {measure: {value, lower_value, upper_value}}}.
 */
class ExportsTest {

    private static final RunResult RUN = PageFixture.run("four-20261206", "2026-12-06T10:00:00Z", 7);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static JsonNode named(JsonNode entries, String name) {
        for (JsonNode entry : entries) {
            if (entry.get("name").asText().equals(name)) {
                return entry;
            }
        }
        throw new AssertionError("no entry named " + name + " in " + entries);
    }

    @Test
    void githubActionBenchmarksFilesHoldEveryFigureOnceWithItsUnitAndEachRatiosInterval() throws Exception {
        Exports.write(RUN, dir);
        JsonNode bigger = JSON.readTree(dir.resolve(Exports.BIGGER).toFile());
        JsonNode smaller = JSON.readTree(dir.resolve(Exports.SMALLER).toFile());
        for (JsonNode file : new JsonNode[] {bigger, smaller}) {
            assertTrue(file.isArray() && file.size() > 0, file.toString());
            Set<String> names = new HashSet<>();
            for (JsonNode entry : file) {
                assertTrue(names.add(entry.get("name").asText()), "each name once: " + entry.get("name"));
                assertTrue(entry.get("value").isNumber() && entry.hasNonNull("unit"), entry.toString());
            }
        }
        TierResult tomcat500 = RUN.tiers().stream().filter(t -> t.target().equals("tomcat") && t.users() == 500).findFirst().orElseThrow();
        JsonNode tps = named(bigger, "tomcat 500 users TPS");
        assertEquals("req/s", tps.get("unit").asText());
        assertEquals(tomcat500.tps(), tps.get("value").asDouble());
        // The fixture's tiers carry no resources: a figure not known is left out, not written as -1.
        assertTrue(smaller.findValuesAsText("name").stream().noneMatch(name -> name.equals("tomcat 500 users CPU per response")),
                smaller.toString());
        assertEquals(tomcat500.latencyMs().p99(), named(smaller, "tomcat 500 users p99").get("value").asLong());

        var comparison = RUN.comparisons().get(0).comparison().get(0);
        JsonNode ratio = named(bigger, "undertow against tomcat 500 users TPS ratio");
        assertEquals(comparison.tps().ratio(), ratio.get("value").asDouble());
        assertTrue(ratio.get("range").asText().endsWith("adjusted for " + comparison.tps().adjustedFor()), ratio.toString());
        // The fixture's undertow is limited by Gatling at 500 users, and its wildfly fails half its blocks at 2000.
        assertEquals("Gatling limited the load: not judged", ratio.get("extra").asText());
        assertEquals("a target failed the tier: not judged",
                named(smaller, "wildfly against tomcat 2000 users CPU per response ratio").get("extra").asText());
    }

    @Test
    void bencherGetsEachRatioWithItsAdjustedIntervalAsLowerAndUpperValues() throws Exception {
        Exports.write(RUN, dir);
        JsonNode bencher = JSON.readTree(dir.resolve(Exports.BENCHER).toFile());
        assertEquals(RUN.tiers().get(0).tps(), bencher.get("tomcat 500 users").get("throughput").get("value").asDouble());
        assertTrue(!bencher.get("tomcat 500 users").get("throughput").has("lower_value"), "a figure of one target has no interval");
        int ratios = 0;
        for (var benchmark : (Iterable<java.util.Map.Entry<String, JsonNode>>) bencher::fields) {
            for (var measure : (Iterable<java.util.Map.Entry<String, JsonNode>>) benchmark.getValue()::fields) {
                JsonNode metric = measure.getValue();
                assertTrue(metric.get("value").isNumber(), benchmark.getKey() + " " + measure.getKey());
                if (measure.getKey().endsWith("-ratio")) {
                    ratios++;
                    assertTrue(metric.get("lower_value").asDouble() <= metric.get("value").asDouble()
                            && metric.get("value").asDouble() <= metric.get("upper_value").asDouble(), benchmark.getKey() + ": " + metric);
                }
            }
        }
        // Three others against the baseline at two tiers, TPS and CPU each.
        assertEquals(3 * 2 * 2, ratios);
        var cpu = RUN.comparisons().get(1).comparison().get(2).cpu();
        assertEquals(cpu.adjustedLow(), bencher.get("wildfly against tomcat 2000 users").get("cpu-ratio").get("lower_value").asDouble());
    }
}
