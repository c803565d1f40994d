package containerbench.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import containerbench.harness.MavenRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The calibration command end to end, with tiny tiers: wrk and Gatling against one target. */
class CalibrateIT {

    private static final Path ROOT = Path.of(System.getProperty("project.root", ".")).toAbsolutePath();

    @Test
    void printsGatlingsShareOfWrksRateAtEachConcurrency() throws Exception {
        boolean wrk = Files.isExecutable(Path.of("/usr/bin/wrk"));
        // CI installs wrk (.ci/run) and must not skip this; a developer without it is told.
        assumeTrue(wrk || "true".equals(System.getenv("CI")), "no wrk here: apt-get install wrk");
        Path log = Files.createDirectories(ROOT.resolve("target/calibrate-test")).resolve("mvn-" + System.currentTimeMillis() + ".log");
        int exit = MavenRun.run(log, List.of("-q", "test-compile", "-Pcalibrate", "-Ptomcat", "-Dtiers=10,20",
                "-DtierSeconds=2", "-DwarmupSeconds=1", "-Dtarget.jvmArgs=-Xmx128m", "-Dbenchmarks.dir=" + log.getParent()));
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
        Matcher file = Pattern.compile("(/\\S+\\.json)").matcher(output.substring(output.lastIndexOf("[calibrate] Gatling ran on")));
        assertTrue(file.find(), output);
        CalibrateMain.Calibration calibration = new ObjectMapper().readValue(Path.of(file.group(1)).toFile(),
                CalibrateMain.Calibration.class);
        assertEquals(2, calibration.rows().size());
        assertTrue(calibration.rows().stream().allMatch(r -> r.ratio() > 0 && r.wrkCpuMicrosPerRequest() > 0),
                calibration.toString());
        assertTrue(List.of("io_uring", "epoll").contains(calibration.gatlingTransport()), calibration.toString());
    }
}
