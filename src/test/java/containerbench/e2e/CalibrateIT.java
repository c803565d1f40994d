package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import containerbench.calibrate.Calibration;
import containerbench.results.ResultsStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** ./bench calibrate end to end, with tiny tiers: wrk (h2load over h2) and Gatling against one target. */
// It measures: what the reference client and Gatling each draw from one target, slow by design and alone on the
// machine, so it runs with nothing else, in the measuring set (`mvn verify -Pmeasuring -DskipTests`, README).
@Tag("measuring")
class CalibrateIT {

    @Test
    void printsGatlingsShareOfWrksRateAtEachConcurrency() throws Exception {
        Calibration calibration = calibrate("tomcat", "h1", "/usr/bin/wrk", "wrk");
        assertTrue(calibration.reference().startsWith("wrk "), calibration.reference());
    }

    // Over h2 the reference is h2load, which fails the run unless its connections agreed on h2.
    @Test
    void overHttp2TheReferenceIsH2load() throws Exception {
        Calibration calibration = calibrate("undertow", "h2", "/usr/bin/h2load", "nghttp2-client");
        assertTrue(calibration.reference().startsWith("h2load nghttp2/"), calibration.reference());
    }

    private static Calibration calibrate(String container, String http, String client, String debianPackage) throws Exception {
        // CI installs both clients (.ci/run) and must not skip this; a developer without one is told.
        assumeTrue(Files.isExecutable(Path.of(client)) || "true".equals(System.getenv("CI")),
                "no " + client + " here: apt-get install " + debianPackage);
        Path work = Runs.work("calibrate-" + http);
        Path log = work.resolve("bench.log");
        int exit = Runs.bench(log, "calibrate", "--container", container, "--http", http, "--tiers", "10,20", "--tierSeconds", "2",
                "--warmupSeconds", "1", "--target.jvmArgs", "-Xmx128m", "--benchmarks.dir", work.toString());
        String output = Files.readString(log);
        assertEquals(0, exit, output);
        for (int users : List.of(10, 20)) {
            // users, reference before, Gatling, reference after, ratio, reference us/req, Gatling us/req
            Matcher row = Pattern.compile("(?m)^\\s+" + users + "\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+([0-9.]+)\\s+([0-9.]+)\\s+([0-9.]+)$")
                    .matcher(output);
            assertTrue(row.find(), "a row for " + users + " users in:\n" + output);
            for (int column : List.of(1, 2, 3, 5)) {
                assertTrue(Double.parseDouble(row.group(column)) > 0, "column " + column + " of " + row.group());
            }
        }
        Matcher file = Pattern.compile("(/\\S+calibration\\.json)").matcher(output);
        assertTrue(file.find(), output);
        Calibration calibration = ResultsStore.readJson(Path.of(file.group(1)), Calibration.class);
        assertEquals(2, calibration.rows().size());
        assertEquals(http, calibration.http());
        assertTrue(calibration.rows().stream().allMatch(r -> r.ratio() > 0 && r.referenceCpuMicrosPerRequest() > 0),
                calibration.toString());
        assertTrue(List.of("io_uring", "epoll").contains(calibration.gatlingTransport()), calibration.toString());
        return calibration;
    }
}
