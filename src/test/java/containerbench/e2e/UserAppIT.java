package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A user's WAR and requests through {@code mvn gatling:test}, as a user runs them: a WAR from Maven
 * Central nobody here wrote, with a GET and POST mix, measured on an embedded container and a
 * standalone server; and a request answered otherwise than the file expects, stopping the run with
 * a message that names the request and the container and leaving nothing running. The same WAR on
 * every container that deploys one, and a WAR that cannot deploy, are UserWarTest's; a request file
 * or HAR that cannot be used is refused while the settings are read (RequestFileTest), before
 * anything starts, as every refused setting is (FaultsIT's mistyped property).
 */
class UserAppIT {

    private static final String DEMO = "org.eclipse.jetty.ee10.demos:jetty-ee10-demo-simple-webapp:12.0.5";

    private final Path work = Runs.work("user-app");
    private final Path benchmarks = work.resolve("benchmarks");
    private final String marker = UUID.randomUUID().toString();

    @Test
    void aWarFromMavenCentralWithAGetAndPostMixGetsAVerdictBetweenTwoContainers() throws Exception {
        // The demo's servlet answers GET only: a POST to it is answered 405 by every container, as the file
        // expects. A feeder fills the query through Gatling as the check before the load filled it.
        Files.writeString(Files.createDirectories(work).resolve("users.csv"), "user\nann\nbob\n");
        Path requests = requests("""
                {"feeder": "users.csv", "requests": [
                  {"name": "hello", "path": "/demo/hello", "query": {"who": "#{user}"}, "weight": 3},
                  {"name": "post hello", "method": "POST", "path": "/demo/hello", "status": 405, "form": {"name": "ann"}},
                  {"name": "index", "path": "/demo/index.html"}
                ]}""");
        Path log = work.resolve("mix.log");
        assertEquals(0, run(log, "-Dcontainers=jetty,tomcat-server", "-Dapp.war=" + DEMO,
                "-Dapp.contextPath=/demo", "-Dapp.requests=" + requests, "-Dtiers=8", "-Drounds=4", "-DblockSeconds=1",
                "-DwarmupSeconds=1"), () -> Runs.tail(log));
        RunResult run = Runs.onlyRun(benchmarks).run();
        assertEquals(RunStatus.COMPLETE, run.status());
        assertEquals(List.of("jetty", "tomcat-server"), run.targets().stream().map(RunResult.Target::label).toList());
        assertEquals(DEMO, run.app().coordinate());
        assertEquals(List.of("hello", "post hello", "index"), run.app().checks().stream().map(RunResult.Check::request).toList());
        assertEquals(Collections.nCopies(2, 405), run.app().checks().get(1).statuses(), "checked once on every target");
        for (TierResult tier : run.tiers()) {
            assertEquals(List.of("hello", "post hello", "index"), tier.byRequest().stream().map(TierResult::name).toList());
            assertEquals(tier.requests(), tier.byRequest().stream().mapToLong(TierResult::requests).sum(), "the parts add up: " + tier);
            assertTrue(tier.byRequest().stream().allMatch(part -> part.ok() > 0 && part.ko() == 0), "every request answered as expected");
        }
        assertEquals(1, run.comparisons().get(0).comparison().size(), "the server against the embedded container");
        assertTrue(Files.readString(log).contains("'post hello' answered 405 on every target"), Runs.tail(log));
        assertFalse(Runs.anyAlive(marker), "no target left running");
    }

    @Test
    void aRequestAnsweredWithAnotherStatusStopsTheRunNamingTheRequestAndTheContainer() throws Exception {
        Path requests = requests("{\"requests\": [{\"name\": \"hello\", \"path\": \"/demo/hello\"},"
                + " {\"name\": \"send\", \"method\": \"POST\", \"path\": \"/demo/hello\", \"json\": {\"a\": 1}}]}");
        Path log = work.resolve("wrong-status.log");
        assertNotEquals(0, run(log, "-Ptomcat", "-Dapp.war=" + DEMO, "-Dapp.contextPath=/demo", "-Dapp.requests=" + requests));
        assertTrue(Files.readString(log).contains("the request 'send' (POST /demo/hello) answered 405 on tomcat, not 200 as expected"),
                Runs.tail(log));
        assertEquals(RunStatus.FAILED, Runs.onlyRun(benchmarks).run().status());
        assertFalse(Runs.anyAlive(marker), "no target left running");
    }

    private Path requests(String json) throws IOException {
        return Files.writeString(Files.createDirectories(work).resolve("requests.json"), json);
    }

    /** {@code mvn gatling:test} with this test's results folder; prints how long it took, a figure, not a threshold. */
    private int run(Path log, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("gatling:test", "-Dbenchmarks.dir=" + benchmarks,
                "-Dtarget.jvmArgs=-Xmx256m -Dcontainerbench.smoke=" + marker));
        all.addAll(Arrays.asList(args));
        long start = System.nanoTime();
        int status = Runs.mvn(log, all);
        System.out.printf("UserAppIT: %s ended with %d after %.1f s%n", log.getFileName(), status, (System.nanoTime() - start) / 1e9);
        return status;
    }
}
