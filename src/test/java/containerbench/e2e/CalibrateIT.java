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

/** ./bench calibrate end to end, with tiny tiers: wrk and Gatling against one target. */
// It measures: what wrk and Gatling each draw from one target, slow by design and alone on the machine,
// so it runs with nothing else, in the measuring set (`mvn verify -Pmeasuring -DskipTests`, README).
@Tag("measuring")
class CalibrateIT {

    @Test
    void printsGatlingsShareOfWrksRateAtEachConcurrency() throws Exception {
        boolean wrk = Files.isExecutable(Path.of("/usr/bin/wrk"));
        // CI installs wrk (.ci/run) and must not skip this; a developer without it is told.
        assumeTrue(wrk || "true".equals(System.getenv("CI")), "no wrk here: apt-get install wrk");
        Path work = Runs.work("calibrate");
        Path log = work.resolve("bench.log");
        int exit = Runs.bench(log, "calibrate", "--container", "tomcat", "--tiers", "10,20", "--tierSeconds", "2",
                "--warmupSeconds", "1", "--target.jvmArgs", "-Xmx128m", "--benchmarks.dir", work.toString());
        String output = Files.readString(log);
        assertEquals(0, exit, output);
        for (int users : List.of(10, 20)) {
            // users, wrk before, Gatling, wrk after, ratio, wrk us/req, Gatling us/req
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
        assertTrue(calibration.rows().stream().allMatch(r -> r.ratio() > 0 && r.wrkCpuMicrosPerRequest() > 0),
                calibration.toString());
        assertTrue(List.of("io_uring", "epoll").contains(calibration.gatlingTransport()), calibration.toString());
    }
}
