package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.launcher.ResourceReport;
import containerbench.launcher.TargetProtocol;
import containerbench.measure.TargetReport;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;

/**
 * A target started by hand with {@code --resources-port}, as on another machine or in a pod: what
 * its own report says it spent under load is what {@code /proc} says of the same process, the
 * reading this run takes of a target it launched.
 */
class TargetReportTest {

    @Test
    void aTargetsOwnReportOfItsCpuAndMemoryAgreesWithProcWithinTwoPercent() throws Exception {
        TargetModule module = TargetModule.of(RunningTargets.CATALOG, "tomcat");
        Process process = new ProcessBuilder(module.command(List.of(), RunningTargets.settings("tomcat", Map.of()).java(),
                List.of("-Xmx256m"), List.of("--port", "0", "--resources-port", "0", "--watch-stdin"))).redirectErrorStream(true).start();
        try {
            Map<String, String> facts = new HashMap<>();
            int port = TargetProtocol.awaitReady(process.getInputStream(), facts);
            assertTrue(port > 0, "the target announced its port: " + facts);
            TargetReport report = new TargetReport(URI.create("http://127.0.0.1:" + facts.get(TargetProtocol.RESOURCES_PORT)
                    + ResourceReport.PATH));
            // The first answer loads the report's own classes: not between the two readings compared.
            assertEquals(process.pid(), reading(report).pid());

            long procBefore = procMillis(process.pid());
            long reportedBefore = reading(report).cpuNanos();
            HttpClient client = HttpClient.newHttpClient();
            HttpRequest login = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/loginServlet?username=alice&password=secret")).build();
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            for (int i = 0; i < 100_000 && System.nanoTime() < end; i++) {
                assertEquals(200, client.send(login, HttpResponse.BodyHandlers.discarding()).statusCode());
            }
            long procAfter = procMillis(process.pid());
            ResourceReport.Reading after = reading(report);
            OSProcess seen = new SystemInfo().getOperatingSystem().getProcess((int) process.pid());

            long proc = procAfter - procBefore;
            double reported = (after.cpuNanos() - reportedBefore) / 1e6;
            System.out.printf(java.util.Locale.ROOT, "tomcat under load: %d ms of CPU by /proc, %.1f ms by its own report (%+.2f%%);"
                    + " resident %d and %d bytes%n", proc, reported, 100 * (reported - proc) / proc, seen.getResidentSetSize(),
                    after.rssBytes());
            assertTrue(proc >= 500, "the load kept the target busy: " + proc + " ms of CPU");
            assertEquals(proc, reported, 0.02 * proc, "the target's CPU under load, from /proc and from its own report (ms)");
            assertEquals(seen.getResidentSetSize(), after.rssBytes(), 0.02 * seen.getResidentSetSize(), "its resident memory (bytes)");
            assertEquals(1, after.processes(), "an embedded container is one JVM");
        } finally {
            process.destroy();
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the target stopped");
        }
    }

    /**
     * A reading, asked again while the report does not answer within its 250 ms (a run's block then
     * records its CPU as unknown): on a machine busy with the other test JVM's starts, the first
     * answer took longer. Up to 10 s, as a run's check before its load waits.
     */
    private static ResourceReport.Reading reading(TargetReport report) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        ResourceReport.Reading reading = report.read();
        while (reading == null && System.nanoTime() < end) {
            Thread.sleep(50);
            reading = report.read();
        }
        assertNotNull(reading, "the target's report answered within 10 s");
        return reading;
    }

    private static long procMillis(long pid) {
        OSProcess process = new SystemInfo().getOperatingSystem().getProcess((int) pid);
        return process.getUserTime() + process.getKernelTime();
    }
}
