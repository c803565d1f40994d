package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import containerbench.settings.AppSettings;
import containerbench.settings.RunSettings;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * How a standalone server is started and stopped whole: its own JVM sampled, its process group,
 * its directory deleted, killed from outside, given up on while it starts, refused by its script.
 * A class of its own beside TargetLaunchTest, so that the two test JVMs share these servers' starts.
 */
class ServerLaunchTest {

    /** Each standalone server the catalog holds. */
    static List<String> standaloneServers() {
        return RunningTargets.CATALOG.standaloneServers();
    }

    @ParameterizedTest
    @MethodSource("standaloneServers")
    void aStandaloneServersResourcesAreItsOwnJvmsAndItsLauncherEndsWhenItDies(String container) throws Exception {
        List<java.nio.file.Path> basesBefore = orphanedBases(container);
        RunSettings run = RunningTargets.run(container, Map.of("target.jvmArgs", RunningTargets.JVM));
        RunningTarget target = RunningTarget.start(run.target(), run, RunningTargets.CATALOG,
                Files.createTempDirectory("standalone").resolve(container + ".log"));
        try {
            ProcessHandle server = ProcessHandle.of(target.pid()).orElseThrow();
            String command = server.info().commandLine().orElse("");
            assertTrue(!command.contains("containerbench.launcher.TargetMain")
                    && List.of(RunningTargets.JVM.split(" ")).stream().allMatch(command::contains),
                    "the sampled JVM is the server's, not its launcher's, with the run's options: " + command);
            // A group of its own, to stop it whole, but this session: the scheduler's autogroup is
            // the session, and an embedded target shares the harness's.
            assertTrue(!stat(server.pid(), 2).equals(stat(ProcessHandle.current().pid(), 2)), "a process group of its own");
            assertEquals(stat(ProcessHandle.current().pid(), 3), stat(server.pid(), 3), "the harness's session");
            // Killed from outside, as FaultsIT kills one mid-tier through Maven: the launcher notices, so the run does.
            server.destroyForcibly();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!target.died() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            assertTrue(target.died(), "the launcher ends within 30 s of its server's death");
        } finally {
            target.close();
        }
        assertNoNewOrphans(basesBefore, container);
    }

    @ParameterizedTest
    @MethodSource("standaloneServers")
    void aStandaloneServerStillStartingWhenTheHarnessGivesUpIsStoppedToo(String container) throws Exception {
        // Gives up ever later until it gives up between the server's start and its first answer.
        TargetModule module = TargetModule.of(RunningTargets.CATALOG, container);
        List<java.nio.file.Path> basesBefore = orphanedBases(container);
        for (int seconds = 1; seconds <= 16; seconds *= 2) {
            java.nio.file.Path log = Files.createTempDirectory("impatient").resolve(container + ".log");
            Duration patience = Duration.ofSeconds(seconds);
            try {
                TargetProcess.start(module, RunningTargets.settings(container, Map.of("target.jvmArgs", RunningTargets.JVM)),
                        AppSettings.LOGIN, List.of(), log, patience).close();
                continue;
            } catch (IllegalStateException e) {
                assertTrue(e.getMessage().contains("did not announce a port within " + seconds + " s"), e.getMessage());
            }
            var group = Files.readAllLines(log).stream().filter(line -> line.startsWith("[container-bench] server.group="))
                    .map(line -> line.substring(line.indexOf('=') + 1)).findFirst();
            if (group.isPresent()) {
                // WildFly's group holds its standalone.sh and the JVM that script started.
                assertEquals(List.of(), processesInGroup(group.get()), "nothing of the server is left");
                assertNoNewOrphans(basesBefore, container);
                return;
            }
        }
        throw new AssertionError("the harness never gave up while the server was starting");
    }

    @Test
    void aStandaloneServerThatCannotStartFailsTheStartWithTheEndOfItsOutput() throws Exception {
        // WildFly's standalone.sh refuses this JVM option before it starts a JVM; the launcher does not mind it.
        List<java.nio.file.Path> basesBefore = orphanedBases("wildfly");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> RunningTargets.start("wildfly",
                Map.of("target.jvmArgs", "-Xmx128m -Djava.security.manager=disallow")).close());
        assertTrue(e.getMessage().contains("the server exited with status 1 before it answered"), e.getMessage());
        assertTrue(e.getMessage().contains("ERROR: The use of -Djava.security.manager has been removed"), e.getMessage());
        assertNoNewOrphans(basesBefore, "wildfly");
    }

    /**
     * The directories of standalone servers of this kind whose launcher has ended: ServerFiles.newBase
     * names each after its launcher's pid, so what a launcher failed to delete is told apart from the
     * servers the other test JVM runs meanwhile (surefire runs two).
     */
    private static List<java.nio.file.Path> orphanedBases(String container) throws java.io.IOException {
        java.nio.file.Path bases = java.nio.file.Path.of(System.getProperty("java.io.tmpdir"), "container-bench-servers");
        if (!Files.isDirectory(bases)) {
            return List.of();
        }
        try (Stream<java.nio.file.Path> all = Files.list(bases)) {
            return all.filter(base -> base.getFileName().toString().startsWith(container + "-")).filter(base -> {
                String[] parts = base.getFileName().toString().split("-");
                return ProcessHandle.of(Long.parseLong(parts[parts.length - 2])).isEmpty();
            }).sorted().toList();
        }
    }

    /** That no directory of a launcher that ended has appeared since {@code before}. */
    private static void assertNoNewOrphans(List<java.nio.file.Path> before, String container) throws java.io.IOException {
        List<java.nio.file.Path> left = new java.util.ArrayList<>(orphanedBases(container));
        left.removeAll(before);
        assertEquals(List.of(), left, "the server's directory is deleted");
    }

    /** A field of /proc/PID/stat after the command: 0 state, 1 parent, 2 process group, 3 session. */
    private static String stat(long pid, int field) throws java.io.IOException {
        String stat = Files.readString(java.nio.file.Path.of("/proc/" + pid + "/stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ")[field];
    }

    private static List<Long> processesInGroup(String group) {
        return ProcessHandle.allProcesses().filter(process -> {
            try {
                String stat = Files.readString(java.nio.file.Path.of("/proc/" + process.pid() + "/stat"));
                return stat.substring(stat.lastIndexOf(')') + 2).split(" ")[2].equals(group);
            } catch (java.io.IOException | RuntimeException e) {
                return false;
            }
        }).map(ProcessHandle::pid).toList();
    }
}
