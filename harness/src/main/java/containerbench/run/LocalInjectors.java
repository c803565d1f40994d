package containerbench.run;

import containerbench.report.Publication;
import containerbench.results.ResultsStore;
import containerbench.results.RunMerge;
import containerbench.results.StoredRun;
import containerbench.settings.InjectorShare;
import containerbench.settings.RunProperties;
import containerbench.settings.RunSettings;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The other injectors of {@code -Dinjectors=N} on this machine: Gatling JVMs started as this one was
 * (same classpath and JVM options), each handed its settings (its index, the targets this run
 * launched, the folder where all meet before their load) and the results file claimed for it; this
 * JVM is injector 0 and merges them. They are in this JVM's process group (Ctrl-C reaches them) and stop when it stops.
 */
final class LocalInjectors implements AutoCloseable {

    /** Seconds the other injectors may take to write their results after this one. */
    private static final int PATIENCE_SECONDS = 120;

    private final List<Process> processes;
    private final List<ChildRun> runs;
    private final List<Path> logs;
    private final Path startBarrier;

    private LocalInjectors(List<Process> processes, List<ChildRun> runs, List<Path> logs, Path startBarrier) {
        this.processes = processes;
        this.runs = runs;
        this.logs = logs;
        this.startBarrier = startBarrier;
    }

    /**
     * @param settings injector 0's settings, whose share says how many there are and when they start
     * @param simulation the simulation class this JVM runs
     * @param targets the targets this run launched, which the others load
     * @param knobs every container's knob names (and common names): not handed on
     * @param startBarrier where all of them meet before their load ({@link StartBarrier})
     */
    static LocalInjectors start(RunSettings settings, String simulation, List<URI> targets, String runId, Collection<String> knobs,
            Path startBarrier) throws IOException {
        Set<String> ours = new HashSet<>(knobs);
        RunProperties.ALL.forEach(property -> ours.add(property.name()));
        ours.addAll(List.of(RunProperties.CONTAINER_PROFILES, RunProperties.SETTINGS_FILE));
        List<String> jvm = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(argument -> !argument.startsWith("-D") || !ours.contains(argument.substring(2).split("=", 2)[0])).toList();
        InjectorShare share = settings.injectors();
        List<Process> processes = new ArrayList<>();
        List<ChildRun> runs = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        for (int index = 1; index < share.count(); index++) {
            ChildRun child = ChildRun.prepare(settings.loading(targets).asInjector(index, null), startBarrier);
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
            command.addAll(jvm);
            command.addAll(List.of("-D" + RunProperties.SETTINGS_FILE + "=" + child.settingsFile(),
                    "-cp", System.getProperty("java.class.path"), "io.gatling.app.Gatling", "-s", simulation,
                    "-rf", settings.gatlingResults().toString(), "-rd", "injector " + index + " of " + share.count() + " (" + runId + ")"));
            Path log = settings.benchmarksDir().resolve(runId + ".injector" + index + ".log");
            runs.add(child);
            logs.add(log);
            processes.add(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start());
        }
        System.out.println("container-bench: " + (share.count() - 1) + " more injector(s) started, logs in "
                + settings.benchmarksDir());
        LocalInjectors injectors = new LocalInjectors(processes, runs, logs, startBarrier);
        // From their start: Maven killed or Ctrl-C while this run still starts must stop them too.
        Runtime.getRuntime().addShutdownHook(new Thread(injectors::close, "injectors-stop"));
        return injectors;
    }

    /** Whether injector {@code index} (1 and on) has ended: its JVM exited. */
    boolean gone(int index) {
        return index > 0 && index <= processes.size() && !processes.get(index - 1).isAlive();
    }

    /**
     * Waits for every injector to end, up to {@code patience}, and reads the results each wrote
     * into the file claimed for it.
     *
     * @throws IllegalStateException naming the injector that did not end or wrote no results, with its log
     */
    private List<StoredRun> awaitResults(Duration patience) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        List<StoredRun> results = new ArrayList<>();
        for (int i = 0; i < processes.size(); i++) {
            Process process = processes.get(i);
            String injector = "injector " + (i + 1);
            if (!process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException(injector + " did not end " + patience.toSeconds() + " s after this one; its log: "
                        + logs.get(i));
            }
            StoredRun run = runs.get(i).results();
            if (run == null) {
                throw new IllegalStateException(injector + " wrote no results (exit status " + process.exitValue() + "); its log: "
                        + logs.get(i));
            }
            results.add(run);
        }
        return results;
    }

    /**
     * The other injectors' results merged with this one's, the merge written beside them and
     * reported; this one's own results when theirs cannot be had or merged.
     */
    StoredRun mergeWith(StoredRun mine, ResultsStore store) {
        try {
            List<StoredRun> all = new ArrayList<>(List.of(mine));
            all.addAll(awaitResults(Duration.ofSeconds(PATIENCE_SECONDS)));
            StoredRun merged = RunMerge.write(store, all, RunMerge.DEFAULT_TOLERANCE_MILLIS);
            System.out.println("\ncontainer-bench: " + all.size() + " injectors merged:");
            Publication.report(merged, System.out);
            return merged;
        } catch (IOException | RuntimeException e) {
            System.out.println("container-bench: WARNING no merged results: " + e.getMessage());
            return mine;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return mine;
        } finally {
            close();
        }
    }

    /** Stops every injector still running, and removes the folder where they met. */
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
        StartBarrier.remove(startBarrier);
    }
}
