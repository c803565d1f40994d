package containerbench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.measure.TierResult;
import containerbench.results.RunResult;
import containerbench.results.RunStatus;
import containerbench.results.TierComparison;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a run does when things go wrong, each as a user would meet it through
 * {@code mvn gatling:test} (an overload, where Maven has no part, through Gatling started as the pom
 * starts it): it ends with a clear message within seconds, leaves no JVM behind, and keeps every
 * result written so far. Every run here is bounded by its own small plan.
 */
class FaultsIT {

    private static final Set<String> CAUSES = Set.of("refused", "reset", "timeout");

    private final Path work = Runs.work("faults");
    private final String marker = UUID.randomUUID().toString();

    private List<String> run(String container, String... extra) {
        List<String> args = new ArrayList<>(List.of("gatling:test", "-P" + container,
                "-Dbenchmarks.dir=" + work.resolve("benchmarks"),
                // Marks both JVMs of the run, to find them if they were left behind.
                "-Dcontainerbench.test=" + marker, "-Dtarget.jvmArgs=" + Runs.TARGET_JVM + " -Dcontainerbench.test=" + marker));
        args.addAll(List.of(extra));
        return args;
    }

    @Test
    void anOverloadedTargetFailsTheTierBesideAHealthyOneWithEveryFailureClassifiedAndStillAnswers() throws Exception {
        // The second study's finding in small: one target refuses its load (2000 users against 4 threads,
        // 50 connections and a backlog of 1; requests give up after 3 s), the other serves it. The run
        // completes, and its verdict says "failed at 2000 users", not "no difference".
        // Gatling started as the pom starts it: what is under test is the run, not Maven's part in it.
        Path log = work.resolve("overload.log");
        int status = Runs.gatling(log, work.resolve("benchmarks"), List.of(
                "-Dcontainers=tomcat,tomcat[maxThreads=4,maxConnections=50,acceptCount=1]", "-Dcontainerbench.test=" + marker,
                "-Dtarget.jvmArgs=" + Runs.TARGET_JVM + " -Dcontainerbench.test=" + marker, "-Dtiers=2000", "-DblockSeconds=1",
                "-Drounds=2", "-Dlaunches=1", "-DwarmupSeconds=0", "-Dgatling.http.requestTimeout=3000"));
        assertEquals(0, status, () -> Runs.tail(log));
        RunResult run = onlyResult();
        assertEquals(RunStatus.COMPLETE, run.status());
        TierResult tier = run.tiers().get(1);
        assertTrue(tier.overloaded(), "the tier is marked overloaded");
        assertTrue(tier.ko() > 0 && tier.ok() > 0, "some requests failed, some passed: " + tier);
        assertEquals(tier.ko(), tier.failures().values().stream().mapToLong(Long::longValue).sum(), "every failure counted");
        tier.failures().keySet().forEach(cause -> assertTrue(CAUSES.contains(cause) || cause.matches("HTTP \\d{3}"),
                "classified: " + tier.failures()));
        assertFalse(tier.failureExamples().isEmpty(), "Gatling's messages kept");
        if (Files.exists(Path.of("/proc/net/netstat"))) {
            assertTrue(tier.resources().kernelTcp().listenOverflows() > 0, "the kernel saw the backlog overflow");
        }
        TierComparison.Failures failures = run.comparisons().get(0).comparison().get(0).failures();
        assertTrue(failures.otherFailed() && !failures.baselineFailed(), "the overloaded one failed the tier: " + failures);
        String verdict = run.comparisons().get(0).comparison().get(0).other() + " against tomcat over 1 tier(s): failed at 2000 users.";
        assertTrue(Files.readString(log).contains(verdict), "the verdict says so first: " + verdict + "\n" + Runs.tail(log));
        assertEquals(Boolean.TRUE, run.answeredAfterRun(), "both answer a login after the overload");
        assertTrue(Files.isRegularFile(Runs.onlyRun(work.resolve("benchmarks")).gatlingReport()), "Gatling's report written");
        assertFalse(Runs.anyAlive(marker), "no JVM left");
    }

    // Each fault once through Maven, on the kind of target where it is hardest: a standalone server
    // killed (its launcher stays, and must notice), Ctrl-C on WildFly (a script and the JVM it starts),
    // Maven killed under an embedded target loaded by two injectors (each notices its closed input).
    // Every server's own clean-up is proven without Maven, in UserWarTest and ServerLaunchTest.

    @Test
    void aTargetKilledDuringATierEndsTheRunAtOnceAndKeepsItsFigures() throws Exception {
        Path log = work.resolve("kill-tomcat-server.log");
        Process maven = startLongRun(log, false, "tomcat-server");
        awaitProcess("org.apache.catalina.startup.Bootstrap", log).destroyForcibly();
        long killed = System.nanoTime();
        assertTrue(maven.waitFor(50, TimeUnit.SECONDS), "the run ends long before its 60 s tier would");
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);
        System.out.println("FaultsIT: the run ended " + seconds + " s after tomcat-server's server was killed");
        assertNotEquals(0, maven.exitValue(), "the build fails");
        String output = Files.readString(log);
        assertTrue(output.contains("the target died during the run"), output);
        RunResult run = onlyResult();
        assertEquals(RunStatus.FAILED, run.status());
        assertTrue(run.tiers().get(0).ok() > 0, "the figures measured before the death are kept");
        assertFalse(Runs.anyAlive(marker), "no JVM left");
        assertNoServerFilesLeft();
    }

    @Test
    void ctrlCStopsEveryJvmAndKeepsTheResultsMarkedInterrupted() throws Exception {
        Path log = work.resolve("ctrl-c-wildfly.log");
        Process maven = startLongRun(log, true, "wildfly");
        // SIGINT to the whole process group, as a terminal sends it.
        new ProcessBuilder("kill", "-INT", "--", "-" + maven.pid()).inheritIO().start().waitFor();
        assertTrue(maven.waitFor(30, TimeUnit.SECONDS), "Maven stops");
        awaitGone(marker);
        RunResult run = onlyResult();
        assertEquals(RunStatus.INTERRUPTED, run.status());
        assertTrue(run.tiers().get(0).ok() > 0, "the figures measured before Ctrl-C are kept");
    }

    @Test
    void killingMavenStopsTheTargetAndEveryInjectorOfASharedRunAndKeepsTheResultsMarkedInterrupted() throws Exception {
        Path log = work.resolve("kill-maven-injectors.log");
        Process maven = Runs.startMvn(log, false, run("tomcat", "-Dinjectors=2", "-Dtiers=20", "-DtierSeconds=60",
                "-DwarmupSeconds=0"));
        // The other injector: a Gatling JVM of its own, handed its settings.
        awaitProcess("tomcat-injector1-", log);
        awaitLog(log, "an OK response of the tier", text -> TIER_OK.matcher(text).find());
        maven.destroyForcibly();
        awaitGone(marker);
        // The first injector's results are the run's; the other's file was claimed and is written only when it ends.
        List<Path> results = Runs.list(work.resolve("benchmarks"), ".json").stream()
                .filter(file -> file.getFileName().toString().startsWith("tomcat-injector0-")).toList();
        assertEquals(1, results.size(), "the first injector's results: " + results);
        assertEquals(RunStatus.INTERRUPTED, containerbench.results.ResultsStore.read(results.get(0)).run().status());
    }

    @Test
    void aMistypedPropertyStopsTheRunWithinSecondsNamingTheRightOne() throws Exception {
        long seconds = assertStopsBeforeAnythingStarts("typo",
                "unknown property -DtierSecond: did you mean -DtierSeconds? Nothing was started.", run("tomcat", "-DtierSecond=3"));
        System.out.println("FaultsIT: a mistyped property stopped mvn gatling:test after " + seconds + " s");
    }

    /** The run fails saying {@code message}, writes no results and leaves no JVM; returns how many seconds it took. */
    private long assertStopsBeforeAnythingStarts(String name, String message, List<String> args) throws Exception {
        Path log = work.resolve(name + ".log");
        long start = System.nanoTime();
        assertNotEquals(0, Runs.mvn(log, args));
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start);
        String output = Files.readString(log);
        assertTrue(output.contains(message), output);
        assertTrue(Runs.list(work.resolve("benchmarks"), ".json").isEmpty(), "nothing started, nothing written");
        assertFalse(Runs.anyAlive(marker), "no JVM left");
        return seconds;
    }

    /** A run whose single 60 s tier outlasts the test, returned two seconds into its load. */
    private Process startLongRun(Path log, boolean ownProcessGroup, String container) throws Exception {
        Process maven = Runs.startMvn(log, ownProcessGroup, run(container, "-Dtiers=20", "-DtierSeconds=60", "-DwarmupSeconds=0"));
        awaitProcess("TargetMain", log);
        awaitLine(log, "against http://");
        // Until Gatling's console shows OK responses of the tier: a cold WildFly on a machine whose
        // hypervisor took 30% of it answered none of 44 requests in the 2 s this test used to wait.
        awaitLog(log, "an OK response of the tier", text -> TIER_OK.matcher(text).find());
        return maven;
    }

    private static final java.util.regex.Pattern TIER_OK = java.util.regex.Pattern.compile("(?m)^> 20 users\\s+\\|\\s+[\\d,]+\\s+\\|\\s+[1-9]");

    private RunResult onlyResult() throws IOException {
        return Runs.onlyRun(work.resolve("benchmarks")).run();
    }

    private ProcessHandle awaitProcess(String part, Path log) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (System.nanoTime() < deadline) {
            ProcessHandle found = ProcessHandle.allProcesses().filter(p -> p.info().commandLine()
                    .map(line -> line.contains(marker) && line.contains(part)).orElse(false)).findFirst().orElse(null);
            if (found != null) {
                return found;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no " + part + " process started; output:\n" + Runs.tail(log));
    }

    private static void awaitLine(Path log, String text) throws Exception {
        awaitLog(log, "'" + text + "'", printed -> printed.contains(text));
    }

    private static void awaitLog(Path log, String what, java.util.function.Predicate<String> seen) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            if (seen.test(Files.readString(log))) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("never printed " + what + ":\n" + Runs.tail(log));
    }

    private static void awaitGone(String marker) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (Runs.anyAlive(marker) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        assertFalse(Runs.anyAlive(marker), "every JVM of the run stopped within 30 s");
        assertNoServerFilesLeft();
    }

    /**
     * A standalone server's copy of its configuration goes with its launcher (ServerFiles.newBase),
     * and so does every process that names it: WildFly's standalone.sh as well as its JVM, whose
     * command lines do not carry the test's marker.
     */
    private static void assertNoServerFilesLeft() throws IOException {
        Path bases = Path.of(System.getProperty("java.io.tmpdir"), "container-bench-servers");
        List<String> strays = ProcessHandle.allProcesses().map(process -> process.info().commandLine().orElse(""))
                .filter(line -> line.contains(bases + "/")).filter(line -> {
                    String base = line.substring(line.indexOf(bases + "/") + bases.toString().length() + 1).split("[/ ]")[0];
                    return !Files.isDirectory(bases.resolve(base));
                }).toList();
        assertEquals(List.of(), strays, "server processes whose directory is gone");
        if (!Files.isDirectory(bases)) {
            return;
        }
        try (var listing = Files.list(bases)) {
            List<String> orphans = listing.map(base -> base.getFileName().toString()).filter(name -> {
                String[] parts = name.split("-");
                return ProcessHandle.of(Long.parseLong(parts[parts.length - 2])).isEmpty();
            }).toList();
            assertEquals(List.of(), orphans, "server files whose launcher is gone, in " + bases);
        }
    }
}
