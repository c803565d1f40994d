package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Gatling loads targets over what each was asked for: one target over HTTP/1.1 with TLS and one over
 * HTTP/2 in one interleaved run, the handshakes recorded in the results, and Gatling's own client
 * saying at DEBUG that ALPN led it to HTTP/1 on some connections and to HTTP/2 on others; and a
 * second injector, which loads targets it did not start, speaking HTTP/2 to an h2 one as well.
 */
class TransportIT {

    private static final Pattern ALPN = Pattern.compile("ALPN led to HTTP/([12]) with remote");

    @Test
    void oneRunLoadsOneTargetOverHttp1WithTlsAndAnotherOverHttp2() throws Exception {
        Path work = Runs.work("transport");
        Path benchmarks = work.resolve("benchmarks");
        Path log = work.resolve("gatling.log");
        int status = Runs.gatling(log, benchmarks, List.of("-Dcontainers=jetty[http=h1-tls],undertow[http=h2]",
                "-Dtarget.jvmArgs=" + Runs.TARGET_JVM, "-Dtiers=4", "-Drounds=2", "-Dlaunches=1", "-DblockSeconds=1",
                "-DwarmupSeconds=1", "-Dlogback.configurationFile=" + Runs.ROOT.resolve("src/test/resources/containerbench/e2e/alpn-logback.xml")));
        assertEquals(0, status, () -> Runs.tail(log));
        RunResult run = Runs.onlyRun(benchmarks).run();
        assertEquals(List.of("http/1.1", "h2"), run.targets().stream().map(target -> target.tls().negotiated()).toList());
        assertTrue(run.targets().stream().allMatch(target -> target.url().startsWith("https://")), run.targets().toString());
        assertTrue(run.tiers().stream().allMatch(tier -> tier.ok() > 0 && tier.ko() == 0), "every login answered over TLS");
        int[] connections = connections(Files.readString(log));
        assertTrue(connections[1] > 0 && connections[2] > 0, "Gatling's connections by ALPN: HTTP/1 " + connections[1]
                + ", HTTP/2 " + connections[2]);
        try (var files = Files.list(benchmarks)) {
            assertTrue(files.noneMatch(file -> file.getFileName().toString().endsWith(".p12")), "the run's key is gone with the run");
        }
    }

    @Test
    void aSecondInjectorSpeaksHttp2ToAnH2TargetToo() throws Exception {
        Path work = Runs.work("transport-injectors");
        Path benchmarks = work.resolve("benchmarks");
        Path log = work.resolve("gatling.log");
        int status = Runs.gatling(log, benchmarks, List.of("-Dcontainer=undertow", "-Dhttp=h2", "-Dinjectors=2",
                "-Dtarget.jvmArgs=" + Runs.TARGET_JVM, "-Dtiers=4", "-DwarmupSeconds=1", "-DtierSeconds=2",
                "-Dlogback.configurationFile=" + Runs.ROOT.resolve("src/test/resources/containerbench/e2e/alpn-logback.xml")));
        assertEquals(0, status, () -> Runs.tail(log));
        try (var files = Files.list(benchmarks)) {
            Path second = files.filter(file -> file.getFileName().toString().endsWith(".injector1.log")).findFirst().orElseThrow();
            int[] connections = connections(Files.readString(second));
            assertTrue(connections[2] > 0 && connections[1] == 0, "the second injector's connections by ALPN: HTTP/1 "
                    + connections[1] + ", HTTP/2 " + connections[2]);
        }
    }

    /** Gatling's connections by what ALPN led to, from its client's DEBUG lines: [_, HTTP/1, HTTP/2]. */
    private static int[] connections(String log) {
        int[] connections = new int[3];
        Matcher alpn = ALPN.matcher(log);
        while (alpn.find()) {
            connections[Integer.parseInt(alpn.group(1))]++;
        }
        return connections;
    }
}
