package containerbench.launch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** What a test can see of a standalone server's processes and files from outside, and what it asserts of them. */
final class StandaloneServers {

    private StandaloneServers() {
    }

    /**
     * Whether the target's sampled JVM is its server's own, with the run's options, in a process group
     * of its own, and whether its launcher ends when that JVM is killed from outside, as FaultsIT kills
     * one mid-tier through Maven: the launcher notices, so the run does.
     */
    static void assertItsOwnJvmAndItsLauncherEndsWhenItDies(RunningTarget target) throws Exception {
        ProcessHandle server = ProcessHandle.of(target.pid()).orElseThrow();
        String command = server.info().commandLine().orElse("");
        assertTrue(!command.contains("containerbench.launcher.TargetMain")
                && List.of(RunningTargets.JVM.split(" ")).stream().allMatch(command::contains),
                "the sampled JVM is the server's, not its launcher's, with the run's options: " + command);
        // A group of its own, to stop it whole, but this session: the scheduler's autogroup is
        // the session, and an embedded target shares the harness's.
        assertTrue(!stat(server.pid(), 2).equals(stat(ProcessHandle.current().pid(), 2)), "a process group of its own");
        assertEquals(stat(ProcessHandle.current().pid(), 3), stat(server.pid(), 3), "the harness's session");
        server.destroyForcibly();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!target.died() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertTrue(target.died(), "the launcher ends within 30 s of its server's death");
    }

    /**
     * The directories of standalone servers of this kind whose launcher has ended: ServerFiles.newBase
     * names each after its launcher's pid, so what a launcher failed to delete is told apart from the
     * servers the other test JVM runs meanwhile (surefire runs two).
     */
    static List<Path> orphanedBases(String container) throws IOException {
        Path bases = Path.of(System.getProperty("java.io.tmpdir"), "container-bench-servers");
        if (!Files.isDirectory(bases)) {
            return List.of();
        }
        try (Stream<Path> all = Files.list(bases)) {
            return all.filter(base -> base.getFileName().toString().startsWith(container + "-")).filter(base -> {
                String[] parts = base.getFileName().toString().split("-");
                return ProcessHandle.of(Long.parseLong(parts[parts.length - 2])).isEmpty();
            }).sorted().toList();
        }
    }

    /** That no directory of a launcher that ended has appeared since {@code before}. */
    static void assertNoNewOrphans(List<Path> before, String container) throws IOException {
        List<Path> left = new ArrayList<>(orphanedBases(container));
        left.removeAll(before);
        assertEquals(List.of(), left, "the server's directory is deleted");
    }

    /** The processes of a process group. */
    static List<Long> processesInGroup(String group) {
        return ProcessHandle.allProcesses().filter(process -> {
            try {
                return stat(process.pid(), 2).equals(group);
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }).map(ProcessHandle::pid).toList();
    }

    /** A field of /proc/PID/stat after the command: 0 state, 1 parent, 2 process group, 3 session. */
    private static String stat(long pid, int field) throws IOException {
        String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
        return stat.substring(stat.lastIndexOf(')') + 2).split(" ")[field];
    }
}
