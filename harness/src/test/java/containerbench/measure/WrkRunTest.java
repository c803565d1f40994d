package containerbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WrkRunTest {

    /**
     * By hand: e = 1000 us (7 responses over 7 connections, one each, in 1000 us). wrk's
     * correction walks n = 2000 up: the response at 3000 puts a phantom at 2000; the one at 7000 at
     * 6000, 5000, 4000, 3000 and 2000; 1000 is not above e and gets none.
     */
    @Test
    void wrksCorrectionIsTakenOutAgainFromTheTopDown() {
        TreeMap<Long, Long> corrected = new TreeMap<>(Map.of(1000L, 5L, 2000L, 2L, 3000L, 2L, 4000L, 1L, 5000L, 1L, 6000L, 1L,
                7000L, 1L));
        assertEquals(Map.of(1000L, 5L, 3000L, 1L, 7000L, 1L), WrkRun.uncorrected(corrected, 1000, 7, 7));
    }

    @Test
    void anyRecordedTimesComeBackFromWrksCorrectionOfThem() {
        java.util.Random random = new java.util.Random(54);
        TreeMap<Long, Long> raw = new TreeMap<>();
        for (int i = 0; i < 20_000; i++) {
            // Mostly 1-4 ms, a tail to 200 ms.
            long micros = random.nextInt(10) == 0 ? 1000 + random.nextInt(200_000) : 1000 + random.nextInt(3000);
            raw.merge(micros, 1L, Long::sum);
        }
        long micros = 2_000_000;
        int connections = 100;
        long expected = micros / (20_000 / connections);
        assertEquals(raw, WrkRun.uncorrected(stats_correct(raw, expected), micros, 20_000, connections));
    }

    /** wrk's src/stats.c, stats_correct, over a map in place of its array. */
    private static TreeMap<Long, Long> stats_correct(TreeMap<Long, Long> raw, long expected) {
        long[] data = new long[(int) (raw.lastKey() + 1)];
        raw.forEach((n, count) -> data[n.intValue()] = count);
        for (int n = (int) expected * 2; n < data.length; n++) {
            long count = data[n];
            long m = n - expected;
            while (count != 0 && m > expected) {
                data[(int) m] += count;
                m -= expected;
            }
        }
        TreeMap<Long, Long> corrected = new TreeMap<>();
        for (int n = 0; n < data.length; n++) {
            if (data[n] != 0) {
                corrected.put((long) n, data[n]);
            }
        }
        return corrected;
    }

    @Test
    void aReportThatIsNotWrksOwnIsRefusedWithWhatCame() {
        assertEquals("wrk did not report (is it wrk 4 with LuaJIT?): unable to connect to 127.0.0.1:1 Connection refused",
                assertThrows(IllegalStateException.class, () -> WrkRun.parse("unable to connect to 127.0.0.1:1 Connection refused\n",
                        10)).getMessage());
    }

    @Test
    void wrkStopsAtItsInstantAndReportsEveryAnswerAndItsTime(@TempDir Path dir) throws Exception {
        // CI installs wrk (.ci/run) and must not skip this; a developer without it is told.
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/wrk")) || "true".equals(System.getenv("CI")), "apt-get install wrk");
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            byte[] body = "ok".getBytes(StandardCharsets.US_ASCII);
            exchange.sendResponseHeaders(exchange.getRequestURI().getPath().equals("/missing") ? 404 : 200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
        try {
            WrkRun wrk = new WrkRun(WrkRun.script(dir), 2);
            URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());
            long started = System.nanoTime();
            WrkRun.Result ok = wrk.run(base.resolve("/loginServlet?username=1&password=1"), 4, 1_000_000_000L);
            double seconds = (System.nanoTime() - started) / 1e9;
            assertTrue(seconds >= 1 && seconds < 1.5, "stopped by its signal at 1 s, not by -d: " + seconds + " s");
            assertTrue(ok.micros() >= 900_000 && ok.micros() < 1_200_000, "its own time: " + ok.micros() + " us");
            assertTrue(ok.responses() > 0 && ok.ok() == ok.responses(), ok.toString());
            assertEquals(ok.responses(), ok.millis().getTotalCount(), "every answer timed once, wrk's phantoms taken out");
            assertEquals(Map.of(), ok.failures());

            // Stopped as the JVM ends: wrk and timeout at once, not at the block's end a minute later, and no report.
            java.util.concurrent.CompletableFuture<WrkRun.Result> stopped = java.util.concurrent.CompletableFuture.supplyAsync(
                    () -> wrk.run(base.resolve("/loginServlet"), 2, 60_000_000_000L));
            Thread.sleep(1000);
            long stopping = System.nanoTime();
            wrk.stop();
            java.util.concurrent.ExecutionException ended = assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> stopped.get(10, java.util.concurrent.TimeUnit.SECONDS));
            assertTrue(ended.getCause().getMessage().startsWith("wrk did not report"), ended.getCause().getMessage());
            assertTrue(System.nanoTime() - stopping < 2_000_000_000L, "ended at once");

            WrkRun.Result missing = wrk.run(base.resolve("/missing"), 2, 500_000_000L);
            assertTrue(missing.responses() > 0 && missing.ok() == 0, missing.toString());
            assertEquals(Map.of("HTTP 4xx or 5xx (wrk counts them apart)", missing.responses()), missing.failures());
        } finally {
            server.stop(0);
        }
    }
}
