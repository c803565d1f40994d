package containerbench.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs this project's Maven as a user would: from the tests that check whole runs, and from the
 * study and the calibration, which run one {@code mvn gatling:test} per cell.
 */
public final class MavenRun {

    // Restores the default SIGINT handling (a background shell may have ignored it) and starts a new
    // process group, so that a test can press Ctrl-C on the run as a terminal would.
    private static final String OWN_GROUP = "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL);"
            + " os.setsid(); os.execvp(sys.argv[1], sys.argv[1:])";

    private MavenRun() {
    }

    public static Process start(Path log, boolean ownProcessGroup, List<String> args) throws IOException {
        return start(log, ownProcessGroup, List.of(), args);
    }

    /**
     * A run of {@code mvn gatling:test} placed as {@code placement} asks: Maven, and so the Gatling
     * JVM it forks, started on the injector's CPUs.
     */
    public static Process gatling(Path log, CpuPlacement placement, List<String> args) throws IOException {
        List<String> withLoops = new ArrayList<>(args);
        withLoops.addAll(placement.injectorProperties());
        return start(log, false, placement.injectorLaunch(), withLoops);
    }

    private static Process start(Path log, boolean ownProcessGroup, List<String> prefix, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        if (ownProcessGroup) {
            command.addAll(List.of("python3", "-c", OWN_GROUP));
        }
        command.addAll(List.of(Path.of(System.getProperty("maven.home"), "bin", "mvn").toString(), "-B", "-ntp"));
        if (System.getProperty("maven.repo.local") != null) {
            command.add("-Dmaven.repo.local=" + System.getProperty("maven.repo.local"));
        }
        command.addAll(args);
        Files.createDirectories(log.getParent());
        return new ProcessBuilder(command).directory(RunningTargets.ROOT.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Runs Maven to the end and returns its exit status; its output is in {@code log}. */
    public static int run(Path log, List<String> args) throws Exception {
        Process maven = start(log, false, args);
        if (!maven.waitFor(8, TimeUnit.MINUTES)) {
            maven.destroyForcibly();
            throw new AssertionError("mvn " + args + " did not finish within 8 minutes");
        }
        return maven.exitValue();
    }

    /** Whether any process whose command line holds {@code marker} is still running. */
    public static boolean anyAlive(String marker) {
        return ProcessHandle.allProcesses().anyMatch(process ->
                process.info().commandLine().map(line -> line.contains(marker)).orElse(false));
    }
}
