package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.LaunchFigures;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * A user's executable jar as a user gives it ({@code -Dapp.jar}, {@code -Dapp.requests}; Gatling started
 * as the pom starts it): two builds of a Spring Boot service, the project's own Boot jars on Tomcat and
 * on Jetty (built at package, as a user's build leaves one), measured as two targets of one run with a
 * request file, each in its own JVM whose start-up and memory the run reads; and a jar that never
 * listens, stopping the run once its start timeout is over, naming it, leaving nothing running.
 */
class UserJarIT {

    private final Path work = Runs.work("user-jar");
    private final Path benchmarks = work.resolve("benchmarks");
    private final String marker = UUID.randomUUID().toString();

    @Test
    void twoBuildsOfABootServiceAreTwoTargetsMeasuredWithTheirRequests() throws Exception {
        Path tomcat = bootJar("spring-tomcat");
        Path jetty = bootJar("spring-jetty");
        String containers = "jar[app.jar=" + tomcat + "],jar[app.jar=" + jetty + "]";
        Path log = work.resolve("two-builds.log");
        assertEquals(0, run(log, "-Dcontainers=" + containers, "-Dapp.requests=" + Runs.ROOT.resolve("examples/login.json"),
                "-Dtiers=8", "-Drounds=2", "-Dlaunches=1", "-DblockSeconds=1", "-DwarmupSeconds=1"), () -> Runs.tail(log));
        RunResult run = Runs.onlyRun(benchmarks).run();
        assertEquals(RunStatus.COMPLETE, run.status());
        assertEquals(List.of("jar[app.jar=" + tomcat + "]", "jar[app.jar=" + jetty + "]"),
                run.targets().stream().map(RunResult.Target::label).toList());
        assertEquals(tomcat.toString(), run.app().jar(), "the baseline's jar is the run's application");
        assertEquals(List.of(200, 200), run.app().checks().get(0).statuses(), "the login answered on both before the load");
        for (RunResult.Target target : run.targets()) {
            assertTrue(target.containerVersion().endsWith("(Spring Boot 4.0.7)"), target.containerVersion());
        }
        assertTrue(run.tiers().stream().allMatch(tier -> tier.ok() > 0 && tier.ko() == 0), "every request answered");
        assertEquals(1, run.comparisons().get(0).comparison().size(), "the second build against the first");
        for (LaunchFigures figures : run.launchFigures()) {
            assertNotNull(figures.heapAtRestBytes(), "the jar's own JVM attached to and read: " + figures);
            assertEquals(figures.target().contains(tomcat.toString()) ? Files.size(tomcat) : Files.size(jetty), figures.diskBytes(),
                    "its size on disk is the jar's");
        }
        assertFalse(Runs.anyAlive(marker), "no launcher or jar left running");
    }

    @Test
    void aJarThatNeverListensStopsTheRunNamingItAndLeavesNothingRunning() throws Exception {
        Path silent = silentJar(work.resolve("silent.jar"));
        Path log = work.resolve("silent.log");
        assertNotEquals(0, run(log, "-Dapp.jar=" + silent, "-Dapp.startTimeout=3"));
        String output = Files.readString(log);
        assertTrue(output.matches("(?s).*the jar did not listen on 127\\.0\\.0\\.1:\\d+ within 3 s \\(was it told its port\\?"
                + " --jar-args\\).*"), Runs.tail(log));
        assertTrue(output.contains("starting, but never listening"), "the end of the jar's own output: " + Runs.tail(log));
        assertEquals(RunStatus.FAILED, Runs.onlyRun(benchmarks).run().status());
        assertFalse(Runs.anyAlive(marker), "no launcher or jar left running");
    }

    /** A Boot target's executable jar, as `mvn package` (and so `mvn verify`) leaves it. */
    private static Path bootJar(String target) {
        Path jar = Runs.ROOT.resolve("targets/" + target + "/target/" + target + "-target.jar");
        assertTrue(Files.isRegularFile(jar), jar + " is built at package: `mvn -q package -DskipTests` first");
        return jar;
    }

    /** An executable jar that prints a line and sleeps: it never listens on the port it is told. */
    private static Path silentJar(Path jar) throws Exception {
        Path sources = Files.createDirectories(jar.resolveSibling("silent-src"));
        Files.writeString(sources.resolve("Silent.java"), """
                public class Silent {
                    public static void main(String[] args) throws Exception {
                        System.out.println("starting, but never listening");
                        Thread.sleep(600_000);
                    }
                }
                """);
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", sources.toString(),
                sources.resolve("Silent.java").toString()));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "Silent");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.putNextEntry(new JarEntry("Silent.class"));
            out.write(Files.readAllBytes(sources.resolve("Silent.class")));
            out.closeEntry();
        }
        return jar;
    }

    /** A run into this test's results folder, Gatling started as the pom starts it; prints how long it took. */
    private int run(Path log, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("-Dtarget.jvmArgs=" + Runs.TARGET_JVM + " -Dcontainerbench.smoke=" + marker));
        all.addAll(Arrays.asList(args));
        long start = System.nanoTime();
        int status = Runs.gatling(log, benchmarks, all);
        System.out.printf("UserJarIT: %s ended with %d after %.1f s%n", log.getFileName(), status, (System.nanoTime() - start) / 1e9);
        return status;
    }
}
