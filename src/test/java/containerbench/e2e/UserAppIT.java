package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;

/**
 * A user's WAR and requests as a user gives them ({@code -Dapp.war}, {@code -Dapp.requests}; Gatling
 * started as the pom starts it, Runs.gatling, without Maven's walk): a WAR from Maven
 * Central nobody here wrote, protected by a login as an administrator would protect it, with a mix
 * of GET and POST with and without credentials, measured on embedded Jetty and the Tomcat server (that
 * every container that deploys a WAR lets in the users given and no others is UserWarTest's); and
 * a request answered otherwise than the file expects, stopping the run with a message that names the
 * request and the container and leaving nothing running. The same WAR without users, and a WAR that
 * cannot deploy, are UserWarTest's; a request file or HAR that cannot be used is refused while the
 * settings are read (RequestFileTest), before anything starts, as every refused setting is
 * (FaultsIT's mistyped property).
 */
class UserAppIT {

    private static final String DEMO = "org.eclipse.jetty.ee10.demos:jetty-ee10-demo-simple-webapp:12.0.5";

    private final Path work = Runs.work("user-app");
    private final Path benchmarks = work.resolve("benchmarks");
    private final String marker = UUID.randomUUID().toString();

    @Test
    void aWarThatAsksForALoginIsMeasuredWithCredentialsOnAnEmbeddedContainerAndAServer() throws Exception {
        // The demo as an administrator would protect it: its servlet for role "bench" only, alice in that
        // role (a password that XML, properties and HTTP Basic each must carry as it is), bob not. Its servlet answers GET only: a POST to it is answered 405, as the file expects;
        // a feeder fills the query through Gatling as the check before the load filled it.
        Path war = securedDemo(work.resolve("secured-demo.war"));
        Path users = Files.writeString(Files.createDirectories(work).resolve("users.txt"),
                "alice: s&<\"'>:t, bench\nbob: pw, other\n");
        Files.writeString(work.resolve("names.csv"), "name\nann\nbob\n");
        Path requests = requests("""
                {"feeder": "names.csv", "basicAuth": {"username": "alice", "password": "s&<\\"'>:t"}, "requests": [
                  {"name": "hello", "path": "/demo/hello", "query": {"who": "#{name}"}, "weight": 3},
                  {"name": "post hello", "method": "POST", "path": "/demo/hello", "status": 405, "form": {"name": "#{name}"}},
                  {"name": "no credentials", "path": "/demo/hello", "basicAuth": null, "status": 401},
                  {"name": "without the role", "path": "/demo/hello", "basicAuth": {"username": "bob", "password": "pw"}, "status": 403},
                  {"name": "index", "path": "/demo/index.html", "basicAuth": null}
                ]}""");
        // An embedded container and a standalone server, the second against the first: that every WAR
        // container lets in alice and refuses bob and the rest is UserWarTest's, each started once.
        List<String> containers = List.of("jetty", "tomcat-server");
        Path log = work.resolve("login.log");
        assertEquals(0, run(benchmarks, log, "-Dcontainers=" + String.join(",", containers), "-Dapp.war=" + war,
                "-Dapp.users=" + users, "-Dapp.contextPath=/demo", "-Dapp.requests=" + requests, "-Dtiers=8", "-Drounds=2", "-Dlaunches=1",
                "-DblockSeconds=1", "-DwarmupSeconds=1"), () -> Runs.tail(log));
        RunResult run = Runs.onlyRun(benchmarks).run();
        assertEquals(RunStatus.COMPLETE, run.status());
        assertEquals(containers, run.targets().stream().map(RunResult.Target::label).toList());
        List<String> names = List.of("hello", "post hello", "no credentials", "without the role", "index");
        assertEquals(names, run.app().checks().stream().map(RunResult.Check::request).toList());
        assertEquals(Collections.nCopies(containers.size(), 401), run.app().checks().get(2).statuses(),
                "refused without credentials on every target");
        assertEquals(Collections.nCopies(containers.size(), 403), run.app().checks().get(3).statuses(),
                "and to a user without the role");
        for (TierResult tier : run.tiers()) {
            assertEquals(names, tier.byRequest().stream().map(TierResult::name).toList());
            assertEquals(tier.requests(), tier.byRequest().stream().mapToLong(TierResult::requests).sum(), "the parts add up: " + tier);
            assertTrue(tier.byRequest().stream().allMatch(part -> part.ok() > 0 && part.ko() == 0), "every request answered as expected");
        }
        assertEquals(containers.size() - 1, run.comparisons().get(0).comparison().size(), "every other container against the first");
        for (var block : run.blocks()) {
            assertEquals(names, block.byRequest().stream().map(r -> r.name()).toList(), "each block's own figures of each request");
            assertEquals(block.ok(), block.byRequest().stream().mapToLong(r -> r.ok()).sum(), "the parts add up: " + block);
        }
        assertTrue(Files.readString(log).contains("'no credentials' answered 401 on every target"), Runs.tail(log));
        assertTrue(Files.readString(log).contains("'s mean response time per request against " + containers.get(0) + "'s"),
                "a table per target of each request's paired verdicts: " + Runs.tail(log));
        assertFalse(Runs.anyAlive(marker), "no target left running");
    }

    @Test
    void aRequestAnsweredWithAnotherStatusStopsTheRunNamingTheRequestAndTheContainer() throws Exception {
        Path requests = requests("{\"requests\": [{\"name\": \"hello\", \"path\": \"/demo/hello\"},"
                + " {\"name\": \"send\", \"method\": \"POST\", \"path\": \"/demo/hello\", \"json\": {\"a\": 1}}]}");
        Path log = work.resolve("wrong-status.log");
        assertNotEquals(0, run(benchmarks, log, "-Dcontainer=tomcat", "-Dapp.war=" + DEMO, "-Dapp.contextPath=/demo", "-Dapp.requests=" + requests));
        assertTrue(Files.readString(log).contains("the request 'send' (POST /demo/hello) answered 405 on tomcat, not 200 as expected"),
                Runs.tail(log));
        assertEquals(RunStatus.FAILED, Runs.onlyRun(benchmarks).run().status());
        assertFalse(Runs.anyAlive(marker), "no target left running");
    }

    /**
     * The demo from Maven Central (a dependency of the harness's tests, so in the local repository),
     * its servlet open to role "bench" only: the constraint an administrator adds to web.xml.
     */
    private static Path securedDemo(Path copy) throws IOException {
        Path demo = Path.of(System.getProperty("maven.repo.local"), "org/eclipse/jetty/ee10/demos/jetty-ee10-demo-simple-webapp/12.0.5",
                "jetty-ee10-demo-simple-webapp-12.0.5.war");
        String security = """
                  <security-constraint>
                    <web-resource-collection><web-resource-name>hello</web-resource-name><url-pattern>/hello/*</url-pattern></web-resource-collection>
                    <auth-constraint><role-name>bench</role-name></auth-constraint>
                  </security-constraint>
                  <login-config><auth-method>BASIC</auth-method><realm-name>demo</realm-name></login-config>
                  <security-role><role-name>bench</role-name></security-role>
                """;
        Files.createDirectories(copy.getParent());
        try (InputStream file = Files.newInputStream(demo); ZipInputStream in = new ZipInputStream(file);
                OutputStream out = Files.newOutputStream(copy); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
                zip.putNextEntry(new ZipEntry(entry.getName()));
                byte[] content = in.readAllBytes();
                zip.write(entry.getName().equals("WEB-INF/web.xml") ? new String(content, StandardCharsets.UTF_8)
                        .replace("</web-app>", security + "</web-app>").getBytes(StandardCharsets.UTF_8) : content);
                zip.closeEntry();
            }
        }
        return copy;
    }

    private Path requests(String json) throws IOException {
        return Files.writeString(Files.createDirectories(work).resolve("requests.json"), json);
    }

    /** A run into that results folder, Gatling started as the pom starts it; prints how long it took, a figure, not a threshold. */
    private int run(Path results, Path log, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("-Dtarget.jvmArgs=" + Runs.TARGET_JVM + " -Dcontainerbench.smoke=" + marker));
        all.addAll(Arrays.asList(args));
        long start = System.nanoTime();
        int status = Runs.gatling(log, results, all);
        System.out.printf("UserAppIT: %s ended with %d after %.1f s%n", log.getFileName(), status, (System.nanoTime() - start) / 1e9);
        return status;
    }
}
