package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.settings.AppSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * How a standalone server is stopped whole when the harness gives up on it while it starts, and
 * refused by its script. Its own JVM sampled, its process group, its death from outside and its
 * directory deleted are UserWarTest's, on the start that serves a user's WAR. A class of its own
 * beside TargetLaunchTest, so that the two test JVMs share these servers' starts.
 */
class ServerLaunchTest {

    /** Each standalone server the catalog holds. */
    static List<String> standaloneServers() {
        return RunningTargets.CATALOG.standaloneServers();
    }

    @ParameterizedTest
    @MethodSource("standaloneServers")
    void aStandaloneServerStillStartingWhenTheHarnessGivesUpIsStoppedToo(String container) throws Exception {
        // Gives up ever later until it gives up between the server's start and its first answer: by
        // steps of √2 until the server answered in time, then halfway between the last patience too
        // short to see the server start and the first long enough for its answer, since a server
        // quick to answer (the Tomcat server, in about a second once its launcher runs) leaves a
        // window a step of √2 can miss beside another test JVM's load (CI, 2026-12-07: 2.8 s saw no
        // server, 4 s saw it answer).
        TargetModule module = TargetModule.of(RunningTargets.CATALOG, container);
        List<Path> basesBefore = StandaloneServers.orphanedBases(container);
        long tooShort = 0;
        Long longEnough = null;
        long millis = 500;
        for (int attempt = 0; attempt < 16 && millis <= 16_000; attempt++) {
            Path log = RunningTargets.folder("impatient").resolve(container + ".log");
            Duration patience = Duration.ofMillis(millis);
            boolean answered;
            Optional<String> group = Optional.empty();
            try {
                TargetProcess.start(module, RunningTargets.settings(container, Map.of("target.jvmArgs", RunningTargets.JVM)),
                        AppSettings.LOGIN, List.of(), log, patience).close();
                answered = true;
            } catch (IllegalStateException e) {
                String within = millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
                assertTrue(e.getMessage().contains("did not announce a port within " + within), e.getMessage());
                answered = false;
                group = Files.readAllLines(log).stream().filter(line -> line.startsWith("[container-bench] server.group="))
                        .map(line -> line.substring(line.indexOf('=') + 1)).findFirst();
            }
            if (group.isPresent()) {
                // WildFly's group holds its standalone.sh and the JVM that script started.
                assertEquals(List.of(), StandaloneServers.processesInGroup(group.get()), "nothing of the server is left");
                StandaloneServers.assertNoNewOrphans(basesBefore, container);
                return;
            }
            if (answered) {
                longEnough = millis;
            } else {
                tooShort = millis;
            }
            millis = longEnough == null ? Math.round(millis * Math.sqrt(2)) : (tooShort + longEnough) / 2;
            if (longEnough != null && longEnough - tooShort < 20) {
                break;
            }
        }
        throw new AssertionError("the harness never gave up while the server was starting");
    }

    @Test
    void aServerWhoseHarnessDiesWhileItStartsStopsWithEverythingItStarted() throws Exception {
        // As when the harness's JVM is killed: its end of the launcher's standard input closes, and
        // nothing else happens (no close, no signal, no group killed). Until 2026-12-06 the launcher
        // watched its input only once ready, and a test JVM killed during a start left the server running.
        // WildFly: a start of seconds, so that its input closes well before it would be ready.
        String container = "wildfly";
        TargetModule module = TargetModule.of(RunningTargets.CATALOG, container);
        Path log = RunningTargets.folder("orphan").resolve(container + ".log");
        Process launcher = new ProcessBuilder(module.command(List.of(), RunningTargets.settings(container, Map.of()).java(),
                List.of(RunningTargets.JVM.split(" ")), List.of("--port", "0", "--watch-stdin")))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (launcher.descendants().findAny().isEmpty() && launcher.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            List<ProcessHandle> spawned = launcher.descendants().toList();
            assertFalse(spawned.isEmpty(), "the launcher started the server: " + Files.readString(log));
            launcher.getOutputStream().close();
            assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), "the launcher stopped once its input closed");
            assertFalse(Files.readString(log).contains("ready port="), "the launcher stopped the server while it started, not once it was ready");
            for (ProcessHandle process : spawned) {
                process.onExit().get(10, TimeUnit.SECONDS);
            }
        } finally {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
        }
    }

    @Test
    void aStandaloneServerThatCannotStartFailsTheStartWithTheEndOfItsOutput() throws Exception {
        // WildFly's standalone.sh refuses this JVM option before it starts a JVM; the launcher does not mind it.
        List<Path> basesBefore = StandaloneServers.orphanedBases("wildfly");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> RunningTargets.start("wildfly",
                Map.of("target.jvmArgs", "-Xmx128m -Djava.security.manager=disallow")).close());
        assertTrue(e.getMessage().contains("the server exited with status 1 before it answered"), e.getMessage());
        assertTrue(e.getMessage().contains("ERROR: The use of -Djava.security.manager has been removed"), e.getMessage());
        StandaloneServers.assertNoNewOrphans(basesBefore, "wildfly");
    }
}
