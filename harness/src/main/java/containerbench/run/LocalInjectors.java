package containerbench.run;

import containerbench.results.ResultsStore;
import containerbench.results.StoredRun;
import containerbench.settings.InjectorShare;
import containerbench.settings.RunProperties;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The other injectors of {@code -Dinjectors=N} on this machine: Gatling JVMs started as this one was
 * (same classpath, JVM options and run properties), each told its index, the start instant and the
 * target this run launched, each writing its own results; this JVM is injector 0 and merges them.
 * They are in this JVM's process group (Ctrl-C reaches them) and stop when it stops.
 */
final class LocalInjectors implements AutoCloseable {

    private static final String RESULTS_LINE = "container-bench: results in ";

    // Ours to set for each injector; the container's knobs belong to the launching one only.
    private static final Set<String> REPLACED = Set.of(RunProperties.CONTAINER.name(), RunProperties.CONTAINERS.name(),
            RunProperties.CONTAINER_PROFILES, RunProperties.INJECTORS.name(), RunProperties.INJECTOR_INDEX.name(),
            RunProperties.START_AT.name());

    private final List<Process> processes;
    private final List<Path> logs;

    private LocalInjectors(List<Process> processes, List<Path> logs) {
        this.processes = processes;
        this.logs = logs;
    }

    /**
     * @param simulation the simulation class this JVM runs
     * @param knobs every container's knob names (and common names): not handed on
     */
    static LocalInjectors start(InjectorShare share, String simulation, String container, URI target, ResultsStore store,
            String runId, Path gatlingResults, Collection<String> knobs) throws IOException {
        List<String> jvm = new ArrayList<>();
        for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            String name = argument.startsWith("-D") ? argument.substring(2).split("=", 2)[0] : null;
            if (name == null || !(REPLACED.contains(name) || name.startsWith("target.") || knobs.contains(name))) {
                jvm.add(argument);
            }
        }
        List<Process> processes = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        for (int index = 1; index < share.count(); index++) {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            command.addAll(jvm);
            command.addAll(List.of("-D" + RunProperties.CONTAINER.name() + "=" + container,
                    "-D" + RunProperties.TARGET_URL.name() + "=" + target,
                    "-D" + RunProperties.INJECTORS.name() + "=" + share.count(),
                    "-D" + RunProperties.INJECTOR_INDEX.name() + "=" + index,
                    "-D" + RunProperties.START_AT.name() + "=" + share.startAt(),
                    "-cp", System.getProperty("java.class.path"), "io.gatling.app.Gatling", "-s", simulation,
                    "-rf", gatlingResults.toString(), "-rd", "injector " + index + " of " + share.count() + " (" + runId + ")"));
            Path log = store.directory().resolve(runId + ".injector" + index + ".log");
            logs.add(log);
            processes.add(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start());
        }
        LocalInjectors injectors = new LocalInjectors(processes, logs);
        // From their start: Maven killed or Ctrl-C while this run still starts must stop them too.
        Runtime.getRuntime().addShutdownHook(new Thread(injectors::close, "injectors-stop"));
        return injectors;
    }

    /** The injectors' logs, index 1 first. */
    List<Path> logs() {
        return logs;
    }

    /**
     * Waits for every injector to end, up to {@code patience}, and reads the results each wrote.
     *
     * @throws IllegalStateException naming the injector that did not end or wrote no results, with its log
     */
    List<StoredRun> awaitResults(Duration patience) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        List<StoredRun> runs = new ArrayList<>();
        for (int i = 0; i < processes.size(); i++) {
            Process process = processes.get(i);
            Path log = logs.get(i);
            String injector = "injector " + (i + 1);
            if (!process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException(injector + " did not end " + patience.toSeconds() + " s after this one; its log: "
                        + log);
            }
            String file = Files.readAllLines(log).stream().filter(line -> line.startsWith(RESULTS_LINE))
                    .map(line -> line.substring(RESULTS_LINE.length()).trim()).reduce((a, b) -> b).orElseThrow(() ->
                            new IllegalStateException(injector + " wrote no results (exit status " + process.exitValue()
                                    + "); its log: " + log));
            runs.add(ResultsStore.read(Path.of(file)));
        }
        return runs;
    }

    /** Stops every injector still running. */
    @Override
    public void close() {
        for (Process process : processes) {
            process.destroy();
        }
        for (Process process : processes) {
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
