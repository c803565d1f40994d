package containerbench.run;

import containerbench.settings.ProjectRoot;
import containerbench.settings.RunProperties;
import containerbench.settings.RunSettings;
import containerbench.settings.TargetSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * This project's Maven, run as a user runs it: {@code mvn gatling:test} for each run a tool starts
 * (./bench run, every cell of a study, the calibration's Gatling side), and any goal for the tests.
 * The Maven is the one running the build ({@code maven.home}), else {@code mvn} on the PATH, else
 * the project's wrapper.
 */
public final class MavenRun {

    // Restores the default SIGINT handling (a background shell may have ignored it) and starts a new
    // process group, so that a test can press Ctrl-C on the run as a terminal would.
    private static final String OWN_GROUP = "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL);"
            + " os.setsid(); os.execvp(sys.argv[1], sys.argv[1:])";

    private MavenRun() {
    }

    /**
     * One {@code mvn gatling:test} of a run whose settings a parent resolved ({@link ChildRun}),
     * placed as they ask: Maven, and so the Gatling JVM it forks, started on the injector's CPUs.
     *
     * @param description Gatling's runDescription, shown at the top of its report
     * @param gatling Gatling's and Netty's own properties ({@code gatling.*}, {@code io.netty.*}), passed on as given
     * @param log where its output goes, or {@code null} for this process's console
     */
    public static Process gatling(Path log, RunSettings settings, ChildRun child, String description, Map<String, String> gatling)
            throws IOException {
        // The profile of every container of the run: it fetches what the container needs (a server's distribution).
        String profiles = "-P" + String.join(",", settings.targets().stream().map(TargetSettings::container).distinct().toList());
        List<String> args = new ArrayList<>(List.of("-q", "gatling:test", profiles,
                "-D" + RunProperties.SETTINGS_FILE + "=" + child.settingsFile(),
                // The Gatling plugin's own configuration: where it writes the report, and what it says at its top.
                "-Dgatling.resultsFolder=" + settings.gatlingResults(), "-Dgatling.runDescription=" + description));
        gatling.forEach((name, value) -> args.add("-D" + name + "=" + value));
        args.addAll(settings.placement().injectorProperties());
        return start(log, false, settings.placement().injectorLaunch(), args);
    }

    /** Maven with these arguments, in the project's root; {@code ownProcessGroup} lets a test send it Ctrl-C. */
    public static Process start(Path log, boolean ownProcessGroup, List<String> args) throws IOException {
        return start(log, ownProcessGroup, List.of(), args);
    }

    /** Runs Maven to the end and returns its exit status; its output is in {@code log}. */
    public static int run(Path log, List<String> args, Duration timeout) throws IOException, InterruptedException {
        Process maven = start(log, false, args);
        if (!maven.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            maven.destroyForcibly();
            throw new IllegalStateException("mvn " + String.join(" ", args) + " did not finish within "
                    + timeout.toMinutes() + " minutes; its output is in " + log);
        }
        return maven.exitValue();
    }

    private static Process start(Path log, boolean ownProcessGroup, List<String> prefix, List<String> args) throws IOException {
        Path root = ProjectRoot.find();
        List<String> command = new ArrayList<>(prefix);
        if (ownProcessGroup) {
            command.addAll(List.of("python3", "-c", OWN_GROUP));
        }
        command.addAll(List.of(ProjectRoot.maven(root), "-B", "-ntp", "-Dstyle.color=never"));
        if (System.getProperty("maven.repo.local") != null) {
            command.add("-Dmaven.repo.local=" + System.getProperty("maven.repo.local"));
        }
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
        if (log == null) {
            builder.inheritIO();
        } else {
            Files.createDirectories(log.toAbsolutePath().getParent());
            builder.redirectOutput(log.toFile());
        }
        return builder.start();
    }
}
