package containerbench.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/** A target's own report of its CPU and memory: what it reads, how it is served, and what is not a report. */
class ResourceReportTest {

    @Test
    void aReadingSurvivesItsTextAndAnythingElseIsRefusedSayingWhatItExpected() {
        ResourceReport.Reading reading = new ResourceReport.Reading(123_456_789L, 42L << 20, ResourceReport.Scope.CGROUP, 77, 0);
        assertEquals(reading, ResourceReport.Reading.parse(reading.text()));
        var refused = assertThrows(IllegalArgumentException.class, () -> ResourceReport.Reading.parse("<html>login</html>"));
        assertEquals("not a resource report (cpu.nanos, rss.bytes, scope, pid, processes): <html>login</html>", refused.getMessage());
    }

    @Test
    void theTreeIsThisJvmAndTheProcessesUnderItServedOnAPortOfItsOwn() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        try (ResourceReport report = ResourceReport.start("127.0.0.1", 0, ResourceReport.Scope.TREE)) {
            HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + report.port() + ResourceReport.PATH)).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            ResourceReport.Reading reading = ResourceReport.Reading.parse(response.body());
            assertEquals(ProcessHandle.current().pid(), reading.pid());
            assertEquals(2, reading.processes(), "this JVM and the sleep under it");
            assertTrue(reading.cpuNanos() > 0, "this JVM has used CPU: " + reading);
            assertTrue(reading.rssBytes() > 16L << 20, "a JVM's resident memory and a sleep's: " + reading);
        } finally {
            child.destroy();
        }
    }

    @Test
    void aCgroupsFiguresAreEverythingInIt() {
        long thisJvm = ResourceReport.read(ResourceReport.Scope.TREE).cpuNanos();
        ResourceReport.Reading reading = ResourceReport.read(ResourceReport.Scope.CGROUP);
        assertEquals(0, reading.processes(), "a cgroup counts every process in it, not a list");
        assertTrue(reading.cpuNanos() >= thisJvm, "this JVM's cgroup has used at least this JVM's CPU: " + reading + ", " + thisJvm);
        assertTrue(reading.rssBytes() > 0, reading.toString());
    }
}
