package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.settings.AppSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
        // steps of √2, since a server quick to answer (the Jetty server, in about a second) leaves a short
        // window, which doubling the patience could step over beside another test JVM's load.
        TargetModule module = TargetModule.of(RunningTargets.CATALOG, container);
        List<Path> basesBefore = StandaloneServers.orphanedBases(container);
        for (long millis = 500; millis <= 16_000; millis = Math.round(millis * Math.sqrt(2))) {
            Path log = RunningTargets.folder("impatient").resolve(container + ".log");
            Duration patience = Duration.ofMillis(millis);
            try {
                TargetProcess.start(module, RunningTargets.settings(container, Map.of("target.jvmArgs", RunningTargets.JVM)),
                        AppSettings.LOGIN, List.of(), log, patience).close();
                continue;
            } catch (IllegalStateException e) {
                String within = millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
                assertTrue(e.getMessage().contains("did not announce a port within " + within), e.getMessage());
            }
            var group = Files.readAllLines(log).stream().filter(line -> line.startsWith("[container-bench] server.group="))
                    .map(line -> line.substring(line.indexOf('=') + 1)).findFirst();
            if (group.isPresent()) {
                // WildFly's group holds its standalone.sh and the JVM that script started.
                assertEquals(List.of(), StandaloneServers.processesInGroup(group.get()), "nothing of the server is left");
                StandaloneServers.assertNoNewOrphans(basesBefore, container);
                return;
            }
        }
        throw new AssertionError("the harness never gave up while the server was starting");
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
