package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.Histograms;
import containerbench.measure.TierResult;
import containerbench.results.ResultsStore;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Gatling loads targets over what each was asked for: one target over HTTP/1.1 with TLS and one over
 * HTTP/2 in one interleaved run, the handshakes recorded in the results, and Gatling's own client
 * saying at DEBUG that ALPN led it to HTTP/1 on some connections and to HTTP/2 on others; a second
 * injector, which loads targets it did not start, speaking HTTP/2 to an h2 one as well, each tier
 * merged exactly from both injectors' figures; and the
 * connection scenarios (-Dconnections) counted by those same lines.
 */
class TransportIT {

    private static final Pattern ALPN = Pattern.compile("ALPN led to HTTP/([12]) with remote");
    private static final Pattern OPENED = Pattern.compile("Opening new channel to remote");

    @Test
    void oneRunLoadsOneTargetOverHttp1WithTlsAndAnotherOverHttp2() throws Exception {
        Loaded loaded = load("transport", "-Dcontainers=jetty[http=h1-tls],undertow[http=h2]", "-Dtiers=4", "-Drounds=2",
                "-Dlaunches=1", "-DblockSeconds=1");
        RunResult run = loaded.run();
        assertEquals(List.of("http/1.1", "h2"), run.targets().stream().map(target -> target.tls().negotiated()).toList());
        assertTrue(run.targets().stream().allMatch(target -> target.url().startsWith("https://")), run.targets().toString());
        assertTrue(run.tiers().stream().allMatch(tier -> tier.ok() > 0 && tier.ko() == 0), "every login answered over TLS");
        int[] connections = connections(loaded.log());
        assertTrue(connections[1] > 0 && connections[2] > 0, "Gatling's connections by ALPN: HTTP/1 " + connections[1]
                + ", HTTP/2 " + connections[2]);
        try (var files = Files.list(loaded.benchmarks())) {
            assertTrue(files.noneMatch(file -> file.getFileName().toString().endsWith(".p12")), "the run's key is gone with the run");
        }
    }

    // One target's stair over two injectors, 7 users that do not split evenly between them: each tier merged exactly.
    @Test
    void aSecondInjectorSpeaksHttp2ToAnH2TargetTooAndEachTierIsMergedExactly() throws Exception {
        Loaded loaded = load("transport-injectors", "-Dcontainer=undertow", "-Dhttp=h2", "-Dinjectors=2", "-Dtiers=7",
                "-DtierSeconds=2");
        try (var files = Files.list(loaded.benchmarks())) {
            Path second = files.filter(file -> file.getFileName().toString().endsWith(".injector1.log")).findFirst().orElseThrow();
            int[] connections = connections(Files.readString(second));
            assertTrue(connections[2] > 0 && connections[1] == 0, "the second injector's connections by ALPN: HTTP/1 "
                    + connections[1] + ", HTTP/2 " + connections[2]);
        }
        List<RunResult> parts = new java.util.ArrayList<>();
        RunResult merged = null;
        for (Path file : ResultsStore.runFiles(loaded.benchmarks())) {
            RunResult run = ResultsStore.read(file).run();
            if (run.injection().index() == null) {
                merged = run;
            } else {
                parts.add(run);
            }
        }
        assertEquals(2, parts.size(), "one results file per injector");
        assertTrue(merged != null && merged.status() == RunStatus.COMPLETE, "a merged run: " + merged);
        assertEquals(2, merged.injection().merged().runs().size());
        TierResult tier = merged.tiers().get(0);
        assertEquals(parts.stream().mapToLong(p -> p.tiers().get(0).requests()).sum(), tier.requests(),
                "the merged requests are the injectors' summed");
        assertEquals(7, tier.users(), "every user of the tier, split between the injectors");
        assertEquals(4, parts.stream().filter(p -> p.injection().index() == 0).findFirst().orElseThrow().tiers().get(0).users(),
                "injector 0 takes its share and the user left over");
        assertTrue(parts.stream().allMatch(p -> p.tiers().get(0).ok() > 0), "every injector loaded the tier");
        assertEquals(tier.ok(), Histograms.decode(tier.latencyMs().histogram()).getTotalCount(), "one latency per OK response");
        assertTrue(merged.injection().merged().driftMillis().get(tier.name()) < 1000,
                "the injectors started the tier together: " + merged.injection().merged().driftMillis());
    }

    // -Dconnections=per-request: each login over a connection of its own, each with its own handshake.
    @Test
    void perRequestOpensAConnectionAndShakesHandsForEveryLogin() throws Exception {
        Loaded loaded = load("transport-per-request", "-Dcontainer=tomcat", "-Dhttp=h1-tls", "-Dconnections=per-request",
                "-Dtiers=4", "-DtierSeconds=2");
        RunResult run = loaded.run();
        assertEquals("per-request", run.plan().connections());
        long ok = run.tiers().stream().mapToLong(tier -> tier.ok()).sum();
        assertTrue(ok > 0 && run.tiers().stream().allMatch(tier -> tier.ko() == 0), "every login answered: " + run.tiers());
        long opened = OPENED.matcher(loaded.log()).results().count();
        assertTrue(opened >= ok, "a connection opened for each of the " + ok + " logins and the warm-up's: " + opened);
        // The kernel's count is read once a second and may stop short of a tier of 2 s on a busy machine (CI read 160
        // connects for 352 logins): only that it was read is asserted here; TierResourcesTest holds its arithmetic.
        assertTrue(run.tiers().get(0).resources().kernelTcp().activeOpens() > 0,
                "the kernel counted connects: " + run.tiers().get(0).resources().kernelTcp());
        assertTrue(loaded.log().contains("over h1-tls, connections per-request"), loaded.log());
    }

    // An open workload over h2: arrivals share a few connections, their logins multiplexed as streams (the default,
    // -Dconnections=shared), or each arrival opens its own (per-request).
    @Test
    void anOpenWorkloadsArrivalsShareAFewHttp2ConnectionsOrEachOpensItsOwn() throws Exception {
        int[] shared = openOverH2("shared");
        int[] perRequest = openOverH2("per-request");
        // 100 arrivals a second for 2 s after a warm-up of 4 users: 200 logins. At 200 a second, a TLS handshake each on 2
        // slow cores queued them for 10 s and one handshake timed out (CI, 2026-12-07): the test is about connections, not load.
        assertTrue(shared[2] > 0 && shared[2] <= 20 && shared[1] == 0, "shared: HTTP/2 connections " + shared[2] + " for 200 arrivals");
        assertTrue(perRequest[2] >= 200, "per-request: HTTP/2 connections " + perRequest[2] + " for 200 arrivals");
    }

    private static int[] openOverH2(String connections) throws Exception {
        Loaded loaded = load("transport-open-" + connections, "-Dcontainer=undertow", "-Dhttp=h2", "-Dmodel=open", "-Drates=100",
                "-Dconnections=" + connections, "-DwarmupUsers=4", "-DtierSeconds=2");
        RunResult run = loaded.run();
        assertEquals(connections, run.plan().connections());
        assertTrue(run.tiers().stream().allMatch(tier -> tier.ok() > 0 && tier.ko() == 0), "every login answered: " + run.tiers());
        return connections(loaded.log());
    }

    /** A run of {@code properties} in a folder of the test's own, Gatling's client logging each connection; fails unless it succeeds. */
    private static Loaded load(String test, String... properties) throws Exception {
        Path work = Runs.work(test);
        Path benchmarks = work.resolve("benchmarks");
        Path log = work.resolve("gatling.log");
        List<String> all = new java.util.ArrayList<>(List.of(properties));
        all.addAll(List.of("-Dtarget.jvmArgs=" + Runs.TARGET_JVM, "-DwarmupSeconds=1",
                "-Dlogback.configurationFile=" + Runs.ROOT.resolve("src/test/resources/containerbench/e2e/alpn-logback.xml")));
        int status = Runs.gatling(log, benchmarks, all);
        assertEquals(0, status, () -> Runs.tail(log));
        return new Loaded(benchmarks, Files.readString(log));
    }

    /** What a run left: its results folder and Gatling's log. */
    private record Loaded(Path benchmarks, String log) {

        RunResult run() throws java.io.IOException {
            return Runs.onlyRun(benchmarks).run();
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
