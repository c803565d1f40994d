package containerbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The benchmark end to end, as a user runs it: {@code mvn gatling:test -P<container>} with tiny
 * tiers, in a results folder of its own so that no real results are touched.
 */
class BenchmarkSmokeIT {

    // The first count of Gatling's statistics table is the total of all requests.
    private static final Pattern REPORT_TOTAL = Pattern.compile("<td class=\"value total col-2\">(\\d+)</td>");

    static List<String> containers() {
        return RunningTargets.containers();
    }

    @ParameterizedTest
    @MethodSource("containers")
    void aShortRunLeavesGatlingsReportAndResultsThatAgreeWithIt(String container) throws Exception {
        Path work = Files.createDirectories(RunningTargets.ROOT.resolve("target/smoke"))
                .resolve(container + "-" + System.currentTimeMillis());
        String marker = UUID.randomUUID().toString();
        Path mavenLog = Files.createDirectories(work).resolve("mvn.log");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("maven.home"), "bin", "mvn").toString(), "-B", "-ntp",
                "-Dmaven.repo.local=" + System.getProperty("maven.repo.local"),
                "gatling:test", "-P" + container, "-Dtiers=5,10", "-DtierSeconds=2", "-DwarmupSeconds=1",
                "-Dgatling.resultsFolder=" + work.resolve("gatling"), "-Dbenchmarks.dir=" + work.resolve("benchmarks"),
                // Marks the target JVM, to find it if it were left behind.
                "-Dtarget.jvmArgs=-Xmx256m -Dcontainerbench.smoke=" + marker));
        Process maven = new ProcessBuilder(command).directory(RunningTargets.ROOT.toFile())
                .redirectErrorStream(true).redirectOutput(mavenLog.toFile()).start();
        assertTrue(maven.waitFor(8, TimeUnit.MINUTES), "mvn gatling:test finished within 8 minutes");
        assertEquals(0, maven.exitValue(), () -> "mvn gatling:test failed; its output:\n" + tail(mavenLog));

        List<Path> results = list(work.resolve("benchmarks"), "json");
        assertEquals(1, results.size(), "one results file: " + results);
        RunResult run = ResultsStore.read(results.get(0));
        assertEquals("complete", run.status());
        assertEquals(container, run.container());
        assertEquals(List.of(5, 10), run.tiers().stream().map(TierResult::users).toList());
        for (TierResult tier : run.tiers()) {
            assertTrue(tier.ok() > 0 && tier.tps() > 0, "OK requests in tier " + tier);
            assertTrue(tier.latencyMs().p50() <= tier.latencyMs().p99(), "ordered percentiles in " + tier);
        }
        assertTrue(run.target().launched() && !run.target().settings().isEmpty(), "the target's settings are recorded");

        List<Path> reports = list(work.resolve("gatling"), null);
        assertEquals(1, reports.size(), "one Gatling report: " + reports);
        String index = Files.readString(reports.get(0).resolve("index.html"));
        Matcher total = REPORT_TOTAL.matcher(index);
        assertTrue(total.find(), "Gatling's report has a statistics table");
        long ours = run.warmup().requests() + run.tiers().stream().mapToLong(TierResult::requests).sum();
        assertEquals(Long.parseLong(total.group(1)), ours, "our counts agree with Gatling's report");
        for (TierResult tier : run.tiers()) {
            assertTrue(index.contains(">" + tier.name() + "</span>"), "Gatling's report names tier " + tier.name());
        }

        assertTrue(ProcessHandle.allProcesses().noneMatch(process ->
                process.info().commandLine().map(line -> line.contains(marker)).orElse(false)), "no target JVM left");
    }

    private static List<Path> list(Path dir, String extension) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(file -> extension == null ? Files.isDirectory(file) : file.toString().endsWith("." + extension))
                    .toList();
        }
    }

    private static String tail(Path log) {
        return TargetProcess.tail(log);
    }
}
